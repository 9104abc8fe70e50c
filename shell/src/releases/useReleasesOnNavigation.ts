import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from '@tasko/shared/router';
import { loadDocument } from '../app/reloadPage';
import { routeAt } from './areas';
import { noteAreaOnScreen } from './moveOn';
import { tellPageLoads } from './pageLoads';
import { tabReleases } from './tabReleases';
import { forgetUnsavedInput, hasUnsavedInput, watchUnsavedInput } from './unsavedInput';

/**
 * The layout's side of releases at each location the visitor goes to (docs/releases.md): the area now on
 * screen (a remote moves on only at a navigation into it), the unsaved input of the page left behind, and a
 * stale shell, which the shell cannot swap in place: the new location is loaded in full instead. Unless the
 * visitor typed into the page they left (their input would go with the document), or the navigation carries
 * state only this document holds (a notice the page after a publication shows once): then it stays in place
 * and the notice stays up.
 */
export function useReleasesOnNavigation(): void {
  const location = useLocation();
  const shownKey = useRef<string | null>(null);

  useEffect(() => watchUnsavedInput(), []);

  // Before paint: a full load replaces the page before the in-app one is seen.
  useLayoutEffect(() => {
    if (shownKey.current === location.key) return;
    const isFirst = shownKey.current === null;
    shownKey.current = location.key;
    const area = routeAt(location.pathname)?.remote ?? 'shell';
    noteAreaOnScreen(area);
    // A page of another area in this document: a load of that area's release, if the tab still runs the page's.
    tellPageLoads([area]);
    if (isFirst) return;
    const hadUnsavedInput = hasUnsavedInput();
    forgetUnsavedInput();
    if (tabReleases.isStale('shell') && !hadUnsavedInput && location.state == null) {
      loadDocument(location.pathname + location.search + location.hash);
    }
  }, [location]);
}
