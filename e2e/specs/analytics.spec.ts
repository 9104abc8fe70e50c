import type { BrowserContext, Page } from '@playwright/test';
import { ANALYTICS, COOKIE_ACCEPTED, STORAGE_KEYS, type AnalyticsEvent, type DailyCount } from '@tasko/shared/domain';
import { apiSession } from '../support/accounts.js';
import { expect, test } from '../support/test.js';

test.use({ siteEnv: { DEMO_DATA: 'off', ADMIN_EMAILS: 'admin@example.com', DEV_IDP: 'on' } });

const isEventsPost = (request: { url(): string; method(): string }) =>
  new URL(request.url()).pathname === '/api/v1/events' && request.method() === 'POST';

/** Every batch the browser sends to /api/v1/events (beacons sent as a page closes are not reported as requests). */
function recordBatches(context: BrowserContext): AnalyticsEvent[][] {
  const batches: AnalyticsEvent[][] = [];
  context.on('request', (request) => {
    if (isEventsPost(request)) batches.push((request.postDataJSON() as { events: AnalyticsEvent[] }).events);
  });
  return batches;
}

async function browseThreePages(page: Page): Promise<void> {
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'FAQ' }).click();
  await expect(page.getByRole('heading', { name: 'Frequently asked questions', level: 1 })).toBeVisible();
  await footer.getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL(/\/en\/blogs$/);
  await footer.getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/en\/contact$/);
}

const pageViews = (batch: AnalyticsEvent[] | undefined) => batch?.map((event) => [event.name, event.props.route]);

test.describe('analytics with consent', () => {
  test('sends nothing after "Decline"', async ({ page, context }) => {
    const batches = recordBatches(context);
    await page.goto('/en/about');
    await page.getByRole('region', { name: 'Cookie notice' }).getByRole('button', { name: 'Decline' }).click();
    await browseThreePages(page);

    // The barrier: consent stored afterwards in the same document (as "Accept" in another tab would store it)
    // queues one page view behind whatever the declined visit had queued, and events leave in order, so the
    // first batch to carry it comes no sooner than anything recorded before it. That batch is answered here,
    // not stored, so the next test's daily counts are of its own visit only.
    await page.route(
      (url) => url.pathname === '/api/v1/events',
      (route) => route.fulfill({ status: 202 }),
    );
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.cookieConsent, COOKIE_ACCEPTED] as const);
    const barrier = page.waitForRequest(isEventsPost, { timeout: ANALYTICS.flushIntervalMs + 5000 });
    await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/en\/about$/);
    await barrier;
    expect(batches.map(pageViews), 'only the page view after consent').toEqual([[['page_view', 'about']]]);
  });

  test('after "Accept", sends page views in one batch within 5 s, and the rest as the page closes', async ({ page, context, site }) => {
    const batches = recordBatches(context);
    await page.goto('/en/about');
    await page.getByRole('region', { name: 'Cookie notice' }).getByRole('button', { name: 'Accept' }).click();
    await browseThreePages(page);
    const first = await page.waitForRequest(isEventsPost, { timeout: ANALYTICS.flushIntervalMs + 5000 });
    expect((await first.response())?.status()).toBe(202);
    expect(batches, 'one batch for the four page views, not a request each').toHaveLength(1);
    expect(pageViews(batches[0])).toEqual([
      ['page_view', 'about'],
      ['page_view', 'faq'],
      ['page_view', 'blogs'],
      ['page_view', 'contact'],
    ]);
    expect(batches[0]?.every((event) => event.language === 'en' && !('email' in event))).toBe(true);

    await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/en\/about$/);
    const admin = await apiSession(page.request, site.origin, 'admin@example.com', 'Admin');
    const englishToday = async () => {
      const stats = await page.request.get('/api/v1/admin/stats', { headers: { authorization: `Bearer ${admin}` } });
      return ((await stats.json()) as { days: DailyCount[] }).days.find((day) => day.language === 'en');
    };
    expect(await englishToday(), 'stored: one visitor, four page views').toMatchObject({ visits: 1, pageViews: 4 });

    // Leaving the site: the page view still queued leaves by sendBeacon as the page goes away (beacons are
    // not reported to the test as requests, so the server's count shows it arrived).
    await page.goto('about:blank');
    await expect.poll(async () => (await englishToday())?.pageViews, { message: 'the beacon arrived', timeout: 5000 }).toBe(5);
  });
});
