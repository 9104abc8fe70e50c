import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { apiSession, createListing, signInThroughProvider } from '../support/accounts.js';
import { newPhone, PHONE, useSiteAndBrowser } from '../support/site.js';

/** Screenshots a person can look at after a run: the home page and a listing page per language. */
const SCREENS_DIR = fileURLToPath(new URL('../test-results/screens/', import.meta.url));
const LANGUAGES = ['he', 'ar', 'ru', 'en'] as const;

const POSTER = { email: 'phone@example.com', name: 'Maya Levi' };
const listings = { job: 0, service: 0 };
// With the demo listings (photos among them) behind the ones posted here, as a visitor finds the site.
const running = useSiteAndBrowser({}, [], async ({ site, browser }) => {
  const context = await browser.newContext();
  try {
    const token = await apiSession(context.request, site.origin, POSTER.email, POSTER.name);
    listings.service = await createListing(context.request, site.origin, token, {
      jobTitle: 'Piano lessons at home',
      offerType: 'service',
      category: 'educationAndTutoring',
    });
    for (const [i, jobTitle] of [
      'הרכבת ארון בקומה שנייה',
      'Dog walking twice a day',
      'مساعدة في نقل أثاث',
      'Уборка после ремонта',
    ].entries()) {
      listings.job = await createListing(context.request, site.origin, token, {
        jobTitle,
        amount: String(100 + i * 50),
        location: JSON.stringify({ city: ['Tel Aviv', 'Haifa', 'Nazareth', 'Ashdod'][i], address: '' }),
      });
    }
  } finally {
    await context.close();
  }
});

/** A phone with the cookie banner already answered, as on a second visit. */
const phonePage = (browser: Browser) => newPhone(browser, { hasAnsweredBanner: true });

