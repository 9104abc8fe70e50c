import type { Browser } from '@playwright/test';
import { apiSession, createListing } from '../support/accounts.js';
import { newPage, PHONE } from '../support/site.js';
import { boxOf } from '../support/layout.js';
import { expect, test } from '../support/test.js';

// Specs share their worker's site: the listings are this spec's own, and the checks never count the others.
let listingId = 0;
test.beforeAll(async ({ playwright, site }) => {
  const request = await playwright.request.newContext();
  try {
    const token = await apiSession(request, site.origin, 'first-visit-poster@e2e.test', 'Noa');
    for (const [i, jobTitle] of ['הרכבת ארון', 'Dog walking', 'Garden tidy-up', 'שיעור בגיטרה'].entries()) {
      listingId = await createListing(request, site.origin, token, { jobTitle, offerType: i === 3 ? 'service' : 'job' });
    }
  } finally {
    await request.dispose();
  }
});

/** What the page's layout-shift observer hands over: only the shifts the reader did not cause. */
interface ShiftWindow {
  layoutShiftObserver: PerformanceObserver;
  layoutShifts: number[];
}

/**
 * The layout shift of a first visit on a phone, from navigation until the page's content and the listings
 * are in: the sum of every shift not caused by the reader (CLS as Chromium reports it), CPU slowed 4×.
 */
async function firstVisitShift(browser: Browser, origin: string, path: string, contentSelector: string): Promise<number> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) shifts.push(entry.value);
        }
      });
      observer.observe({ type: 'layout-shift', buffered: true });
      Object.assign(window, { layoutShiftObserver: observer, layoutShifts: shifts } satisfies ShiftWindow);
    });
    // The CPU slowed 4× makes the page four times as slow to arrive as the others: the bound is the navigation's.
    await page.goto(origin + path);
    await expect(page.locator(contentSelector).first()).toBeVisible({ timeout: 60_000 });
    // Whatever arrives right after the content has its chance to move things: the cookie banner of a first
    // visit, the web fonts, and the images on screen, each drawn before the shifts are summed.
    await expect(page.locator('.cookie-banner')).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(async () => {
          await document.fonts.ready;
          return [...document.images]
            .filter((image) => {
              const box = image.getBoundingClientRect();
              return box.bottom > 0 && box.top < innerHeight;
            })
            .every((image) => image.complete);
        }),
      )
      .toBe(true);
    return await page.evaluate(async () => {
      // Two frames: the last layout is painted, its shifts recorded; then the entries still queued for the observer.
      for (let frame = 0; frame < 2; frame += 1) await new Promise(requestAnimationFrame);
      const { layoutShiftObserver, layoutShifts } = window as unknown as ShiftWindow;
      for (const entry of layoutShiftObserver.takeRecords() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) layoutShifts.push(entry.value);
      }
      return layoutShifts.reduce((sum, value) => sum + value, 0);
    });
  } finally {
    await context.close();
  }
}

test.describe('a first visit', () => {
  test("shows the header, the loading state and the footer in the reader's language before any script runs", async ({ browser, site }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    try {
      const page = await context.newPage();
      await page.goto(`${site.origin}/he/services`);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: 'Tasko' })).toHaveAttribute('href', '/he');
      // On a phone the sections sit in the header's menu (closed until a script opens it), the header one row.
      await expect(header.getByRole('link', { name: 'שירותים', includeHidden: true })).toHaveAttribute('aria-current', 'page');
      expect(Math.round((await boxOf(header, 'the header')).height), 'the header is not one row').toBe(72);
      await expect(page.getByRole('status')).toHaveText('טוען…');
      await expect(page.getByRole('contentinfo').getByRole('link', { name: 'שאלות נפוצות' })).toHaveAttribute('href', '/he/faq');
      // Styled from the page itself: the header is the sticky bar of the shell's styles, not unstyled text.
      await expect(header).toHaveCSS('position', 'sticky');
    } finally {
      await context.close();
    }
  });

  test("puts the shell in place of the painted frame without fetching the frame's styles again", async ({ page, pageErrors }) => {
    const styles: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') styles.push(new URL(request.url()).pathname);
    });
    await page.goto('/en/faq');
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
    const inline = await page.evaluate(() =>
      [...document.querySelectorAll('style[data-href]')].map((style) => style.getAttribute('data-href')),
    );
    expect(inline).toHaveLength(1);
    // Marked by its file name, as the chunk loader knows it wherever the shell is served from.
    expect(inline[0] ?? '').toMatch(/^bootstrap\.[0-9a-f]{8}\.css$/);
    expect(
      styles.filter((style) => style.endsWith(`/${inline[0]}`)),
      `${inline[0]} was fetched again: ${styles.join(', ')}`,
    ).toEqual([]);
    // One header, one footer: the shell's, in place of the painted ones.
    await expect(page.getByRole('banner')).toHaveCount(1);
    await expect(page.getByRole('contentinfo')).toHaveCount(1);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toHaveCount(1);
    expect(pageErrors).toEqual([]);
  });

  for (const [path, selector] of [
    ['/he', '.listing-card'],
    ['/en/services', '.listing-card'],
    ['/ar/faq', 'main h1'],
    ['/ru/job/:id', 'main h1'],
  ] as const) {
    test(`moves nothing on screen while ${path} arrives on a slow phone (layout shift under 0.05)`, async ({ browser, site }) => {
      const shift = await firstVisitShift(browser, site.origin, path.replace(':id', String(listingId)), selector);
      expect(shift, `layout shift ${shift.toFixed(3)}`).toBeLessThan(0.05);
    });
  }

  test('preloads only files the page then uses (Chromium names the others 3 s after load)', async ({ browser, site }) => {
    // Chromium checks the preloads once, on a timer of its own after the load event, and names every unused
    // one in that pass. A preload of this test's, never used, is the barrier: once Chromium has named it, the
    // pass is over and the page's own unused preloads, if any, were named with it.
    const control = '/robots.txt?e2e-unused-preload';
    const isUnusedPreload = (text: string) => /preloaded using link preload but not used/.test(text);
    for (const path of ['/en', '/he/faq']) {
      const { page, context } = await newPage(browser);
      try {
        const unused: string[] = [];
        page.on('console', (message) => {
          if (isUnusedPreload(message.text()) && !message.text().includes(control)) unused.push(message.text());
        });
        await page.addInitScript((href) => {
          document.addEventListener('DOMContentLoaded', () => {
            const link = Object.assign(document.createElement('link'), { rel: 'preload', as: 'fetch', crossOrigin: 'anonymous', href });
            document.head.append(link);
          });
        }, control);
        const hasChecked = page.waitForEvent('console', {
          predicate: (message) => isUnusedPreload(message.text()) && message.text().includes(control),
          timeout: 30_000,
        });
        await page.goto(site.origin + path, { waitUntil: 'load' });
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await hasChecked;
        // A round trip to the page: the messages of the same pass, sent before its answer, are all in.
        await page.evaluate(() => document.readyState);
        expect(unused, path).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
});
