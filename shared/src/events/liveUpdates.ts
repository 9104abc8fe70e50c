import { authStore, userAtom, type StoredUser } from '../auth/authStore';
import { unreadTotalAtom } from './userEvents';

/**
 * The stream's code, a chunk of its own (docs/deal.md, "Live updates in the browser"): only a signed-in
 * member's page downloads it, and only once the page is idle, so it is never part of a first visit.
 */
const loadEventStream = () => import(/* webpackChunkName: "event-stream" */ './eventStream');

/** How long a busy page may put the stream off before it starts anyway. */
const IDLE_TIMEOUT_MS = 3000;

/** Runs `task` when the browser has nothing better to do; returns how to cancel it. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(id);
  }
  // Safari has no requestIdleCallback: after the current work, a moment later.
  const id = setTimeout(task, 1000);
  return () => clearTimeout(id);
}

/**
 * One session of the stream per signed-in member whose age is confirmed (the API refuses the others): a new
 * session when another member signs in, or when this one confirms their age.
 */
function sessionKeyOf(user: StoredUser | null): string | null {
  if (!user || user.info.ageConfirmed === false) return null;
  return `${user.info.id ?? user.info.email}:${user.info.ageConfirmed ?? ''}`;
}

/**
 * Keeps the member's live events (`userEvents`, `unreadTotalAtom`) coming while someone is signed in, in
 * every tab, through one stream per browser; stops at sign-out. The shell calls it once the page is up.
 * Returns how to stop following the sign-in.
 */
export function startLiveUpdates(): () => void {
  let sessionKey: string | null = null;
  let stopSession: (() => void) | undefined;

  const follow = () => {
    const user = authStore.get(userAtom);
    const key = sessionKeyOf(user);
    if (key === sessionKey) return;
    sessionKey = key;
    stopSession?.();
    stopSession = undefined;
    authStore.set(unreadTotalAtom, null);
    if (!user || key === null) return;

    let isStopped = false;
    let stopStream: (() => void) | undefined;
    const cancelIdle = whenIdle(() => {
      loadEventStream()
        .then(({ startEventStream }) => {
          if (!isStopped) stopStream = startEventStream(user);
        })
        // The chunk did not arrive (offline, a deploy in between): the badge waits for the next page load.
        .catch(() => undefined);
    });
    stopSession = () => {
      isStopped = true;
      cancelIdle();
      stopStream?.();
    };
  };

  follow();
  const unsubscribe = authStore.sub(userAtom, follow);
  return () => {
    unsubscribe();
    sessionKey = null;
    stopSession?.();
    stopSession = undefined;
  };
}
