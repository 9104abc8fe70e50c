import { Suspense, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate, useLocation } from '@tasko/shared/router';
import { isLoggedInAtom, loginTarget, retryFailedNamespaces, useLocalizedPath, type PageRoute } from '@tasko/shared';
import { RemoteErrorBoundary } from '../errors/RemoteErrorBoundary';
import { PageLoading, RemoteFailed } from '../errors/ErrorPanels';
import { retryRemotePage, remotePage } from './remotePage';

/** One route of the table: guarded when protected, loaded lazily from its remote, failing in place. */
export function RoutePage({ route }: { route: PageRoute }) {
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const location = useLocation();
  const localized = useLocalizedPath();
  // Bumped by "Try again": the boundary starts afresh around a new lazy page (the failed one keeps its error).
  const [attempt, setAttempt] = useState(0);

  if (route.isProtected && !isLoggedIn) {
    const target = loginTarget({ redirectTo: location.pathname + location.search });
    return <Navigate to={localized(target.to)} state={target.state} replace />;
  }

  const Page = remotePage(route);
  return (
    <RemoteErrorBoundary
      key={`${location.pathname}#${attempt}`}
      onRetry={(error) => {
        // A page fails for its code or for its texts: either is fetched again.
        retryFailedNamespaces();
        retryRemotePage(route, error);
        setAttempt((n) => n + 1);
      }}
      fallback={(retry) => <RemoteFailed onRetry={retry} />}
    >
      <Suspense fallback={<PageLoading />}>
        {/* eslint-disable-next-line react-hooks/static-components -- not created here: remotePage keeps one lazy component per page across renders, replaced only after a failed load */}
        <Page />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
