import { Suspense, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate, useLocation } from '@tasko/shared/router';
import { isLoggedInAtom, loginTarget, retryFailedNamespaces, useLocalizedPath, type PageRoute } from '@tasko/shared';
import { RemoteErrorBoundary } from '../errors/RemoteErrorBoundary';
import { PageLoading, RemoteFailed } from '../errors/ErrorPanels';
import { failureKindOf, reportPageFailure } from '../releases/clientErrors';
import { moveOnAtNavigation, moveOnIfReleased } from '../releases/moveOn';
import { useTabRelease } from '../releases/tabReleases';
import { forgetRetries, retryRemotePage, remotePage } from './remotePage';

/** One route of the table: guarded when protected, loaded lazily from its remote, failing in place. */
export function RoutePage({ route }: { route: PageRoute }) {
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const location = useLocation();
  const localized = useLocalizedPath();
  // Bumped by "Try again": the boundary starts afresh around a new lazy page (the failed one keeps its error).
  const [attempt, setAttempt] = useState(0);
  const isGuarded = route.isProtected && !isLoggedIn;
  // Before the page's code is asked for: coming from another area, a remote released anew since the tab
  // loaded it moves on now (docs/releases.md). Idempotent, so a second render changes nothing.
  if (!isGuarded) moveOnAtNavigation(route.remote);
  // A new release of the remote (moved on here, from the notice or by "Try again") renders the page afresh.
  const release = useTabRelease(route.remote);

  if (isGuarded) {
    const target = loginTarget({ redirectTo: location.pathname + location.search });
    return <Navigate to={localized(target.to)} state={target.state} replace />;
  }

  const Page = remotePage(route);
  return (
    <RemoteErrorBoundary
      key={`${location.pathname}#${release}#${attempt}`}
      onFailure={(error) => reportPageFailure(route.remote, error)}
      onRetry={async (error) => {
        // A page fails for its code or for its texts: either is fetched again.
        retryFailedNamespaces();
        // A page that threw may have been fixed by a release since: that one is tried, from its first attempt.
        if (failureKindOf(error) === 'renderFailed' && (await moveOnIfReleased(route.remote))) forgetRetries(route);
        else retryRemotePage(route, error);
        setAttempt((n) => n + 1);
      }}
      fallback={(retry, error) => <RemoteFailed error={error} onRetry={retry} />}
    >
      <Suspense fallback={<PageLoading />}>
        {/* eslint-disable-next-line react-hooks/static-components -- not created here: remotePage keeps one lazy component per page across renders, replaced only after a failed load */}
        <Page />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
