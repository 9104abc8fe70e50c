import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser } from '@playwright/test';
import { apiSession, createListing, signInThroughProvider } from '../support/accounts.js';
import { boxOf } from '../support/layout.js';
import { newPhone, PHONE } from '../support/site.js';
import { expect, test } from '../support/test.js';

/** Screenshots a person can look at after a run: the home page and a listing page per language. */
const SCREENS_DIR = fileURLToPath(new URL('../test-results/screens/', import.meta.url));
const LANGUAGES = ['he', 'ar', 'ru', 'en'] as const;

const POSTER = { email: 'phone-poster@e2e.test', name: 'Maya Levi' };
/** The title searched for: no other spec, and no demo listing, has it. */
const SEARCHED = 'Dog walking twice a day';
const listings = { job: 0, service: 0 };
// With the demo listings (photos among them) and other specs' behind the ones posted here, as a visitor finds the site.
test.beforeAll(async ({ playwright, site }) => {
  const request = await playwright.request.newContext();
  try {
    const token = await apiSession(request, site.origin, POSTER.email, POSTER.name);
    listings.service = await createListing(request, site.origin, token, {
      jobTitle: 'Piano lessons at home',
      offerType: 'service',
      category: 'educationAndTutoring',
    });
    for (const [i, jobTitle] of ['הרכבת ארון בקומה שנייה', SEARCHED, 'مساعدة في نقل أثاث', 'Уборка после ремонта'].entries()) {
      listings.job = await createListing(request, site.origin, token, {
        jobTitle,
        amount: String(100 + i * 50),
        location: JSON.stringify({ city: ['Tel Aviv', 'Haifa', 'Nazareth', 'Ashdod'][i], address: '' }),
      });
    }
  } finally {
    await request.dispose();
  }
});

/** A phone with the cookie banner already answered, as on a second visit. */
const phonePage = (browser: Browser) => newPhone(browser, { hasAnsweredBanner: true });