describe('on a 390 × 844 phone', () => {
  for (const language of LANGUAGES) {
    it(`shows the first listing on the first screen in ${language}, the whole card a link to it`, async () => {
      const { page, close, errors } = await phonePage(running.browser);
      try {
        await page.goto(`${running.site.origin}/${language}`);
        const firstCard = page.locator('.listing-card').first();
        await firstCard.locator('.listing-card__title').waitFor();
        await page.evaluate(() => document.fonts.ready);
        assert.equal(Math.round((await page.getByRole('banner').boundingBox())!.height), 72, 'the header is not one row');
        const box = (await firstCard.boundingBox())!;
        assert.ok(box.y < 600, `the first card starts at ${Math.round(box.y)} px`);
        mkdirSync(SCREENS_DIR, { recursive: true });
        await page.screenshot({ path: `${SCREENS_DIR}home-${language}.png` });
        // A phone widens its layout to fit what is too wide (and the whole page then scrolls sideways).
        assert.deepEqual(
          await page.evaluate(() => [innerWidth, document.documentElement.scrollWidth]),
          [PHONE.width, PHONE.width],
          'the page is wider than the phone',
        );
        const wider = await page.evaluate(() =>
          [...document.querySelectorAll('body *')]
            .filter((element) => {
              const box = element.getBoundingClientRect();
              return box.width > 0 && (box.right > innerWidth + 1 || box.left < -1) && !element.closest('.chips');
            })
            .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
        );
        assert.deepEqual(wider, [], 'something sticks out of the screen');

        // A tap anywhere on the card, here on its price, opens the listing: the card is one target.
        const title = await firstCard.locator('.listing-card__title').innerText();
        // Where the price is drawn: the link's cover, not the price, takes the tap (as a finger would).
        const price = (await firstCard.locator('.listing-card__price').boundingBox())!;
        await page.touchscreen.tap(price.x + price.width / 2, price.y + price.height / 2);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        assert.match(new URL(page.url()).pathname, new RegExp(`^/${language}/job/\\d+$`));
        await page.screenshot({ path: `${SCREENS_DIR}listing-${language}.png`, fullPage: true });
        assert.deepEqual(errors, []);
      } finally {
        await close();
      }
    });
  }

  it('puts the results of a search in view, with the focus on their count', async () => {
    const { page, close, errors } = await phonePage(running.browser);
    try {
      await page.goto(`${running.site.origin}/en`);
      await page.locator('.listing-card').first().waitFor();
      await page.getByLabel('What are you looking for?').fill('Dog walking');
      await page.getByRole('button', { name: 'Search', exact: true }).tap();
      await page.waitForURL(/q=Dog/);
      const count = page.locator('.listing-results__count');
      await page.waitForFunction(() => document.activeElement?.classList.contains('listing-results__count'));
      assert.match(await count.innerText(), /1/);
      const box = (await count.boundingBox())!;
      assert.ok(box.y >= 0 && box.y + box.height <= PHONE.height, 'the count is off screen');
      assert.ok(await page.locator('.listing-card', { hasText: 'Dog walking twice a day' }).isVisible());
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });

  it('offers a job "Contact directly" and a service "Contact", never both', async () => {
    const { page, close, errors } = await phonePage(running.browser);
    try {
      await page.goto(`${running.site.origin}/en/job/${listings.job}`);
      await page.getByRole('button', { name: 'Contact directly' }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Contact', exact: true }).count(), 0);
      await page.goto(`${running.site.origin}/en/job/${listings.service}`);
      await page.getByRole('button', { name: 'Contact', exact: true }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Contact directly' }).count(), 0);
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });

  it("shows its owner the listing's status, Edit and Close instead of Apply and Report", async () => {
    const { page, close, errors } = await phonePage(running.browser);
    try {
      await page.goto(`${running.site.origin}/en/login`);
      await signInThroughProvider(page, POSTER.email, POSTER.name, 'Sign in with Google');
      await page.goto(`${running.site.origin}/en/job/${listings.job}`);
      const owner = page.getByRole('region', { name: 'Your listing' });
      await owner.waitFor();
      assert.equal(await owner.getByRole('link', { name: 'Edit' }).getAttribute('href'), `/en/post-job?edit=${listings.job}`);
      await owner.getByRole('button', { name: 'Mark as closed' }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Contact directly' }).count(), 0);
      assert.equal(await page.getByRole('button', { name: 'Report' }).count(), 0);
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });

  it('opens a photo full screen on a tap, and closes it with Back', async () => {
    const { page, close, errors } = await phonePage(running.browser);
    try {
      const listed = await Promise.all(
        ['job', 'service'].map(async (offerType) => {
          const answer = await page.request.get(`${running.site.origin}/api/v1/jobs?offerType=${offerType}&pageSize=50`);
          return ((await answer.json()) as { jobs: { job_id: number; image_url: string[] }[] }).jobs;
        }),
      );
      const withPhotos = listed.flat().find((job) => job.image_url.length > 1);
      assert.ok(withPhotos, 'no demo listing has two photos');
      await page.goto(`${running.site.origin}/en/job/${withPhotos.job_id}`);
      const firstPhoto = page.locator('.gallery__open').first();
      await firstPhoto.waitFor();
      await firstPhoto.tap();
      const viewer = page.locator('.photo-viewer');
      await viewer.waitFor();
      const shown = (await viewer.locator('.photo-viewer__image').boundingBox())!;
      assert.ok(shown.width >= PHONE.width - 2, 'the photo does not fill the screen');
      await page.screenshot({ path: `${SCREENS_DIR}photo-viewer.png` });
      await page.goBack();
      await viewer.waitFor({ state: 'detached' });
      assert.match(new URL(page.url()).pathname, new RegExp(`/job/${withPhotos.job_id}$`));
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });

  it('never hides the focus under the sticky header or the cookie banner, over the first 40 tab stops and back at 320 px', async () => {
    const context = await running.browser.newContext({ viewport: { width: 320, height: 640 }, locale: 'en-US' });
    try {
      const page = await context.newPage();
      await page.goto(`${running.site.origin}/en`);
      await page.locator('.listing-card').first().waitFor();
      const banner = page.getByRole('region', { name: 'Cookie notice' });
      await banner.waitFor();
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
      assert.deepEqual(hidden, []);
    } finally {
      await context.close();
    }
  });
});
