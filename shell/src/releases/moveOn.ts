// A remote released anew moves on in place (docs/releases.md): registered at its new entry, its pages
// forgotten, the new release recorded as the tab's. Only when the visitor goes to one of its pages, asks for it
// (the notice's button) or tries a failed page again: never under the page on screen.
import type { ReleaseArea, RemoteName } from '@tasko/shared';
import { registerRemoteAgain } from '../app/remotes';
import { forgetRemotePages } from '../app/remotePage';
import { federationWatch } from '../app/federation';
import { loadDocument } from '../app/reloadPage';
import { hasUnsavedInput } from './unsavedInput';
import { tabReleases } from './tabReleases';

let isLeavingDocument = false;

/**
 * Moves the remote on to its current release; false when the tab already runs it (or keeps it, below).
 * A remote whose code already ran in this tab moves on with a new document: its chunks share one webpack
 * loading global and module ids with the next release's, so the new entry would pick up the old modules
 * (measured: the page stayed on the old text). That load waits while a form holds unsaved input.
 */
export function moveRemoteOn(remote: RemoteName, { isAsked = false } = {}): boolean {
  if (federationWatch.hasContainerStarted(remote)) {
    if (!tabReleases.isStale(remote) || (!isAsked && hasUnsavedInput())) return false;
    // Renders that come before the browser leaves the document ask once.
    if (!isLeavingDocument) loadDocument(window.location.pathname + window.location.search + window.location.hash);
    isLeavingDocument = true;
    return true;
  }
  if (!tabReleases.adopt(remote)) return false;
  registerRemoteAgain(remote);
  forgetRemotePages(remote);
  return true;
}

/** The area of the page the visitor last saw (the route's remote, the shell for a page outside the table). */
let areaOnScreen: ReleaseArea | null = null;

/** Called once a location is on screen (useReleasesOnNavigation). */
export function noteAreaOnScreen(area: ReleaseArea): void {
  areaOnScreen = area;
}

/**
 * Before a page of the remote renders: a navigation into the remote from another area (or the first page)
 * takes its new release. Within the remote the visitor stays on the release on screen; the notice offers it.
 */
export function moveOnAtNavigation(remote: RemoteName): void {
  if (areaOnScreen !== remote) moveRemoteOn(remote);
}

/** How long "Try again" waits for the server's answer before it renders the page again as it is. */
export const RETRY_RELEASE_CHECK_MS = 5_000;

/** "Try again" after a page threw: asks which release is current, and moves the remote on if it changed. */
export async function moveOnIfReleased(remote: RemoteName): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), RETRY_RELEASE_CHECK_MS);
  try {
    await tabReleases.checkReleasesNow(controller.signal);
  } finally {
    clearTimeout(timer);
  }
  return moveRemoteOn(remote, { isAsked: true });
}
