import { registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_NAMES, type RemoteName } from '@tasko/shared';
import { tabReleases } from '../releases/tabReleases';

/**
 * Where the tab loads the remote from now: the server's map in the page (or the site's own folders when it
 * injected none, e.g. the shell's own dev server), then the entry of the release it was moved on to.
 */
function entryOf(name: RemoteName): string {
  return tabReleases.entryOf(name);
}

/** Registers where each remote lives, read at run time: no remote URL is baked into the shell build. */
export function registerRemotesFromPage(): void {
  registerRemotes(REMOTE_NAMES.map((name) => ({ name, entry: entryOf(name) })));
}

/**
 * Registers a remote anew so that its next load fetches its entry again: `force` drops whatever the runtime
 * kept of the remote (module-federation.io, guide/runtime/runtime-api, registerRemotes). For a remote whose
 * container never started, and for one moved on to a new release (at the tab's new entry for it); it warns
 * in the console that it overrides a registered remote.
 */
export function registerRemoteAgain(name: RemoteName): void {
  registerRemotes([{ name, entry: entryOf(name) }], { force: true });
}

/**
 * Whether this page's HTML hinted the remote's files (a `<link rel="preload">` under the remote's folder, as the
 * server writes for the first page). Chromium keeps a failed preload's answer for the life of the document:
 * measured, a retry in place asks again for the entry (registered anew) but the page's stylesheet fails at once
 * without leaving the browser. Such a remote is retried with a reload.
 */
export function isHintedByPage(name: RemoteName): boolean {
  const folder = new URL('.', new URL(entryOf(name), window.location.href)).href;
  return [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].some((link) => link.href.startsWith(folder));
}
