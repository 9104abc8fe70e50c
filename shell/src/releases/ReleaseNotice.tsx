import { useState } from 'react';
import { useLocation } from '@tasko/shared/router';
import { useTranslation } from '@tasko/shared';
import { reloadPage } from '../app/reloadPage';
import { routeAt } from './areas';
import { moveRemoteOn } from './moveOn';
import { staleAreasOf, useTabReleases } from './tabReleases';

/** The page's focus after the notice goes away: the main content it sat above, not the document's start. */
function focusMain(): void {
  document.getElementById('main')?.focus({ preventScroll: true });
}

/**
 * "This page has a new version" (docs/releases.md), when the release of the page on screen (its route's remote)
 * or of the shell has been replaced since the tab loaded it. Said politely, in a live region that is always
 * there; the page changes only when the visitor asks: a remote moves on in place (its page renders anew), the
 * shell reloads. Closed, it stays away until the next release.
 */
export function ReleaseNotice() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const releases = useTabReleases();
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);

  const pageArea = routeAt(pathname)?.remote ?? null;
  const shown = staleAreasOf(releases).filter((area) => area === 'shell' || area === pageArea);
  // What the notice is about: a release after the one closed brings it back.
  const about = shown.map((area) => `${area}:${releases.current?.releases[area] ?? ''}`).join(' ');
  const isShown = shown.length > 0 && about !== dismissedFor;

  // The shell's new release needs a new document; a remote's moves on in place and its page renders anew.
  const reload = () => {
    if (shown.includes('shell') || !pageArea) {
      reloadPage();
      return;
    }
    moveRemoteOn(pageArea, { isAsked: true });
    focusMain();
  };

  return (
    <div className={isShown ? 'release-notice' : 'release-notice release-notice--idle'}>
      <p role="status" className="release-notice__text">
        {isShown ? t('releaseNotice.body') : null}
      </p>
      {isShown && (
        <div className="release-notice__actions">
          <button type="button" className="button button--primary" onClick={reload}>
            {t('releaseNotice.reload')}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => {
              setDismissedFor(about);
              focusMain();
            }}
          >
            {t('releaseNotice.close')}
          </button>
        </div>
      )}
    </div>
  );
}
