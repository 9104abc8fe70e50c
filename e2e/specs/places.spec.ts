import { apiSession, createListing } from '../support/accounts.js';
import { boxOf } from '../support/layout.js';
import { expect, test } from '../support/test.js';

// Specs share their worker's site: the listing is this spec's own, found by a title no other spec uses.
const TITLE = 'Moving boxes to the third floor (places)';
let listingId = 0;

test.beforeAll(async ({ playwright, site }) => {
  const request = await playwright.request.newContext();
  try {
    const token = await apiSession(request, site.origin, 'places-poster@e2e.test', 'Dana');
    // Posted in English, as many posters in Israel write a city.
    listingId = await createListing(request, site.origin, token, {
      jobTitle: TITLE,
      location: JSON.stringify({ city: 'Haifa', address: 'Herzl St 10' }),
    });
  } finally {
    await request.dispose();
  }
});

test.describe("places in the reader's language", () => {
  for (const [language, haifa, typed, where] of [
    ['he', 'חיפה', 'חיפ', 'איפה?'],
    ['ar', 'حيفا', 'حيف', 'أين؟'],
  ] as const) {
    test(`finds the listing posted as "Haifa" by typing ${typed} in the place field and choosing ${haifa}`, async ({
      page,
      pageErrors,
    }) => {
      await page.goto(`/${language}`);
      const place = page.getByRole('combobox', { name: where });
      const submit = page.locator('form[role="search"] button[type="submit"]');
      const before = await boxOf(submit, 'Search');
      await place.fill(typed);
      const option = page.getByRole('option', { name: haifa }).first();
      await expect(option).toBeVisible();
      // The suggestions open over the page: the button beside the field stays where it was, under the pointer.
      expect(await boxOf(submit, 'Search'), 'Search moved as the suggestions opened').toEqual(before);
      await option.click();
      await submit.click();
      await expect(page).toHaveURL(/placeId=294801/);
      const card = page.locator('.listing-card', { hasText: TITLE });
      await expect(card.locator('.listing-card__meta bdi').last()).toHaveText(haifa);
      // Posted in English: set left to right as a block on a right-to-left page, and said to be in English.
      await expect(card.locator('.listing-card__text')).toHaveAttribute('dir', 'ltr');
      await expect(card.locator('.listing-card__language')).toHaveCount(1);
      // A chosen place opens distance and nearest first; the card then says how far it is.
      await page
        .locator('select')
        .filter({ has: page.locator('option[value="nearest"]') })
        .selectOption('nearest');
      await expect(page).toHaveURL(/sort=nearest/);
      await expect(card.locator('.listing-card__distance')).toBeVisible();
      expect(pageErrors).toEqual([]);
    });

    test(`shows a city typed in English as ${haifa} on the ${language} cards and listing page, the street as typed`, async ({
      page,
      pageErrors,
    }) => {
      await page.goto(`/${language}`);
      const card = page.locator('.listing-card', { hasText: TITLE });
      await expect(card.locator('.listing-card__meta bdi').last()).toHaveText(haifa);

      await page.goto(`/${language}/job/${listingId}`);
      await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
      await expect(page.locator('.job__details-list dd bdi')).toHaveText([haifa, 'Herzl St 10']);
      expect(pageErrors).toEqual([]);
    });
  }

  for (const [screen, language, viewport] of [
    ['a 390 px phone', 'he', { width: 390, height: 844 }],
    ['a desktop', 'ar', { width: 1280, height: 800 }],
  ] as const) {
    test(`fits the search bar and every refinement on ${screen} in ${language}, the two fields side by side, never the page scrolling sideways`, async ({
      page,
      pageErrors,
    }) => {
      await page.setViewportSize(viewport);
      // A chosen place and the longest sort label (pay, high to low) shown: the widest the row gets.
      await page.goto(`/${language}?placeId=294801&location=${encodeURIComponent(language === 'he' ? 'חיפה' : 'حيفا')}&sort=salary-high`);
      await expect(page.locator('.listing-card').first()).toBeVisible();
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), {
          message: 'the page scrolls sideways',
        })
        .toBe(0);
      const text = await boxOf(page.locator('form[role="search"] input[type="search"]'));
      const place = await boxOf(page.locator('form[role="search"] input[type="text"]'));
      expect(Math.round(text.y), 'the text and place fields are not on one line').toBe(Math.round(place.y));
      // On a phone the refinements fold behind one button: open, they must fit too.
      const filters = page.locator('.listing-toolbar__filters');
      if (await filters.isVisible()) await filters.click();
      const refinements = page.locator('.listing-refinements select');
      await expect(refinements.first()).toBeVisible();
      for (const select of await refinements.all()) {
        const box = await boxOf(select);
        expect(box.x >= 0 && box.x + box.width <= viewport.width, 'a refinement sticks out of the screen').toBe(true);
      }
      expect(pageErrors).toEqual([]);
    });
  }
});
