// The phone walk in four languages, measured in Chromium: the cookie banner answered without moving the page,
// no page wider than a 320 px window (WCAG 1.4.10), a focused category chip whole on screen (2.4.12), and no
// text cut with "…" or a placeholder cut by its box on a 390 px phone.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { apiSession, createListing, signInThroughProvider } from '../support/accounts.js';
import { NARROW_PHONE, newPhone, useSiteAndBrowser } from '../support/site.js';

const LANGUAGES = ['he', 'ar', 'ru', 'en'] as const;
const HAIFA = 294801;
const POSTER = { email: 'walker@example.com', name: 'Maya Levi' };

const ids = { mine: 0, withPhotos: 0 };
const running = useSiteAndBrowser({}, [], async ({ site, browser }) => {
  const context = await browser.newContext();
  try {
    const token = await apiSession(context.request, site.origin, POSTER.email, POSTER.name);
    // A long place name and a street in another script: what a narrow card has to wrap.
    ids.mine = await createListing(context.request, site.origin, token, {
      jobTitle: 'Help moving a sofa to the third floor',
      paymentType: 'hourly',
      amount: '120',
      location: JSON.stringify({ city: 'Modi‘in Makkabbim Re‘ut', address: 'שדרות מכבים 5' }),
    });
    const listed = (await (await context.request.get(`${site.origin}/api/v1/jobs?offerType=service&pageSize=50`)).json()) as {
      jobs: { job_id: number; image_url: string[] }[];
    };
    ids.withPhotos = listed.jobs.find((job) => job.image_url.length > 1)?.job_id ?? 0;
    assert.ok(ids.withPhotos, 'no demo listing has two photos');
  } finally {
    await context.close();
  }
});

/** How the page stands: scrolled how far, the focus where, the first heading on screen or not. */
function standing(page: Page) {
  return page.evaluate(() => {
    const heading = document.querySelector('h1')!.getBoundingClientRect();
    const focused = document.activeElement;
    return {
      scrollY: Math.round(scrollY),
      focus: focused === document.body || !focused ? 'body' : `${focused.tagName.toLowerCase()}.${focused.className}`,
      isHeadingOnScreen: heading.top >= 0 && heading.bottom <= innerHeight,
    };
  });
}

describe('the cookie banner on a phone', () => {
  for (const language of LANGUAGES) {
    it(`in ${language}: second in the tab order, never taking the focus, answered by keyboard (390 × 844) or by a tap (320 × 640) without moving the page`, async () => {
      const keyboard = await newPhone(running.browser);
      try {
        const { page } = keyboard;
        await page.goto(`${running.site.origin}/${language}`);
        await page.locator('.listing-card').first().waitFor();
        await page.locator('.cookie-banner').waitFor();
        assert.equal((await standing(page)).focus, 'body', 'the banner took the focus on load');
        await page.keyboard.press('Tab');
        assert.ok(await page.evaluate(() => document.activeElement?.classList.contains('skip-link')), 'the first stop is the skip link');
        await page.keyboard.press('Tab');
        assert.ok(await page.evaluate(() => !!document.activeElement?.closest('.cookie-banner')), 'the second stop is in the banner');
        // On to its first answer, then Enter.
        while (!(await page.evaluate(() => document.activeElement?.classList.contains('cookie-banner__answer'))))
          await page.keyboard.press('Tab');
        await page.keyboard.press('Enter');
        await page.locator('.cookie-banner').waitFor({ state: 'detached' });
        const after = await standing(page);
        assert.equal(after.scrollY, 0, 'the page moved');
        assert.ok(after.isHeadingOnScreen, 'the heading left the screen');
        assert.ok(!after.focus.startsWith('main'), `the focus went to ${after.focus}`);
      } finally {
        await keyboard.close();
      }

      const touch = await newPhone(running.browser, { viewport: NARROW_PHONE });
      try {
        const { page } = touch;
        await page.goto(`${running.site.origin}/${language}`);
        await page.locator('.listing-card').first().waitFor();
        await page.evaluate(() => scrollTo(0, 150));
        await page.waitForFunction(() => Math.round(scrollY) === 150);
        await page.locator('.cookie-banner__answer').last().tap();
        await page.locator('.cookie-banner').waitFor({ state: 'detached' });
        assert.equal((await standing(page)).scrollY, 150, 'a tap moved the page');
      } finally {
        await touch.close();
      }
    });
  }
});

