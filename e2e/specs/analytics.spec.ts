import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { ANALYTICS, type AnalyticsEvent, type DailyCount } from '@tasko/shared/domain';
import { apiSession } from '../support/accounts.js';
import { newPage, useSiteAndBrowser } from '../support/site.js';

const running = useSiteAndBrowser({ DEMO_DATA: 'off', ADMIN_EMAILS: 'admin@example.com', DEV_IDP: 'on' });

/** Every batch the browser sends to /api/v1/events (beacons sent as a page closes included). */
function recordBatches(context: BrowserContext): AnalyticsEvent[][] {
  const batches: AnalyticsEvent[][] = [];
  context.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/v1/events' && request.method() === 'POST') {
      batches.push((request.postDataJSON() as { events: AnalyticsEvent[] }).events);
    }
  });
  return batches;
}

async function browseThreePages(page: Page): Promise<void> {
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'FAQ' }).click();
  await page.getByRole('heading', { name: 'Frequently asked questions', level: 1 }).waitFor();
  await footer.getByRole('link', { name: 'Blog' }).click();
  await page.waitForURL(/\/en\/blogs$/);
  await footer.getByRole('link', { name: 'Contact' }).click();
  await page.waitForURL(/\/en\/contact$/);
}

describe('analytics with consent', () => {
  it('sends nothing after "Decline"', async () => {
    const { page, context } = await newPage(running.browser);
    try {
      const batches = recordBatches(context);
      await page.goto(`${running.site.origin}/en/about`);
      await page.getByRole('region', { name: 'Cookie notice' }).getByRole('button', { name: 'Decline' }).click();
      await browseThreePages(page);
      await page.waitForTimeout(ANALYTICS.flushIntervalMs + 1500);
      await page.goto('about:blank');
      assert.deepEqual(batches, []);
    } finally {
      await context.close();
    }
  });

  it('after "Accept", sends page views in one batch within 5 s, and the rest as the page closes', async () => {
    const { page, context } = await newPage(running.browser);
    try {
      const batches = recordBatches(context);
      await page.goto(`${running.site.origin}/en/about`);
      await page.getByRole('region', { name: 'Cookie notice' }).getByRole('button', { name: 'Accept' }).click();
      await browseThreePages(page);
      const first = await page.waitForRequest((r) => r.url().endsWith('/api/v1/events'), { timeout: ANALYTICS.flushIntervalMs + 5000 });
      assert.equal((await first.response())?.status(), 202);
      assert.equal(batches.length, 1, 'one batch for the four page views, not a request each');
      assert.deepEqual(
        batches[0]?.map((e) => [e.name, e.props.route]),
        [
          ['page_view', 'about'],
          ['page_view', 'faq'],
          ['page_view', 'blogs'],
          ['page_view', 'contact'],
        ],
      );
      assert.ok(batches[0]?.every((e) => e.language === 'en' && !('email' in e)));

      await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
      await page.waitForURL(/\/en\/about$/);
      const admin = await apiSession(page.request, running.site.origin, 'admin@example.com', 'Admin');
      const englishToday = async () => {
        const stats = await page.request.get(`${running.site.origin}/api/v1/admin/stats`, {
          headers: { authorization: `Bearer ${admin}` },
        });
        return ((await stats.json()) as { days: DailyCount[] }).days.find((d) => d.language === 'en');
      };
      assert.deepEqual(
        await englishToday(),
        { ...(await englishToday()), visits: 1, pageViews: 4 },
        'stored: one visitor, four page views',
      );

      // Leaving the site: the page view still queued leaves by sendBeacon as the page goes away (beacons are
      // not reported to the test as requests, so the server's count shows it arrived).
      await page.goto('about:blank');
      let pageViews = 4;
      for (let attempt = 0; attempt < 40 && pageViews === 4; attempt += 1) {
        await page.waitForTimeout(100);
        pageViews = (await englishToday())?.pageViews ?? 0;
      }
      assert.equal(pageViews, 5);
    } finally {
      await context.close();
    }
  });
});
