// The phone walk in four languages, measured in Chromium: the cookie banner answered without moving the page,
// no page wider than a 320 px window (WCAG 1.4.10), a focused category chip whole on screen (2.4.12), and no
// text cut with "…" or a placeholder cut by its box on a 390 px phone.
import type { Page } from '@playwright/test';
import { apiSession, createListing, signInThroughProvider } from '../support/accounts.js';
import { NARROW_PHONE, newPhone } from '../support/site.js';
import { expect, test } from '../support/test.js';

const LANGUAGES = ['he', 'ar', 'ru', 'en'] as const;
const HAIFA = 294801;
// Specs share their worker's site: the poster, and the listing that is "mine", are this spec's own.
const POSTER = { email: 'phone-walk-poster@e2e.test', name: 'Maya Levi' };

const ids = { mine: 0, withPhotos: 0 };
test.beforeAll(async ({ playwright, site }) => {
  const request = await playwright.request.newContext();
  try {
    const token = await apiSession(request, site.origin, POSTER.email, POSTER.name);
    // A long place name and a street in another script: what a narrow card has to wrap.
    ids.mine = await createListing(request, site.origin, token, {
      jobTitle: 'Help moving a sofa to the third floor',
      paymentType: 'hourly',
      amount: '120',
      location: JSON.stringify({ city: 'Modi‘in Makkabbim Re‘ut', address: 'שדרות מכבים 5' }),
    });
    const listed = (await (await request.get(`${site.origin}/api/v1/jobs?offerType=service&pageSize=50`)).json()) as {
      jobs: { job_id: number; image_url: string[] }[];
    };
    ids.withPhotos = listed.jobs.find((job) => job.image_url.length > 1)?.job_id ?? 0;
    expect(ids.withPhotos, 'no demo listing has two photos').toBeTruthy();
  } finally {
    await request.dispose();
  }
});

/** How the page stands: scrolled how far, the focus where, the first heading on screen or not. */
function standing(page: Page) {
  return page.evaluate(() => {
    const heading = document.querySelector('h1')?.getBoundingClientRect();
    const focused = document.activeElement;
    return {
      scrollY: Math.round(scrollY),
      focus: focused === document.body || !focused ? 'body' : `${focused.tagName.toLowerCase()}.${focused.className}`,
      isHeadingOnScreen: heading !== undefined && heading.top >= 0 && heading.bottom <= innerHeight,
    };
  });
}

test.describe('the cookie banner on a phone', () => {
  for (const language of LANGUAGES) {
    test(`in ${language}: second in the tab order, never taking the focus, answered by keyboard (390 × 844) or by a tap (320 × 640) without moving the page`, async ({
      browser,
      site,
    }) => {
      const keyboard = await newPhone(browser);
      try {
        const { page } = keyboard;
        await page.goto(`${site.origin}/${language}`);
        await expect(page.locator('.listing-card').first()).toBeVisible();
        await expect(page.locator('.cookie-banner')).toBeVisible();
        expect((await standing(page)).focus, 'the banner took the focus on load').toBe('body');
        await page.keyboard.press('Tab');
        await expect(page.locator('.skip-link'), 'the first stop is the skip link').toBeFocused();
        await page.keyboard.press('Tab');
        await expect(page.locator('.cookie-banner :focus'), 'the second stop is in the banner').toHaveCount(1);
        // On to its first answer, then Enter.
        while (!(await page.evaluate(() => document.activeElement?.classList.contains('cookie-banner__answer'))))
          await page.keyboard.press('Tab');
        await page.keyboard.press('Enter');
        await expect(page.locator('.cookie-banner')).toHaveCount(0);
        const after = await standing(page);
        expect(after.scrollY, 'the page moved').toBe(0);
        expect(after.isHeadingOnScreen, 'the heading left the screen').toBe(true);
        expect(after.focus.startsWith('main'), `the focus went to ${after.focus}`).toBe(false);
      } finally {
        await keyboard.close();
      }

      const touch = await newPhone(browser, { viewport: NARROW_PHONE });
      try {
        const { page } = touch;
        await page.goto(`${site.origin}/${language}`);
        await expect(page.locator('.listing-card').first()).toBeVisible();
        await page.evaluate(() => scrollTo(0, 150));
        await expect.poll(() => page.evaluate(() => Math.round(scrollY))).toBe(150);
        await page.locator('.cookie-banner__answer').last().tap();
        await expect(page.locator('.cookie-banner')).toHaveCount(0);
        expect((await standing(page)).scrollY, 'a tap moved the page').toBe(150);
      } finally {
        await touch.close();
      }
    });
  }
});

test.describe('at 320 px wide (WCAG 1.4.10, 2.4.12)', () => {
  test('no page scrolls sideways in any language, and a focused category chip is whole on screen', async ({ browser, site }) => {
    const { page, close } = await newPhone(browser, { viewport: NARROW_PHONE, hasAnsweredBanner: true });
    try {
      await page.goto(`${site.origin}/en/login`);
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
          await page.goto(`${site.origin}/${language}${path}`);
          await expect(page.locator(ready).first()).toBeVisible();
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          if (width > NARROW_PHONE.width) wide.push(`/${language}${path}: ${width} px`);
        }
        // Each chip reached by the keyboard shows whole, its ring included, inside the row and the window.
        await page.goto(`${site.origin}/${language}`);
        const chips = page.locator('.chips a, .chips button');
        await expect(chips.first()).toBeVisible();
        for (let i = 0; i < (await chips.count()); i += 1) {
          await chips.nth(i).focus();
          const cut = await chips.nth(i).evaluate((chip) => {
            const box = chip.getBoundingClientRect();
            const row = chip.closest('.chips')?.getBoundingClientRect();
            if (!row) return `${chip.textContent} outside its row`;
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
      expect(wide).toEqual([]);
    } finally {
      await close();
    }
  });
});

test.describe('on a 390 px phone, nothing is cut', () => {
  test('in every language: the place and distance on cards, the photo counter, the search placeholders', async ({ browser, site }) => {
    const { page, close } = await newPhone(browser, { hasAnsweredBanner: true });
    try {
      const cut: string[] = [];
      for (const language of LANGUAGES) {
        await page.goto(`${site.origin}/${language}?placeId=${HAIFA}&radiusKm=50&sort=nearest`);
        await expect(page.locator('.listing-card__distance').first()).toBeVisible();
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
            const canvas = document.createElement('canvas').getContext('2d');
            if (!canvas) return [...found, `${lang}: no canvas to measure the placeholders`];
            for (const input of document.querySelectorAll<HTMLInputElement>('.listing-search input[placeholder]')) {
              const style = getComputedStyle(input);
              canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
              const room = input.clientWidth - parseFloat(style.paddingInlineStart) - parseFloat(style.paddingInlineEnd);
              if (canvas.measureText(input.placeholder).width > room) found.push(`${lang} placeholder: "${input.placeholder}"`);
            }
            return found;
          }, language)),
        );
        await page.goto(`${site.origin}/${language}/job/${ids.withPhotos}`);
        const counter = page.locator('.gallery__position');
        await expect(counter).toBeVisible();
        const lines = await counter.evaluate((element) => {
          const range = document.createRange();
          range.selectNodeContents(element.querySelector('[aria-hidden="true"]') ?? element);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        });
        if (lines !== 1) cut.push(`${language} photo counter on ${lines} lines`);
      }
      expect(cut).toEqual([]);
    } finally {
      await close();
    }
  });
});
