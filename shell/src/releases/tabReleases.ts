// The releases an open tab runs, and which of them the server has replaced since (docs/releases.md): a tab
// lives for hours, while each area is released on its own. The tab asks now and then; what it does with a
// stale area (move a remote on at the next navigation, load the next page in full for the shell) is the
// caller's, never done under the page on screen.
import { useSyncExternalStore } from 'react';
import {
  api,
  RELEASE_AREAS,
  RELEASE_CHECK_INTERVAL_MS,
  RELEASE_ZERO,
  REMOTE_NAMES,
  runtimeConfig,
  siteRemoteEntry,
  type CurrentReleases,
  type ReleaseArea,
  type RemoteName,
  type RemotesMap,
  type RuntimeConfig,
} from '@tasko/shared';

export interface TabReleasesState {
  /** The release of each area the tab runs: the page's, then the one a remote was moved on to. */
  running: Readonly<Record<ReleaseArea, string>>;
  /** Where the tab loads each remote's entry from now. */
  entries: Readonly<RemotesMap>;
  /** The server's last answer for this visitor (canary cookie included); null until the first check. */
  current: CurrentReleases | null;
}

/** An entry the tab has loaded a remote from: code of an earlier release can still run after a move. */
export interface KnownEntry {
  remote: RemoteName;
  entry: string;
  releaseId: string;
}

const isRemote = (area: ReleaseArea): area is RemoteName => area !== 'shell';

/** The areas whose current release is not the one the tab runs (a remote only once the server says where it is). */
export function staleAreasOf({ running, current }: TabReleasesState): ReleaseArea[] {
  if (!current) return [];
  return RELEASE_AREAS.filter((area) => {
    const currentId = current.releases[area];
    if (typeof currentId !== 'string' || currentId === running[area]) return false;
    return !isRemote(area) || typeof current.remotes[area] === 'string';
  });
}

function isCurrentReleases(answer: unknown): answer is CurrentReleases {
  if (typeof answer !== 'object' || answer === null) return false;
  const { releases, remotes } = answer as Partial<Record<keyof CurrentReleases, unknown>>;
  return typeof releases === 'object' && releases !== null && typeof remotes === 'object' && remotes !== null;
}

export interface TabReleasesOptions {
  /** What the server wrote into the page (read on first use, once the page's config is there). */
  page: () => Pick<RuntimeConfig, 'releases' | 'remotes'>;
  currentReleases: (signal?: AbortSignal) => Promise<CurrentReleases>;
}

export interface TabReleases {
  state: () => TabReleasesState;
  subscribe: (listener: () => void) => () => void;
  /** The release of the area the tab runs; release zero when the page did not say (a dev server). */
  releaseOf: (area: ReleaseArea) => string;
  entryOf: (remote: RemoteName) => string;
  knownEntries: () => readonly KnownEntry[];
  isStale: (area: ReleaseArea) => boolean;
  /** Asks the server, unless it was asked less than RELEASE_CHECK_INTERVAL_MS ago. A failed check changes nothing. */
  checkReleases: () => Promise<void>;
  /** Asks the server now ("Try again" after a page failed). */
  checkReleasesNow: (signal?: AbortSignal) => Promise<void>;
  /** The remote's current release becomes the tab's; its new entry, or null when it was not stale. */
  adopt: (remote: RemoteName) => string | null;
  /** Checks on a timer and when the visitor comes back to the tab; returns the stop. */
  start: () => () => void;
}

export function createTabReleases({ page, currentReleases }: TabReleasesOptions): TabReleases {
  let state: TabReleasesState | undefined;
  let known: KnownEntry[] = [];
  const listeners = new Set<() => void>();
  let isNotifyPending = false;
  let lastCheckAt = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let isStarted = false;

  function read(): TabReleasesState {
    if (!state) {
      const { releases, remotes } = page();
      state = {
        running: Object.fromEntries(RELEASE_AREAS.map((area) => [area, releases?.[area] ?? RELEASE_ZERO])) as Record<ReleaseArea, string>,
        entries: Object.fromEntries(REMOTE_NAMES.map((name) => [name, remotes?.[name] ?? siteRemoteEntry(name)])) as RemotesMap,
        current: null,
      };
      const first = state;
      known = REMOTE_NAMES.map((remote) => ({ remote, entry: first.entries[remote], releaseId: first.running[remote] }));
    }
    return state;
  }

  function update(next: TabReleasesState): void {
    state = next;
    // Told after the change, not during it: a remote moves on while a page renders, and React refuses a
    // component's update in the middle of another's render.
    if (isNotifyPending) return;
    isNotifyPending = true;
    void Promise.resolve().then(() => {
      isNotifyPending = false;
      for (const listener of [...listeners]) listener();
    });
  }

  function scheduleNext(): void {
    clearTimeout(timer);
    if (isStarted) timer = setTimeout(onTimer, RELEASE_CHECK_INTERVAL_MS);
  }

  async function ask(signal?: AbortSignal): Promise<void> {
    lastCheckAt = Date.now();
    scheduleNext();
    try {
      const answer = await currentReleases(signal);
      if (isCurrentReleases(answer)) update({ ...read(), current: answer });
    } catch {
      // Offline, or the API busy: the tab keeps what it runs, and the next check asks again.
    }
  }

  function checkReleases(): Promise<void> {
    if (Date.now() - lastCheckAt < RELEASE_CHECK_INTERVAL_MS) return Promise.resolve();
    return ask();
  }

  function onTimer(): void {
    // A hidden tab waits: coming back to it checks (visibilitychange), and a background tab costs nothing.
    if (document.visibilityState === 'hidden') scheduleNext();
    else void checkReleases();
  }

  const onFocus = () => void checkReleases();
  const onVisibilityChange = () => {
    if (document.visibilityState === 'visible') void checkReleases();
  };

  return {
    state: read,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    releaseOf: (area) => read().running[area],
    entryOf: (remote) => read().entries[remote],
    knownEntries() {
      read();
      return known;
    },
    isStale: (area) => staleAreasOf(read()).includes(area),
    checkReleases,
    checkReleasesNow: ask,
    adopt(remote) {
      const current = read();
      if (!current.current || !staleAreasOf(current).includes(remote)) return null;
      const releaseId = current.current.releases[remote];
      const entry = current.current.remotes[remote];
      known = [...known, { remote, entry, releaseId }];
      update({ ...current, running: { ...current.running, [remote]: releaseId }, entries: { ...current.entries, [remote]: entry } });
      return entry;
    },
    start() {
      isStarted = true;
      scheduleNext();
      window.addEventListener('focus', onFocus);
      document.addEventListener('visibilitychange', onVisibilityChange);
      return () => {
        isStarted = false;
        clearTimeout(timer);
        window.removeEventListener('focus', onFocus);
        document.removeEventListener('visibilitychange', onVisibilityChange);
      };
    },
  };
}

/** The tab's one record, from the page's config and `GET /releases/current`. */
export const tabReleases = createTabReleases({ page: runtimeConfig, currentReleases: (signal) => api.currentReleases(signal) });

/** Starts the periodic check (bootstrap). */
export function startReleaseChecks(): () => void {
  return tabReleases.start();
}

export function useTabReleases(): TabReleasesState {
  return useSyncExternalStore(tabReleases.subscribe, tabReleases.state);
}

/** The release of the area the tab runs; a page keyed on it starts afresh when its remote moves on. */
export function useTabRelease(area: ReleaseArea): string {
  return useSyncExternalStore(tabReleases.subscribe, () => tabReleases.releaseOf(area));
}
