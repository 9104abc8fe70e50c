import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { apiSession, createListing } from '../support/accounts.js';
import { newPage, useSiteAndBrowser } from '../support/site.js';

let listingId = 0;
const running = useSiteAndBrowser({ DEMO_DATA: 'off' }, [], async ({ site, browser }) => {
  const context = await browser.newContext();
  try {
    const token = await apiSession(context.request, site.origin, 'first-visit@example.com', 'Noa');
    for (const [i, jobTitle] of ['הרכבת ארון', 'Dog walking', 'Garden tidy-up', 'שיעור בגיטרה'].entries()) {
      listingId = await createListing(context.request, site.origin, token, { jobTitle, offerType: i === 3 ? 'service' : 'job' });
    }
  } finally {
    await context.close();
  }
});

/**
 * The layout shift of a first visit on a phone, from navigation until the page's content and the listings
 * are in: the sum of every shift not caused by the reader (CLS as Chromium reports it), CPU slowed 4×.
 */
async function firstVisitShift(path: string, contentSelector: string): Promise<number> {
  const context = await running.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(running.site.origin + path);
    await page.locator(contentSelector).first().waitFor({ timeout: 30_000 });
    // Whatever arrives right after the content (images, the cookie banner) has its chance to move things.
    await page.waitForTimeout(1_000);
    return await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0));
  } finally {
    await context.close();
  }
}

describe('a first visit', () => {
  it("shows the header, the loading state and the footer in the reader's language before any script runs", async () => {
    const context = await running.browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await page.goto(`${running.site.origin}/he/services`);
      assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
      const header = page.getByRole('banner');
      assert.equal(await header.getByRole('link', { name: 'Tasko' }).getAttribute('href'), '/he');
      // On a phone the sections sit in the header's menu (closed until a script opens it), the header one row.
      assert.equal(await header.getByRole('link', { name: 'שירותים', includeHidden: true }).getAttribute('aria-current'), 'page');
      assert.equal(Math.round((await header.boundingBox())!.height), 72);
      assert.equal(await page.getByRole('status').innerText(), 'טוען…');
      assert.equal(await page.getByRole('contentinfo').getByRole('link', { name: 'שאלות נפוצות' }).getAttribute('href'), '/he/faq');
      // Styled from the page itself: the header is the sticky bar of the shell's styles, not unstyled text.
      assert.equal(await header.evaluate((element) => getComputedStyle(element).position), 'sticky');
    } finally {
      await context.close();
    }
  });

  it("puts the shell in place of the painted frame without fetching the frame's styles again", async () => {
    const { page, context, problems } = await newPage(running.browser, { locale: 'en-US' });
    try {
      const styles: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'stylesheet') styles.push(new URL(request.url()).pathname);
      });
      await page.goto(`${running.site.origin}/en/faq`);
      await page.getByRole('heading', { level: 1, name: 'Frequently asked questions' }).waitFor();
      const inline = await page.evaluate(() =>
        [...document.querySelectorAll('style[data-href]')].map((style) => style.getAttribute('data-href')),
      );
      assert.equal(inline.length, 1);
      // Marked by its file name, as the chunk loader knows it wherever the shell is served from.
      assert.match(inline[0] ?? '', /^bootstrap\.[0-9a-f]{8}\.css$/);
      assert.ok(!styles.some((style) => style.endsWith(`/${inline[0]}`)), `${inline[0]} was fetched again: ${styles.join(', ')}`);
      // One header, one footer: the shell's, in place of the painted ones.
      assert.equal(await page.getByRole('banner').count(), 1);
      assert.equal(await page.getByRole('contentinfo').count(), 1);
      assert.equal(await page.getByRole('banner').getByRole('link', { name: 'Login' }).count(), 1);
      assert.deepEqual(problems.errors, []);
    } finally {
      await context.close();
    }
  });

  for (const [path, selector] of [
    ['/he', '.listing-card'],
    ['/en/services', '.listing-card'],
    ['/ar/faq', 'main h1'],
    ['/ru/job/:id', 'main h1'],
  ] as const) {
    it(`moves nothing on screen while ${path} arrives on a slow phone (layout shift under 0.05)`, async () => {
      const shift = await firstVisitShift(path.replace(':id', String(listingId)), selector);
      assert.ok(shift < 0.05, `layout shift ${shift.toFixed(3)}`);
    });
  }

  it('preloads only files the page then uses (Chromium names the others 3 s after load)', async () => {
    for (const path of ['/en', '/he/faq']) {
      const { page, context } = await newPage(running.browser);
      try {
        const unused: string[] = [];
        page.on('console', (message) => {
          if (/preloaded using link preload but not used/.test(message.text())) unused.push(message.text());
        });
        await page.goto(running.site.origin + path, { waitUntil: 'load' });
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForTimeout(4_000);
        assert.deepEqual(unused, [], path);
      } finally {
        await context.close();
      }
    }
  });
});
