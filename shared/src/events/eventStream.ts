import { api } from '../api/client';
import { toApiError } from '../api/apiError';
import { authStore, type StoredUser } from '../auth/authStore';
import { runtimeConfig } from '../config/runtimeConfig';
import { DEAL_EVENT_TYPES, type DealEventMap, type DealEventType } from '../domain/deal';
import { STORAGE_KEYS } from '../domain/storageKeys';
import { unreadTotalAtom, userEvents } from './userEvents';

// The member's live events (docs/deal.md, "Live updates in the browser"): one EventSource per browser, in the
// tab that holds the `tasko-events` lock, forwarded to the other tabs over a BroadcastChannel. A chunk of its
// own, loaded by `startLiveUpdates` once a signed-in page is idle.

/** The lock the leader holds and the channel it forwards on: one name for both. */
export const EVENTS_CHANNEL = 'tasko-events';
/** The longest wait between two attempts; each failure doubles it from one second, with jitter. */
export const MAX_RETRY_DELAY_MS = 30_000;
/** A connection that stayed open this long was a good one: the next failure waits from one second again. */
const STABLE_CONNECTION_MS = 30_000;

/** What the stream uses of an `EventSource`. */
export interface StreamSource {
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

/** What the stream uses of a `BroadcastChannel`. */
export interface TabChannel {
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  postMessage(message: unknown): void;
  close(): void;
}

/** The browser's parts the stream needs, each absent where the browser lacks it; tests pass fakes. */
export interface StreamBrowser {
  EventSource?: new (url: string) => StreamSource;
  locks?: { request(name: string, options: { signal: AbortSignal }, granted: () => Promise<void>): Promise<unknown> };
  BroadcastChannel?: new (name: string) => TabChannel;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  /** For the jitter: Math.random. */
  random?: () => number;
}

/** The two calls the stream makes to the API (`api.deal`), replaceable in tests. */
export interface StreamServer {
  ticket(): Promise<string>;
  unreadTotal(): Promise<number>;
}

/** What one tab tells the others. `user` keeps a message meant for another account out of this one. */
type TabMessage =
  | { kind: 'event'; user: string; type: DealEventType; data: unknown }
  | { kind: 'unreadTotal'; user: string; total: number }
  | { kind: 'hello'; user: string };

function browserParts(): StreamBrowser {
  const parts: StreamBrowser = { random: Math.random };
  if (typeof EventSource === 'function') parts.EventSource = EventSource;
  if (typeof BroadcastChannel === 'function') parts.BroadcastChannel = BroadcastChannel;
  if (typeof navigator !== 'undefined' && navigator.locks) parts.locks = navigator.locks;
  try {
    parts.storage = window.localStorage;
  } catch {
    // Storage blocked: a new leader starts from now instead of from the last event seen.
  }
  return parts;
}

const apiServer: StreamServer = {
  ticket: () => api.deal.eventsTicket(),
  unreadTotal: () => api.deal.conversations().then((answer) => answer.unreadTotal),
};

/** Whose events these are: the stored user's id, or their email in a session stored before ids were sent. */
export function eventUserKey(user: StoredUser): string {
  return String(user.info.id ?? user.info.email);
}

/** The wait before attempt `failures` + 1: up to 1 s, 2 s, 4 s … 30 s, each between half and all of it. */
export function retryDelay(failures: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_RETRY_DELAY_MS, 1000 * 2 ** failures);
  return Math.round(ceiling * (0.5 + random() / 2));
}

function isTabMessage(value: unknown): value is TabMessage {
  if (!value || typeof value !== 'object') return false;
  const message = value as Partial<TabMessage>;
  if (typeof message.user !== 'string') return false;
  if (message.kind === 'event') return (DEAL_EVENT_TYPES as readonly unknown[]).includes(message.type);
  if (message.kind === 'unreadTotal') return typeof message.total === 'number';
  return message.kind === 'hello';
}

