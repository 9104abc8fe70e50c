import type { Page } from '@playwright/test';
import { apiSession, createListing } from '../support/accounts.js';
import { expect, test } from '../support/test.js';

// The services list (docs/product.md#routes, docs/product.md#search): only listings offered as services, in a
// grid, with category chips and the search bar; in English, Hebrew and Arabic, on the production build.
// The counts and the empty categories below are of the whole site: without demo listings, on a site of its
// own, it holds only what this spec publishes.
test.use({ siteEnv: { DEMO_DATA: 'off' } });

/** The listings the tests read, published through the API as their owners would. */
test.beforeAll(async ({ playwright, site }) => {
  const request = await playwright.request.newContext();
  try {
    const dana = await apiSession(request, site.origin, 'services-dana@e2e.test', 'Dana');
    const noa = await apiSession(request, site.origin, 'services-noa@e2e.test', 'נועה');
    await createListing(request, site.origin, dana, {
      jobTitle: 'Math tutoring',
      offerType: 'service',
      category: 'educationAndTutoring',
      amount: '120',
      paymentType: 'hourly',
      location: JSON.stringify({ city: 'Tel Aviv-Yafo', address: '' }),
    });
    await createListing(request, site.origin, noa, {
      jobTitle: 'שיעורי גיטרה',
      description: 'למתחילים ולמתקדמים, בבית התלמיד.',
      contactPersonName: 'נועה',
      offerType: 'service',
      category: 'educationAndTutoring',
      amount: '150',
      location: JSON.stringify({ city: 'חיפה', address: 'מוריה 20' }),
    });
    await createListing(request, site.origin, dana, {
      jobTitle: 'Dog grooming',
      offerType: 'service',
      category: 'petAndAnimalCare',
      amount: '90',
    });
    // A job in the same category and city: never on the services page.
    await createListing(request, site.origin, dana, {
      jobTitle: 'Tutor wanted for grade 8',
      offerType: 'job',
      category: 'educationAndTutoring',
      amount: '100',
      location: JSON.stringify({ city: 'Tel Aviv-Yafo', address: '' }),
    });
  } finally {
    await request.dispose();
  }
});

async function expectResultsShown(page: Page): Promise<void> {
  await expect(page.locator('.listing-results[aria-busy="false"]')).toBeVisible();
}

/**
 * The grid once it shows exactly these services (the previous answer stays on screen while loading): the
 * titles read in one go with the results' state, so a grid still loading never passes.
 */
async function expectGrid(page: Page, expected: string[]): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        if (!document.querySelector('.listing-results[aria-busy="false"]')) return 'loading';
        return [...document.querySelectorAll('.listing-card__title')].map((el) => (el as HTMLElement).innerText).sort();
      }),
    )
    .toEqual([...expected].sort());
}

