import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { apiSession, createListing } from '../support/accounts.js';
import { newPage, useSiteAndBrowser } from '../support/site.js';

// The services list (docs/product.md#routes, docs/product.md#search): only listings offered as services, in a
// grid, with category chips and the search bar; in English, Hebrew and Arabic, on the production build.

const running = useSiteAndBrowser({ DEMO_DATA: 'off' }, [], publishListings);

/** The listings the tests read, published through the API as their owners would. */
async function publishListings(): Promise<void> {
  const { context, page } = await newPage(running.browser);
  const dana = await apiSession(page.request, running.site.origin, 'dana@example.com', 'Dana');
  const noa = await apiSession(page.request, running.site.origin, 'noa@example.com', 'נועה');
  await createListing(page.request, running.site.origin, dana, {
    jobTitle: 'Math tutoring',
    offerType: 'service',
    category: 'educationAndTutoring',
    amount: '120',
    paymentType: 'hourly',
    location: JSON.stringify({ city: 'Tel Aviv-Yafo', address: '' }),
  });
  await createListing(page.request, running.site.origin, noa, {
    jobTitle: 'שיעורי גיטרה',
    description: 'למתחילים ולמתקדמים, בבית התלמיד.',
    contactPersonName: 'נועה',
    offerType: 'service',
    category: 'educationAndTutoring',
    amount: '150',
    location: JSON.stringify({ city: 'חיפה', address: 'מוריה 20' }),
  });
  await createListing(page.request, running.site.origin, dana, {
    jobTitle: 'Dog grooming',
    offerType: 'service',
    category: 'petAndAnimalCare',
    amount: '90',
  });
  // A job in the same category and city: never on the services page.
  await createListing(page.request, running.site.origin, dana, {
    jobTitle: 'Tutor wanted for grade 8',
    offerType: 'job',
    category: 'educationAndTutoring',
    amount: '100',
    location: JSON.stringify({ city: 'Tel Aviv-Yafo', address: '' }),
  });
  await context.close();
}
const titles = async (page: Page) => (await page.locator('.listing-card__title').allInnerTexts()).sort();

async function waitForResults(page: Page): Promise<void> {
  await page.locator('.listing-results[aria-busy="false"]').waitFor();
}

/** The grid once it shows exactly these services (the previous answer stays on screen while loading). */
async function gridBecomes(page: Page, expected: string[]): Promise<void> {
  await page.waitForFunction(
    (want) => {
      const results = document.querySelector('.listing-results[aria-busy="false"]');
      const shown = [...document.querySelectorAll('.listing-card__title')].map((el) => (el as HTMLElement).innerText).sort();
      return !!results && JSON.stringify(shown) === JSON.stringify(want);
    },
    [...expected].sort(),
  );
}