/**
 * Feeds `userEvents` and `unreadTotalAtom` in this tab for `user` until the returned function is called (on
 * sign-out). Every failure (no ticket, a dropped stream, an API that does not answer) only delays: the page
 * never sees one.
 */
export function startEventStream(user: StoredUser, options: { browser?: StreamBrowser; server?: StreamServer } = {}): () => void {
  const browser = options.browser ?? browserParts();
  const server = options.server ?? apiServer;
  const random = browser.random ?? Math.random;
  const userKey = eventUserKey(user);
  // Without both, the tabs cannot agree on one leader and hear it: each opens its own stream.
  const isShared = !!browser.locks && !!browser.BroadcastChannel;
  const channel = isShared && browser.BroadcastChannel ? new browser.BroadcastChannel(EVENTS_CHANNEL) : undefined;
  const lockRequest = new AbortController();

  let isRunning = true;
  let isLeader = false;
  let source: StreamSource | undefined;
  let openedAt: number | undefined;
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let unreadRetryTimer: ReturnType<typeof setTimeout> | undefined;
  let releaseLock: (() => void) | undefined;
  /** Counts `unread` events in this tab: an answer asked for before the latest one is older than it. */
  let unreadEvents = 0;

  const post = (message: TabMessage) => {
    try {
      channel?.postMessage(message);
    } catch {
      // A closed channel (the tab is going away): the other tabs' leader takes over.
    }
  };

  const setUnreadTotal = (total: number) => authStore.set(unreadTotalAtom, total);

  /** One event in this tab: the badge's total, then the page's listeners. A listener's error is the page's, not the stream's. */
  const deliver = (type: DealEventType, data: unknown) => {
    if (type === 'unread') {
      unreadEvents += 1;
      const unreadTotal = (data as Partial<DealEventMap['unread']> | null)?.unreadTotal;
      if (typeof unreadTotal === 'number') setUnreadTotal(unreadTotal);
    }
    try {
      userEvents.emit(type, data as DealEventMap[typeof type]);
    } catch (error) {
      globalThis.reportError?.(error);
    }
  };

  const readLastEventId = (): string | undefined => {
    try {
      const stored = JSON.parse(browser.storage?.getItem(STORAGE_KEYS.lastEventId) ?? 'null') as { user?: unknown; id?: unknown } | null;
      return stored?.user === userKey && typeof stored.id === 'string' ? stored.id : undefined;
    } catch {
      return undefined;
    }
  };

  const writeLastEventId = (id: string) => {
    try {
      browser.storage?.setItem(STORAGE_KEYS.lastEventId, JSON.stringify({ user: userKey, id }));
    } catch {
      // Storage full or blocked: a new leader resumes from an older id and the pages hear some events twice.
    }
  };

  /**
   * The total the badge starts from, asked of the API by the leader at each connection and given to every tab:
   * the stream then tells each change. Asked again after a failure, until the next connection asks anyway.
   */
  const refreshUnreadTotal = (attempt = 0) => {
    clearTimeout(unreadRetryTimer);
    const eventsBefore = unreadEvents;
    server.unreadTotal().then(
      (total) => {
        if (!isRunning || unreadEvents !== eventsBefore) return;
        setUnreadTotal(total);
        post({ kind: 'unreadTotal', user: userKey, total });
      },
      () => {
        if (isRunning) unreadRetryTimer = setTimeout(() => refreshUnreadTotal(attempt + 1), retryDelay(attempt, random));
      },
    );
  };

  const onStreamEvent = (type: DealEventType, event: MessageEvent<string>) => {
    if (!isRunning) return;
    let data: unknown;
    try {
      data = JSON.parse(event.data);
    } catch {
      return;
    }
    deliver(type, data);
    post({ kind: 'event', user: userKey, type, data });
    // After the other tabs have it: a leader that dies between the two makes the next one repeat an event, never miss it.
    // A `resync`'s id is the newest event's: the pages reload what they show, so the backlog is never replayed again.
    if (event.lastEventId) writeLastEventId(event.lastEventId);
    // More was missed than the server replays, `unread` events among it: the total is asked again, as at connection.
    if (type === 'resync') refreshUnreadTotal();
  };

  const closeSource = () => {
    if (!source) return;
    source.onopen = null;
    source.onerror = null;
    source.close();
    source = undefined;
  };

  const connect = async (): Promise<void> => {
    retryTimer = undefined;
    const EventSourceOf = browser.EventSource;
    if (!isRunning || !EventSourceOf) return;
    let ticket: string;
    try {
      ticket = await server.ticket();
    } catch (error) {
      // 401: the session is over (the client signs out, which stops this); 403: no confirmed age yet.
      // Neither improves by asking again; anything else (offline, a restarting API) is tried again later.
      const { statusCode } = toApiError(error);
      if (statusCode !== 401 && statusCode !== 403) retryLater();
      return;
    }
    if (!isRunning) return;
    const query = new URLSearchParams({ ticket });
    const lastEventId = readLastEventId();
    if (lastEventId) query.set('lastEventId', lastEventId);
    // The ticket is in the URL because EventSource sends no Authorization header; it is single use, so the
    // browser's own reconnection (same URL) would be refused: every error closes, and a new ticket reconnects.
    let opened: StreamSource;
    try {
      opened = new EventSourceOf(`${runtimeConfig().apiOrigin ?? ''}/api/v1/me/events?${query.toString()}`);
    } catch {
      // A URL the browser refuses (a misconfigured API origin): tried again, slower and slower.
      retryLater();
      return;
    }
    source = opened;
    opened.onopen = () => {
      openedAt = Date.now();
      refreshUnreadTotal();
    };
    opened.onerror = () => {
      if (source !== opened) return;
      closeSource();
      if (openedAt !== undefined && Date.now() - openedAt >= STABLE_CONNECTION_MS) failures = 0;
      openedAt = undefined;
      retryLater();
    };
    for (const type of DEAL_EVENT_TYPES) opened.addEventListener(type, (event) => onStreamEvent(type, event));
  };

  const retryLater = () => {
    if (!isRunning) return;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void connect(), retryDelay(failures, random));
    failures += 1;
  };

  // Back online: no need to wait out the backoff.
  const onOnline = () => {
    if (!isLeader || !retryTimer) return;
    clearTimeout(retryTimer);
    void connect();
  };

  const lead = () => {
    isLeader = true;
    if (typeof window !== 'undefined') window.addEventListener('online', onOnline);
    void connect();
  };

  if (channel) {
    channel.onmessage = ({ data: message }) => {
      if (!isRunning || !isTabMessage(message) || message.user !== userKey) return;
      if (message.kind === 'event') deliver(message.type, message.data);
      else if (message.kind === 'unreadTotal') setUnreadTotal(message.total);
      else if (isLeader) {
        // A tab that just opened: it hears the events from now on, and the total it starts from.
        const total = authStore.get(unreadTotalAtom);
        if (total !== null) post({ kind: 'unreadTotal', user: userKey, total });
      }
    };
    post({ kind: 'hello', user: userKey });
  }

  if (isShared && browser.locks) {
    const { locks } = browser;
    // Held for as long as this tab follows this user: the browser gives it to the next tab when this one closes.
    const leadWhileHeld = () => {
      if (!isRunning) return Promise.resolve();
      lead();
      return new Promise<void>((resolve) => {
        releaseLock = resolve;
      });
    };
    // Aborted while waiting (sign-out), or a document that may not take locks (a sandboxed frame): this tab
    // stays a follower, hearing whichever tab leads.
    try {
      locks.request(EVENTS_CHANNEL, { signal: lockRequest.signal }, leadWhileHeld).catch(() => undefined);
    } catch {
      // As above, thrown at once instead of rejected.
    }
  } else {
    lead();
  }

  return () => {
    if (!isRunning) return;
    isRunning = false;
    clearTimeout(retryTimer);
    clearTimeout(unreadRetryTimer);
    closeSource();
    if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
    lockRequest.abort();
    releaseLock?.();
    if (channel) {
      channel.onmessage = null;
      channel.close();
    }
  };
}