test.describe('services', () => {
  test('in English: a grid of services only, category chips, search by a Hebrew word and by a city, kept in the URL', async ({
    page,
    pageErrors,
  }) => {
    await page.goto('/en/services');
    await expect(page.getByRole('heading', { name: 'Services', level: 1 })).toBeVisible();
    await expectResultsShown(page);
    await expectGrid(page, ['Dog grooming', 'Math tutoring', 'שיעורי גיטרה']);
    await expect(page.getByText('3 services found')).toBeVisible();
    await expect(page.locator('.listing-list--grid')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');

    await page.getByRole('button', { name: 'Education and tutoring' }).click();
    await expect(page).toHaveURL(/category=educationAndTutoring/);
    await expectGrid(page, ['Math tutoring', 'שיעורי גיטרה']);

    await page.getByLabel('What are you looking for?').fill('גיטרה');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expectGrid(page, ['שיעורי גיטרה']);
    const description = page.locator('.listing-card__description');
    await expect(description, "set in the listing's own direction").toHaveAttribute('dir', 'rtl');
    await expect(description, 'a Hebrew service reads right to left on the English page').toHaveCSS('direction', 'rtl');

    await page.getByLabel('What are you looking for?').fill('');
    await page.getByRole('combobox', { name: 'Where?' }).fill('TEL AVIV');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expectGrid(page, ['Math tutoring']);
    await page.reload();
    await expectGrid(page, ['Math tutoring']);
    await expect(page.getByRole('button', { name: 'Education and tutoring' }), 'a reload keeps the category').toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.goBack();
    await expectGrid(page, ['שיעורי גיטרה']);
    expect(pageErrors).toEqual([]);
  });

  test('in Hebrew: right to left, chips and search in Hebrew, and no services found for an empty category', async ({
    page,
    pageErrors,
  }) => {
    await page.goto('/he/services');
    await expect(page.getByRole('heading', { name: 'שירותים', level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expectResultsShown(page);
    await expect(page.getByText('נמצאו 3 שירותים')).toBeVisible();

    await page.getByRole('combobox', { name: 'איפה?' }).fill('חיפה');
    await page.getByRole('button', { name: 'חיפוש', exact: true }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get('location') === 'חיפה');
    // With "Dog grooming", placed in "Haifa" in English: a place is found by any of its names.
    await expectGrid(page, ['Dog grooming', 'שיעורי גיטרה']);
    // Hebrew writes the sign after the amount, with right-to-left marks that Intl adds around both.
    const price = page.locator('.listing-card', { hasText: 'שיעורי גיטרה' }).locator('bdi.listing-card__price');
    await expect.poll(async () => (await price.innerText()).replace(/[\u200e\u200f]/g, '')).toMatch(/^150\s₪$/);

    await page.getByRole('combobox', { name: 'איפה?' }).fill('');
    await page.getByRole('button', { name: 'חיפוש', exact: true }).click();
    await page.getByRole('button', { name: 'טיפול בחיות מחמד' }).click();
    await expectGrid(page, ['Dog grooming']);
    await expect(page.locator('.listing-card__title bdi'), 'an English title keeps its direction').toHaveCSS('direction', 'ltr');

    await page.getByRole('button', { name: 'אירועים וסידורים' }).click();
    await expect(page.getByText('לא נמצאו שירותים.')).toBeVisible();
    expect(pageErrors).toEqual([]);
  });

  test('in Arabic: the grid and its chips', async ({ page, pageErrors }) => {
    await page.goto('/ar/services');
    await expect(page.getByRole('heading', { name: 'الخدمات', level: 1 })).toBeVisible();
    await expectResultsShown(page);
    await expect(page.locator('.listing-card__title')).toHaveCount(3);
    await page.getByRole('button', { name: 'رعاية الحيوانات' }).click();
    await expectGrid(page, ['Dog grooming']);
    await page.getByRole('button', { name: 'أخرى' }).click();
    await expect(page.getByText('لم نعثر على خدمات.')).toBeVisible();
    expect(pageErrors).toEqual([]);
  });

  test('shows the server-problem popup with a retry when the API fails, in English and in Hebrew', async ({ page }) => {
    for (const [language, text, retry, category] of [
      ['en', 'There was a problem with the server. Please try again in a few minutes.', 'Try again', 'Education and tutoring'],
      ['he', 'הייתה בעיה בשרת. נסו שוב בעוד כמה דקות.', 'ניסיון חוזר', 'חינוך ושיעורים פרטיים'],
    ] as const) {
      // The first results come with the page (the server writes them in); the next search asks the API.
      await page.goto(`/${language}/services`);
      await expectResultsShown(page);
      await page.route('**/api/v1/jobs?**', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"statusCode":500,"messageKey":"serverError"}' }),
      );
      await page.getByRole('button', { name: category }).click();
      const popup = page.getByRole('alertdialog');
      await expect(popup.getByText(text)).toBeVisible();
      await page.unroute('**/api/v1/jobs?**');
      await popup.getByRole('button', { name: retry }).click();
      await expectGrid(page, ['Math tutoring', 'שיעורי גיטרה']);
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
    }
  });
});
