import { getInstance, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_NAMES, runtimeConfig, siteRemoteEntry, type RemoteName } from '@tasko/shared';

/** The server's map, or the site's own folders when it injected none (e.g. the shell's own dev server). */
function entryOf(name: RemoteName): string {
  return runtimeConfig().remotes?.[name] ?? siteRemoteEntry(name);
}

/** Registers where each remote lives, read at run time: no remote URL is baked into the shell build. */
export function registerRemotesFromPage(): void {
  registerRemotes(REMOTE_NAMES.map((name) => ({ name, entry: entryOf(name) })));
}

/**
 * Whether a remote's entry has loaded in this page. The federation runtime keeps a failed entry load (even
 * registered anew, it answers from its caches), so "Try again" for a remote that never loaded reloads the
 * page, while a loaded remote only asks for its page again.
 */
export function hasRemoteEntryLoaded(name: RemoteName): boolean {
  return Boolean(getInstance()?.moduleCache.get(name)?.remoteEntryExports);
}
