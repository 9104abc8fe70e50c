import { loadFresh } from '../../test/isolated';
import { ANALYTICS, COOKIE_ACCEPTED } from '../domain/analytics';
import { STORAGE_KEYS } from '../domain/storageKeys';
import type { AnalyticsEvent } from '../domain/analytics';

const sendEvents = jest.fn<Promise<void>, [AnalyticsEvent[]]>();
jest.mock('../api/client', () => ({ api: { sendEvents: (events: AnalyticsEvent[]) => sendEvents(events) } }));

/** A fresh copy of the module, as after a page reload. */
function load(): typeof import('./analytics') {
  return loadFresh(() => jest.requireActual<typeof import('./analytics')>('./analytics'));
}

const accept = () => localStorage.setItem(STORAGE_KEYS.cookieConsent, COOKIE_ACCEPTED);
const flushPromises = () => new Promise((resolve) => jest.requireActual<typeof import('timers')>('timers').setImmediate(resolve));

beforeEach(() => {
  localStorage.clear();
  sendEvents.mockReset().mockResolvedValue(undefined);
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

describe('analytics', () => {
  it('records nothing before the cookie banner is accepted', async () => {
    const analytics = load();
    analytics.track('page_view', { route: 'home' });
    jest.advanceTimersByTime(ANALYTICS.flushIntervalMs * 2);
    await flushPromises();
    expect(sendEvents).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.analyticsVisitor)).toBeNull();
  });

  it('sends a batch every 5 s, without the query string and with a random browser id', async () => {
    accept();
    window.history.pushState({}, '', '/he/tasks?q=dana');
    const analytics = load();
    analytics.track('search', { category: 'all', hasText: true });
    analytics.track('page_view', { route: 'tasks' });
    jest.advanceTimersByTime(ANALYTICS.flushIntervalMs - 1);
    await flushPromises();
    expect(sendEvents).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    await flushPromises();
    expect(sendEvents).toHaveBeenCalledTimes(1);
    const [batch] = sendEvents.mock.calls[0] ?? [];
    expect(batch?.map((e) => e.name)).toEqual(['search', 'page_view']);
    expect(batch?.[0]?.path).toBe('/he/tasks');
    expect(batch?.[0]?.visitorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(batch?.[0]?.props).toEqual({ category: 'all', hasText: true });
  });

  it('sends at once when 50 are waiting, never more than 50 in a request', async () => {
    accept();
    const analytics = load();
    for (let i = 0; i < 49; i += 1) analytics.track('search');
    await flushPromises();
    expect(sendEvents).not.toHaveBeenCalled();
    for (let i = 0; i < 71; i += 1) analytics.track('search');
    for (let i = 0; i < 3; i += 1) await flushPromises();
    expect(sendEvents.mock.calls.map(([batch]) => batch.length)).toEqual([50, 50, 20]);
  });

  it('keeps a batch that failed and sends it with the next', async () => {
    accept();
    const analytics = load();
    sendEvents.mockRejectedValueOnce(new Error('offline'));
    analytics.track('search');
    jest.advanceTimersByTime(ANALYTICS.flushIntervalMs);
    await flushPromises();
    analytics.track('publish');
    jest.advanceTimersByTime(ANALYTICS.flushIntervalMs);
    await flushPromises();
    expect(sendEvents.mock.calls.map(([batch]) => batch.map((e) => e.name))).toEqual([['search'], ['search', 'publish']]);
  });

  it('hands the rest to sendBeacon when the page is hidden', async () => {
    accept();
    const beacon = jest.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    const analytics = load();
    analytics.track('page_view', { route: 'faq' });
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, body] = beacon.mock.calls[0] as unknown as [string, Blob];
    expect(url).toBe('/api/v1/events');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(body);
    });
    expect((JSON.parse(text) as { events: unknown[] }).events).toHaveLength(1);
    jest.advanceTimersByTime(ANALYTICS.flushIntervalMs);
    await flushPromises();
    expect(sendEvents).not.toHaveBeenCalled();
  });

  it('forgets the queue and the browser id at logout', async () => {
    accept();
    const analytics = load();
    analytics.track('search');
    const firstId = localStorage.getItem(STORAGE_KEYS.analyticsVisitor);
    analytics.clearAnalyticsIdentity();
    expect(localStorage.getItem(STORAGE_KEYS.analyticsVisitor)).toBeNull();
    analytics.track('page_view');
    jest.advanceTimersByTime(ANALYTICS.flushIntervalMs);
    await flushPromises();
    const [batch] = sendEvents.mock.calls[0] ?? [];
    expect(batch?.map((e) => e.name)).toEqual(['page_view']);
    expect(batch?.[0]?.visitorId).not.toBe(firstId);
  });
});