test.describe('on a 390 × 844 phone', () => {
  for (const language of LANGUAGES) {
    test(`shows the first listing on the first screen in ${language}, the whole card a link to it`, async ({ browser, site }) => {
      const { page, close, errors } = await phonePage(browser);
      try {
        await page.goto(`${site.origin}/${language}`);
        const firstCard = page.locator('.listing-card').first();
        await expect(firstCard.locator('.listing-card__title')).toBeVisible();
        await page.evaluate(() => document.fonts.ready);
        expect(Math.round((await boxOf(page.getByRole('banner'), 'the header')).height), 'the header is not one row').toBe(72);
        const box = await boxOf(firstCard, 'the first card');
        expect(box.y, `the first card starts at ${Math.round(box.y)} px`).toBeLessThan(600);
        mkdirSync(SCREENS_DIR, { recursive: true });
        await page.screenshot({ path: `${SCREENS_DIR}home-${language}.png` });
        // A phone widens its layout to fit what is too wide (and the whole page then scrolls sideways).
        expect(await page.evaluate(() => [innerWidth, document.documentElement.scrollWidth]), 'the page is wider than the phone').toEqual([
          PHONE.width,
          PHONE.width,
        ]);
        const wider = await page.evaluate(() =>
          [...document.querySelectorAll('body *')]
            .filter((element) => {
              const box = element.getBoundingClientRect();
              return box.width > 0 && (box.right > innerWidth + 1 || box.left < -1) && !element.closest('.chips');
            })
            .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
        );
        expect(wider, 'something sticks out of the screen').toEqual([]);

        // A tap anywhere on the card, here on its price, opens the listing: the card is one target.
        const title = await firstCard.locator('.listing-card__title').innerText();
        // Where the price is drawn: the link's cover, not the price, takes the tap (as a finger would).
        const price = await boxOf(firstCard.locator('.listing-card__price'), 'the price');
        await page.touchscreen.tap(price.x + price.width / 2, price.y + price.height / 2);
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await expect(page).toHaveURL((url) => new RegExp(`^/${language}/job/\\d+$`).test(url.pathname));
        await page.screenshot({ path: `${SCREENS_DIR}listing-${language}.png`, fullPage: true });
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });
  }

  test('puts the results of a search in view, with the focus on their count', async ({ browser, site }) => {
    const { page, close, errors } = await phonePage(browser);
    try {
      await page.goto(`${site.origin}/en`);
      await expect(page.locator('.listing-card').first()).toBeVisible();
      await page.getByLabel('What are you looking for?').fill(SEARCHED);
      await page.getByRole('button', { name: 'Search', exact: true }).tap();
      await expect(page).toHaveURL(/q=Dog/);
      const count = page.locator('.listing-results__count');
      await expect(count).toBeFocused();
      await expect(count).toHaveText(/found/);
      const box = await boxOf(count, 'the count');
      expect(box.y >= 0 && box.y + box.height <= PHONE.height, 'the count is off screen').toBe(true);
      await expect(page.locator('.listing-card', { hasText: SEARCHED })).toBeVisible();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  test('offers a job "Contact directly" and a service "Contact", never both', async ({ browser, site }) => {
    const { page, close, errors } = await phonePage(browser);
    try {
      await page.goto(`${site.origin}/en/job/${listings.job}`);
      await expect(page.getByRole('button', { name: 'Contact directly' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Contact', exact: true })).toHaveCount(0);
      await page.goto(`${site.origin}/en/job/${listings.service}`);
      await expect(page.getByRole('button', { name: 'Contact', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Contact directly' })).toHaveCount(0);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  test("shows its owner the listing's status, Edit and Close instead of Apply and Report", async ({ browser, site }) => {
    const { page, close, errors } = await phonePage(browser);
    try {
      await page.goto(`${site.origin}/en/login`);
      await signInThroughProvider(page, POSTER.email, POSTER.name, 'Sign in with Google');
      await page.goto(`${site.origin}/en/job/${listings.job}`);
      const owner = page.getByRole('region', { name: 'Your listing' });
      await expect(owner.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/en/post-job?edit=${listings.job}`);
      await expect(owner.getByRole('button', { name: 'Mark as closed' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Contact directly' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Report' })).toHaveCount(0);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  test('opens a photo full screen on a tap, and closes it with Back', async ({ browser, site }) => {
    const { page, close, errors } = await phonePage(browser);
    try {
      const listed = await Promise.all(
        ['job', 'service'].map(async (offerType) => {
          const answer = await page.request.get(`${site.origin}/api/v1/jobs?offerType=${offerType}&pageSize=50`);
          return ((await answer.json()) as { jobs: { job_id: number; image_url: string[] }[] }).jobs;
        }),
      );
      const withPhotos = listed.flat().find((job) => job.image_url.length > 1);
      expect(withPhotos, 'no demo listing has two photos').toBeDefined();
      const id = withPhotos?.job_id;
      await page.goto(`${site.origin}/en/job/${id}`);
      const firstPhoto = page.locator('.gallery__open').first();
      await firstPhoto.tap();
      const viewer = page.locator('.photo-viewer');
      await expect(viewer).toBeVisible();
      const shown = await boxOf(viewer.locator('.photo-viewer__image'), 'the photo');
      expect(shown.width, 'the photo does not fill the screen').toBeGreaterThanOrEqual(PHONE.width - 2);
      await page.screenshot({ path: `${SCREENS_DIR}photo-viewer.png` });
      await page.goBack();
      await expect(viewer).toHaveCount(0);
      await expect(page).toHaveURL((url) => new RegExp(`/job/${id}$`).test(url.pathname));
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  test('never hides the focus under the sticky header or the cookie banner, over the first 40 tab stops and back at 320 px', async ({
    browser,
    site,
  }) => {
    const context = await browser.newContext({ viewport: { width: 320, height: 640 }, locale: 'en-US' });
    try {
      const page = await context.newPage();
      await page.goto(`${site.origin}/en`);
      await expect(page.locator('.listing-card').first()).toBeVisible();
      await expect(page.getByRole('region', { name: 'Cookie notice' })).toBeVisible();
      const hidden: string[] = [];
      // Down the page and back up again: going up, the sticky header is what would cover the focus.
      for (const key of [...Array<string>(40).fill('Tab'), ...Array<string>(40).fill('Shift+Tab')]) {
        await page.keyboard.press(key);
        const where = await page.evaluate(() => {
          const focused = document.activeElement as HTMLElement | null;
          if (!focused || focused === document.body) return null;
          const box = focused.getBoundingClientRect();
          const header = document.querySelector('.site-header')?.getBoundingClientRect();
          const notice = document.querySelector('.cookie-banner')?.getBoundingClientRect();
          // Inside the header or the banner is where it belongs, and the skip link shows over the header;
          // elsewhere the focus must clear both.
          if (focused.closest('.site-header, .cookie-banner, .skip-link')) return null;
          const isUnderHeader = header !== undefined && box.top < header.bottom - 1;
          const isUnderBanner = notice !== undefined && box.bottom > notice.top + 1;
          return isUnderHeader || isUnderBanner
            ? `${focused.tagName.toLowerCase()} "${(focused.innerText || focused.getAttribute('aria-label') || '').slice(0, 30)}"`
            : null;
        });
        if (where) hidden.push(where);
      }
      expect(hidden).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
