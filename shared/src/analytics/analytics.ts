import { ANALYTICS, COOKIE_ACCEPTED, type AnalyticsEvent, type AnalyticsEventName, type AnalyticsProps } from '../domain/analytics';
import { STORAGE_KEYS } from '../domain/storageKeys';
import { registerSignOutHooks } from '../auth/authStore';
import { api } from '../api/client';
import { runtimeConfig } from '../config/runtimeConfig';
import { i18n } from '../i18n/i18n';

// First-party analytics with consent: events wait in memory and leave in batches of 50 or every 5 s, and by
// sendBeacon when the page is hidden. Until the visitor accepts the cookie banner nothing is recorded at all.

let queue: AnalyticsEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let visitorId: string | undefined;
let isFlushing = false;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The cookie banner's stored answer (`COOKIE_ACCEPTED`, `COOKIE_DECLINED`), or null before any. */
export function storedConsent(): string | null {
  return read(STORAGE_KEYS.cookieConsent);
}

export function hasAnalyticsConsent(): boolean {
  return storedConsent() === COOKIE_ACCEPTED;
}

function currentVisitorId(): string {
  visitorId ??= read(STORAGE_KEYS.analyticsVisitor) ?? undefined;
  if (!visitorId) {
    visitorId = crypto.randomUUID();
    try {
      localStorage.setItem(STORAGE_KEYS.analyticsVisitor, visitorId);
    } catch {
      // Storage blocked: the id lives for this page only.
    }
  }
  return visitorId;
}

function clip(props: AnalyticsProps): AnalyticsProps {
  const clipped: AnalyticsProps = {};
  for (const [key, value] of Object.entries(props).slice(0, ANALYTICS.maxProps)) {
    clipped[key] = typeof value === 'string' ? value.slice(0, ANALYTICS.maxPropLength) : value;
  }
  return clipped;
}

function schedule(): void {
  timer ??= setTimeout(() => {
    timer = undefined;
    void flushAnalytics();
  }, ANALYTICS.flushIntervalMs);
}

/** Records an event if the visitor has accepted analytics; otherwise does nothing at all. */
export function track(name: AnalyticsEventName, props: AnalyticsProps = {}): void {
  if (typeof window === 'undefined' || !hasAnalyticsConsent()) return;
  queue.push({
    name,
    language: i18n.language,
    path: window.location.pathname.slice(0, ANALYTICS.maxPathLength),
    props: clip(props),
    visitorId: currentVisitorId(),
    at: new Date().toISOString(),
  });
  if (queue.length > ANALYTICS.maxQueued) queue = queue.slice(-ANALYTICS.maxQueued);
  if (queue.length >= ANALYTICS.batchSize) void flushAnalytics();
  else schedule();
}

/** Sends what is queued, 50 at a time; a batch that fails goes back to the queue for the next attempt. */
export async function flushAnalytics(): Promise<void> {
  if (isFlushing || !queue.length) return;
  isFlushing = true;
  try {
    while (queue.length) {
      const batch = queue.splice(0, ANALYTICS.batchSize);
      try {
        await api.sendEvents(batch);
      } catch {
        queue = [...batch, ...queue].slice(-ANALYTICS.maxQueued);
        schedule();
        return;
      }
    }
  } finally {
    isFlushing = false;
  }
}

/** The page is going away: hand the rest to the browser, which sends it even after the page is gone. */
function beaconRest(): void {
  if (!queue.length || typeof navigator.sendBeacon !== 'function') return;
  const url = `${runtimeConfig().apiOrigin ?? ''}/api/v1/events`;
  while (queue.length) {
    const batch = queue.splice(0, ANALYTICS.batchSize);
    navigator.sendBeacon(url, new Blob([JSON.stringify({ events: batch })], { type: 'application/json' }));
  }
}

/**
 * Logout (docs/product.md#accounts-and-sign-in): forget the queue and this browser's id, so what follows is not
 * tied to the user.
 */
export function clearAnalyticsIdentity(): void {
  queue = [];
  visitorId = undefined;
  try {
    localStorage.removeItem(STORAGE_KEYS.analyticsVisitor);
  } catch {
    // Nothing stored to forget.
  }
}

if (typeof window !== 'undefined') {
  registerSignOutHooks({ clearAnalyticsIdentity });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') beaconRest();
  });
  window.addEventListener('pagehide', beaconRest);
}