describe('services', () => {
  it('in English: a grid of services only, category chips, search by a Hebrew word and by a city, kept in the URL', async () => {
    const { page, context, problems } = await newPage(running.browser);
    try {
      await page.goto(`${running.site.origin}/en/services`);
      await page.getByRole('heading', { name: 'Services', level: 1 }).waitFor();
      await waitForResults(page);
      assert.deepEqual(await titles(page), ['Dog grooming', 'Math tutoring', 'שיעורי גיטרה']);
      await page.getByText('3 services found').waitFor();
      assert.equal(await page.locator('.listing-list--grid').count(), 1);
      assert.equal(await page.getByRole('button', { name: 'All' }).getAttribute('aria-pressed'), 'true');

      await page.getByRole('button', { name: 'Education and tutoring' }).click();
      await page.waitForURL(/category=educationAndTutoring/);
      await gridBecomes(page, ['Math tutoring', 'שיעורי גיטרה']);

      await page.getByLabel('What are you looking for?').fill('גיטרה');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await gridBecomes(page, ['שיעורי גיטרה']);
      const description = page.locator('.listing-card__description');
      assert.equal(await description.getAttribute('dir'), 'rtl', "set in the listing's own direction");
      assert.equal(
        await description.evaluate((el) => getComputedStyle(el).direction),
        'rtl',
        'a Hebrew service reads right to left on the English page',
      );

      await page.getByLabel('What are you looking for?').fill('');
      await page.getByRole('combobox', { name: 'Where?' }).fill('TEL AVIV');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await gridBecomes(page, ['Math tutoring']);
      await page.reload();
      await gridBecomes(page, ['Math tutoring']);
      assert.equal(
        await page.getByRole('button', { name: 'Education and tutoring' }).getAttribute('aria-pressed'),
        'true',
        'a reload keeps the category',
      );
      await page.goBack();
      await gridBecomes(page, ['שיעורי גיטרה']);
      assert.deepEqual(problems.errors, []);
    } finally {
      await context.close();
    }
  });

  it('in Hebrew: right to left, chips and search in Hebrew, and no services found for an empty category', async () => {
    const { page, context, problems } = await newPage(running.browser);
    try {
      await page.goto(`${running.site.origin}/he/services`);
      await page.getByRole('heading', { name: 'שירותים', level: 1 }).waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
      await waitForResults(page);
      await page.getByText('נמצאו 3 שירותים').waitFor();

      await page.getByRole('combobox', { name: 'איפה?' }).fill('חיפה');
      await page.getByRole('button', { name: 'חיפוש', exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('location') === 'חיפה');
      // With "Dog grooming", placed in "Haifa" in English: a place is found by any of its names.
      await gridBecomes(page, ['Dog grooming', 'שיעורי גיטרה']);
      // Hebrew writes the sign after the amount, with right-to-left marks that Intl adds around both.
      const price = page.locator('.listing-card', { hasText: 'שיעורי גיטרה' }).locator('bdi.listing-card__price');
      assert.match((await price.innerText()).replace(/[\u200e\u200f]/g, ''), /^150\s₪$/);

      await page.getByRole('combobox', { name: 'איפה?' }).fill('');
      await page.getByRole('button', { name: 'חיפוש', exact: true }).click();
      await page.getByRole('button', { name: 'טיפול בחיות מחמד' }).click();
      await gridBecomes(page, ['Dog grooming']);
      assert.equal(
        await page.locator('.listing-card__title bdi').evaluate((el) => getComputedStyle(el).direction),
        'ltr',
        'an English title keeps its direction',
      );

      await page.getByRole('button', { name: 'אירועים וסידורים' }).click();
      await page.getByText('לא נמצאו שירותים.').waitFor();
      assert.deepEqual(problems.errors, []);
    } finally {
      await context.close();
    }
  });

  it('in Arabic: the grid and its chips', async () => {
    const { page, context, problems } = await newPage(running.browser);
    try {
      await page.goto(`${running.site.origin}/ar/services`);
      await page.getByRole('heading', { name: 'الخدمات', level: 1 }).waitFor();
      await waitForResults(page);
      assert.equal((await titles(page)).length, 3);
      await page.getByRole('button', { name: 'رعاية الحيوانات' }).click();
      await gridBecomes(page, ['Dog grooming']);
      await page.getByRole('button', { name: 'أخرى' }).click();
      await page.getByText('لم نعثر على خدمات.').waitFor();
      assert.deepEqual(problems.errors, []);
    } finally {
      await context.close();
    }
  });

  it('shows the server-problem popup with a retry when the API fails, in English and in Hebrew', async () => {
    const { page, context } = await newPage(running.browser);
    try {
      for (const [language, text, retry, category] of [
        ['en', 'There was a problem with the server. Please try again in a few minutes.', 'Try again', 'Education and tutoring'],
        ['he', 'הייתה בעיה בשרת. נסו שוב בעוד כמה דקות.', 'ניסיון חוזר', 'חינוך ושיעורים פרטיים'],
      ] as const) {
        // The first results come with the page (the server writes them in); the next search asks the API.
        await page.goto(`${running.site.origin}/${language}/services`);
        await waitForResults(page);
        await page.route('**/api/v1/jobs?**', (route) =>
          route.fulfill({ status: 500, contentType: 'application/json', body: '{"statusCode":500,"messageKey":"serverError"}' }),
        );
        await page.getByRole('button', { name: category }).click();
        const popup = page.getByRole('alertdialog');
        await popup.getByText(text).waitFor();
        await page.unroute('**/api/v1/jobs?**');
        await popup.getByRole('button', { name: retry }).click();
        await gridBecomes(page, ['Math tutoring', 'שיעורי גיטרה']);
        assert.equal(await page.getByRole('alertdialog').count(), 0);
      }
    } finally {
      await context.close();
    }
  });
});
