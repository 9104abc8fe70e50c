import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { apiSession, createListing } from '../support/accounts.js';
import { newPage, useSiteAndBrowser } from '../support/site.js';

let listingId = 0;
const running = useSiteAndBrowser({ DEMO_DATA: 'off' }, [], async ({ site, browser }) => {
  const context = await browser.newContext();
  try {
    const token = await apiSession(context.request, site.origin, 'places@example.com', 'Dana');
    // Posted in English, as many posters in Israel write a city.
    listingId = await createListing(context.request, site.origin, token, { jobTitle: 'Moving boxes to the third floor', location: JSON.stringify({ city: 'Haifa', address: 'Herzl St 10' }) });
  } finally {
    await context.close();
  }
});

describe('places in the reader\'s language', () => {
  for (const [language, haifa, typed] of [
    ['he', 'חיפה', 'חיפ'],
    ['ar', 'حيفا', 'حيف'],
  ] as const) {
    it(`finds the listing posted as "Haifa" by typing ${typed} in the place field and choosing ${haifa}`, async () => {
      const { page, context, problems } = await newPage(running.browser);
      try {
        await page.goto(`${running.site.origin}/${language}`);
        const place = page.getByRole('combobox').first();
        await place.fill(typed);
        await page.getByRole('option', { name: haifa }).first().click();
        await page.locator('form[role="search"] button[type="submit"]').click();
        await page.waitForURL(/placeId=294801/);
        const card = page.locator('.listing-card', { hasText: 'Moving boxes to the third floor' });
        await card.waitFor();
        assert.equal(await card.locator('.listing-card__meta bdi').last().innerText(), haifa);
        // Posted in English: set left to right as a block on a right-to-left page, and said to be in English.
        assert.equal(await card.locator('.listing-card__text').getAttribute('dir'), 'ltr');
        assert.equal(await card.locator('.listing-card__language').count(), 1);
        // A chosen place opens distance and nearest first; the card then says how far it is.
        await page.locator('select').filter({ has: page.locator('option[value="nearest"]') }).selectOption('nearest');
        await page.waitForURL(/sort=nearest/);
        await card.locator('.listing-card__distance').waitFor();
        assert.deepEqual(problems.errors, []);
      } finally {
        await context.close();
      }
    });


    it(`shows a city typed in English as ${haifa} on the ${language} cards and listing page, the street as typed`, async () => {
      const { page, context, problems } = await newPage(running.browser);
      try {
        await page.goto(`${running.site.origin}/${language}`);
        const card = page.locator('.listing-card', { hasText: 'Moving boxes to the third floor' });
        await card.waitFor();
        assert.equal(await card.locator('.listing-card__meta bdi').last().innerText(), haifa);

        await page.goto(`${running.site.origin}/${language}/job/${listingId}`);
        await page.getByRole('heading', { level: 1, name: 'Moving boxes to the third floor' }).waitFor();
        const where = page.locator('.job__details-list dd bdi');
        assert.deepEqual(await where.allInnerTexts(), [haifa, 'Herzl St 10']);
        assert.deepEqual(problems.errors, []);
      } finally {
        await context.close();
      }
    });
  }
});
