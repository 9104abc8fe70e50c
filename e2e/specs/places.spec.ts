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
    listingId = await createListing(context.request, site.origin, token, {
      jobTitle: 'Moving boxes to the third floor',
      location: JSON.stringify({ city: 'Haifa', address: 'Herzl St 10' }),
    });
  } finally {
    await context.close();
  }
});

describe("places in the reader's language", () => {
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
        await page
          .locator('select')
          .filter({ has: page.locator('option[value="nearest"]') })
          .selectOption('nearest');
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

  for (const [screen, language, viewport] of [
    ['a 390 px phone', 'he', { width: 390, height: 844 }],
    ['a desktop', 'ar', { width: 1280, height: 800 }],
  ] as const) {
    it(`fits the search bar and every refinement on ${screen} in ${language}, the two fields side by side, never the page scrolling sideways`, async () => {
      const { page, context, problems } = await newPage(running.browser, { viewport });
      try {
        // A chosen place and the longest sort label (pay, high to low) shown: the widest the row gets.
        await page.goto(
          `${running.site.origin}/${language}?placeId=294801&location=${encodeURIComponent(language === 'he' ? 'חיפה' : 'حيفا')}&sort=salary-high`,
        );
        await page.locator('.listing-card').first().waitFor();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        assert.equal(overflow, 0, 'the page scrolls sideways');
        const text = (await page.locator('form[role="search"] input[type="search"]').boundingBox())!;
        const place = (await page.getByRole('combobox').first().boundingBox())!;
        assert.equal(Math.round(text.y), Math.round(place.y), 'the text and place fields are not on one line');
        // On a phone the refinements fold behind one button: open, they must fit too.
        const filters = page.locator('.listing-toolbar__filters');
        if (await filters.isVisible()) await filters.click();
        for (const select of await page.locator('.listing-refinements select').all()) {
          const box = (await select.boundingBox())!;
          assert.ok(box.x >= 0 && box.x + box.width <= viewport.width, 'a refinement sticks out of the screen');
        }
        assert.deepEqual(problems.errors, []);
      } finally {
        await context.close();
      }
    });
  }
});