describe('at 320 px wide (WCAG 1.4.10, 2.4.12)', () => {
  it('no page scrolls sideways in any language, and a focused category chip is whole on screen', async () => {
    const { page, close } = await newPhone(running.browser, { viewport: NARROW_PHONE, hasAnsweredBanner: true });
    try {
      await page.goto(`${running.site.origin}/en/login`);
      await signInThroughProvider(page, POSTER.email, POSTER.name, /Google/);
      const wide: string[] = [];
      for (const language of LANGUAGES) {
        for (const [path, ready] of [
          ['', '.listing-card'],
          ['/services', '.listing-card'],
          [`?placeId=${HAIFA}&radiusKm=50&sort=nearest`, '.listing-card'],
          [`/job/${ids.withPhotos}`, '.gallery'],
          [`/job/${ids.mine}`, 'h1'],
          ['/post-job', 'form'],
          ['/my-posted-jobs', '.my-posts__item'],
          ['/settings', 'h1'],
          ['/faq', 'h1'],
        ] as const) {
          await page.goto(`${running.site.origin}/${language}${path}`);
          await page.locator(ready).first().waitFor();
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          if (width > NARROW_PHONE.width) wide.push(`/${language}${path}: ${width} px`);
        }
        // Each chip reached by the keyboard shows whole, its ring included, inside the row and the window.
        await page.goto(`${running.site.origin}/${language}`);
        const chips = page.locator('.chips a, .chips button');
        await chips.first().waitFor();
        for (let i = 0; i < (await chips.count()); i += 1) {
          await chips.nth(i).focus();
          const cut = await chips.nth(i).evaluate((chip) => {
            const box = chip.getBoundingClientRect();
            const row = chip.closest('.chips')!.getBoundingClientRect();
            const ring = 2;
            const left = Math.max(row.left, 0);
            const right = Math.min(row.right, innerWidth);
            return box.left - ring < left - 0.5 || box.right + ring > right + 0.5
              ? `${chip.textContent} at ${Math.round(box.left)}–${Math.round(box.right)}`
              : null;
          });
          if (cut) wide.push(`/${language} chip ${cut}`);
        }
      }
      assert.deepEqual(wide, []);
    } finally {
      await close();
    }
  });
});

describe('on a 390 px phone, nothing is cut', () => {
  it('in every language: the place and distance on cards, the photo counter, the search placeholders', async () => {
    const { page, close } = await newPhone(running.browser, { hasAnsweredBanner: true });
    try {
      const cut: string[] = [];
      for (const language of LANGUAGES) {
        await page.goto(`${running.site.origin}/${language}?placeId=${HAIFA}&radiusKm=50&sort=nearest`);
        await page.locator('.listing-card__distance').first().waitFor();
        cut.push(
          ...(await page.evaluate((lang) => {
            const found: string[] = [];
            // Text cut with an ellipsis, or by its box: wider than it is allowed to show.
            for (const element of document.querySelectorAll<HTMLElement>(
              '.listing-card__meta, .listing-card__meta *, .listing-card__facts *',
            )) {
              const style = getComputedStyle(element);
              if (style.textOverflow === 'ellipsis' || element.scrollWidth > element.clientWidth + 1)
                found.push(`${lang} card: "${element.textContent}"`);
            }
            // A placeholder wider than its box's content area.
            const canvas = document.createElement('canvas').getContext('2d')!;
            for (const input of document.querySelectorAll<HTMLInputElement>('.listing-search input[placeholder]')) {
              const style = getComputedStyle(input);
              canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
              const room = input.clientWidth - parseFloat(style.paddingInlineStart) - parseFloat(style.paddingInlineEnd);
              if (canvas.measureText(input.placeholder).width > room) found.push(`${lang} placeholder: "${input.placeholder}"`);
            }
            return found;
          }, language)),
        );
        await page.goto(`${running.site.origin}/${language}/job/${ids.withPhotos}`);
        const counter = page.locator('.gallery__position');
        await counter.waitFor();
        const lines = await counter.evaluate((element) => {
          const range = document.createRange();
          range.selectNodeContents(element.querySelector('[aria-hidden="true"]') ?? element);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        });
        if (lines !== 1) cut.push(`${language} photo counter on ${lines} lines`);
      }
      assert.deepEqual(cut, []);
    } finally {
      await close();
    }
  });
});
