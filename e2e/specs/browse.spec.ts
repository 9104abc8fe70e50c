import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiSession, createListing, signInThroughProvider } from '../support/accounts.js';
import { expect, test } from '../support/test.js';
import { REPO_ROOT } from '../../shared/build/workspaces.cjs';

// Finding work: the home list, /tasks and a listing's page, in English and in Hebrew, on the
// production build with listings published through the API. The counts of the list ("12 of 29") are of a
// site of this spec's own, without demo listings.

test.use({ siteEnv: { DEMO_DATA: 'off' } });

/** The ids of the listings `test.beforeAll` publishes. */
const ids = { sofa: 0, dog: 0, tutor: 0, garden: 0 };

/** Errands whose pay is in no relation to the order they were posted in, so that each sort order shows. */
const errands = Array.from({ length: 26 }, (_, i) => ({ title: `Errand number ${i + 1}`, amount: 100 + (((i + 1) * 7 + 3) % 26) }));
const bySalary = (direction: 1 | -1) => [...errands].sort((a, b) => direction * (a.amount - b.amount)).map((e) => e.title);
const newestFirst = [...errands].reverse().map((e) => e.title);

/** A listing with photos: the multipart post payload as the posting form sends it, files included. */
async function createListingWithPhotos(
  request: APIRequestContext,
  origin: string,
  token: string,
  fields: Record<string, string>,
  photos: Buffer[],
): Promise<number> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  photos.forEach((photo, i) => form.append('photos', new Blob([new Uint8Array(photo)], { type: 'image/png' }), `photo-${i + 1}.png`));
  const response = await request.post(`${origin}/api/v1/jobs`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: form,
  });
  if (response.status() !== 201) throw new Error(`listing not created: ${await response.text()}`);
  return ((await response.json()) as { job_id: number }).job_id;
}

/** The listings the tests read, published through the API as their owners would. */
test.beforeAll(async ({ playwright, site }) => {
  const { origin } = site;
  const request = await playwright.request.newContext();
  try {
    const dana = await apiSession(request, origin, 'browse-dana@e2e.test', 'Dana');
    const yossi = await apiSession(request, origin, 'browse-yossi@e2e.test', 'יוסי');
    ids.sofa = await createListing(request, origin, yossi, {
      jobTitle: 'עזרה בהובלת ספה',
      description: 'קומה שלישית בלי מעלית.',
      amount: '300',
      contactPersonName: 'יוסי',
      location: JSON.stringify({ city: 'חיפה', address: 'הרצל 10' }),
      contactMethods: JSON.stringify(['phone', 'whatsapp']),
    });
    ids.dog = await createListing(request, origin, dana, {
      jobTitle: 'Dog walker mornings',
      category: 'petAndAnimalCare',
      amount: '45',
      paymentType: 'hourly',
      location: JSON.stringify({ city: 'Tel Aviv-Yafo', address: '' }),
    });
    ids.tutor = await createListing(request, origin, dana, {
      jobTitle: 'Math tutoring',
      offerType: 'service',
      category: 'educationAndTutoring',
      amount: '120',
      paymentType: 'hourly',
    });
    const colours = [
      { r: 200, g: 60, b: 40 },
      { r: 40, g: 160, b: 60 },
      { r: 40, g: 80, b: 200 },
    ];
    const photos = await Promise.all(
      colours.map((background) =>
        sharp({ create: { width: 640, height: 400, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    );
    ids.garden = await createListingWithPhotos(
      request,
      origin,
      dana,
      {
        jobTitle: 'Garden cleanup',
        description: 'Leaves and branches, about three hours.',
        category: 'homeServices',
        paymentType: 'fixed',
        amount: '250',
        contactPersonName: 'Dana',
        phone: '052-7654-321',
        contactEmail: 'dana@example.com',
        contactMethods: JSON.stringify(['phone', 'email']),
        location: JSON.stringify({ city: 'Ramat Gan', address: 'Bialik 5' }),
        offerType: 'job',
      },
      photos,
    );
    for (const errand of errands) {
      await createListing(request, origin, dana, {
        jobTitle: errand.title,
        category: 'eventAndErrands',
        amount: String(errand.amount),
      });
    }
  } finally {
    await request.dispose();
  }
});

const titles = (page: Page) => page.locator('.listing-card__title');

/** The list has its answer: not loading any more. */
async function expectResults(page: Page): Promise<void> {
  await expect(page.locator('.listing-results[aria-busy="false"]')).toBeVisible();
}

/** The list once its first card is the expected one (the previous answer stays on screen while loading). */
async function expectFirstTitle(page: Page, title: string): Promise<void> {
  await expect(page.locator('.listing-list > li').first().locator('.listing-card__title')).toHaveText(title);
  await expectResults(page);
}

/** Types into the search bar and presses its button, as a visitor does. */
async function search(
  page: Page,
  labels: { text: string; location: string; submit: string },
  text: string,
  location: string,
): Promise<void> {
  await page.getByLabel(labels.text).fill(text);
  await page.getByRole('combobox', { name: labels.location }).fill(location);
  await page.getByRole('button', { name: labels.submit, exact: true }).click();
}

const EN = { text: 'What are you looking for?', location: 'Where?', submit: 'Search' };
const HE = { text: 'מה מחפשים?', location: 'איפה?', submit: 'חיפוש' };

/** The structured data blocks of the page, parsed. */
function structuredData(page: Page): Promise<Record<string, unknown>[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('script[type="application/ld+json"]')].map(
      (s) => JSON.parse(s.textContent ?? 'null') as Record<string, unknown>,
    ),
  );
}

test.describe('finding work', () => {
  test('shows the first listings that came with the page, without a request or the API client, and asks the API for the next search', async ({
    page,
    context,
  }) => {
    const listingRequests: string[] = [];
    const scripts: string[] = [];
    context.on('request', (request) => {
      if (request.url().includes('/api/v1/jobs?')) listingRequests.push(request.url());
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/en/');
    await expectResults(page);
    await expect(page.locator('.listing-card').first()).toBeVisible();
    expect(listingRequests, 'the server wrote the first answer into the page').toEqual([]);
    const chunkGroups = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'shell', 'dist', 'chunk-groups.json'), 'utf8')) as Record<
      string,
      string[]
    >;
    const clientFiles = (chunkGroups['http-client'] ?? []).filter((file) => file.endsWith('.js')).map((file) => `/mfe/shell/${file}`);
    expect(clientFiles.length, 'the build names the API client’s files').toBeGreaterThan(0);
    expect(
      scripts.filter((file) => clientFiles.includes(file)),
      'axios is not downloaded for the first render',
    ).toEqual([]);
    await Promise.all([
      page.waitForResponse((response) => response.url().includes('/api/v1/jobs?')),
      page.getByRole('button', { name: 'Pet and animal care' }).click(),
    ]);
    expect(listingRequests, 'a search asks the API').toHaveLength(1);
  });

  test('in English: searches by a Hebrew word and by a city, filters by category, and the URL keeps the search', async ({
    page,
    pageErrors,
  }) => {
    await page.goto('/en/');
    await expect(page.getByRole('heading', { name: 'Small jobs near you' })).toBeVisible();
    await expectResults(page);
    await expect(page.getByText('Showing 12 of 29 jobs')).toBeVisible();
    expect(await titles(page).allInnerTexts(), 'services are not jobs').not.toContain('Math tutoring');

    await search(page, EN, 'ספה', '');
    await expect(page).toHaveURL(/q=/);
    await expectFirstTitle(page, 'עזרה בהובלת ספה');
    await expect(titles(page)).toHaveText(['עזרה בהובלת ספה']);
    const title = page.locator('.listing-card__title bdi').first();
    await expect(title, 'Hebrew text reads right to left on the English page').toHaveCSS('direction', 'rtl');
    const description = page.locator('.listing-card__description').first();
    // Set in the listing's own language and direction, as its title is.
    await expect(description).toHaveAttribute('dir', 'rtl');
    await expect(description).toHaveAttribute('lang', 'he');
    await expect(description).toHaveCSS('direction', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

    await search(page, EN, '', 'tel aviv');
    await expect(page).toHaveURL(/location=tel/);
    await expectFirstTitle(page, 'Dog walker mornings');
    await expect(titles(page)).toHaveText(['Dog walker mornings']);

    await page.reload();
    await expectResults(page);
    await expect(titles(page), 'a reload restores the search from the URL').toHaveText(['Dog walker mornings']);
    await expect(page.getByRole('combobox', { name: 'Where?' })).toHaveValue('tel aviv');

    await search(page, EN, '', '');
    await page.getByRole('button', { name: 'Pet and animal care' }).click();
    await expect(page).toHaveURL(/category=petAndAnimalCare/);
    await expectFirstTitle(page, 'Dog walker mornings');
    await expect(titles(page)).toHaveText(['Dog walker mornings']);
    await expect(page.getByRole('button', { name: 'Pet and animal care' })).toHaveAttribute('aria-pressed', 'true');

    await page.goBack();
    await expect(page).toHaveURL((url) => !url.search.includes('category='));
    await expect(page.locator('.listing-card').nth(1)).toBeVisible();
    await expect(page.getByRole('button', { name: 'All' }), 'Back restores the earlier search').toHaveAttribute('aria-pressed', 'true');
    await search(page, EN, 'no such thing anywhere', '');
    await expect(page.getByText('No jobs found.')).toBeVisible();
    expect(pageErrors).toEqual([]);
  });

  test('in Hebrew: the same search right to left, kept in the URL over a reload and Back', async ({ page, pageErrors }) => {
    await page.goto('/he/');
    await expect(page.getByRole('heading', { name: 'עבודות קטנות באזור שלכם' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expectResults(page);
    await expect(page.getByText('מוצגות 12 מתוך 29 עבודות')).toBeVisible();

    await search(page, HE, 'ספה', '');
    await expectFirstTitle(page, 'עזרה בהובלת ספה');
    await expect(titles(page)).toHaveText(['עזרה בהובלת ספה']);
    await expect(page).toHaveURL((url) => url.searchParams.get('q') === 'ספה');

    // Typed in Hebrew, it finds the listing its poster placed in "Tel Aviv-Yafo", in English.
    await search(page, HE, '', 'תל אביב');
    await expect(page).toHaveURL((url) => url.searchParams.get('location') === 'תל אביב');
    await expectFirstTitle(page, 'Dog walker mornings');
    await expect(titles(page), 'only the listing in Tel Aviv, whatever language it was placed in').toHaveText(['Dog walker mornings']);
    await page.reload();
    await expectResults(page);
    await expect(titles(page)).toHaveText(['Dog walker mornings']);
    await expect(page.getByRole('combobox', { name: 'איפה?' })).toHaveValue('תל אביב');

    await search(page, HE, '', '');
    await page.getByRole('button', { name: 'טיפול בחיות מחמד' }).click();
    await expect(page).toHaveURL(/category=petAndAnimalCare/);
    await expectFirstTitle(page, 'Dog walker mornings');
    await expect(titles(page)).toHaveText(['Dog walker mornings']);
    await expect(page.locator('.listing-card__title bdi').first(), 'an English title keeps its direction on the Hebrew page').toHaveCSS(
      'direction',
      'ltr',
    );

    await page.goBack();
    await expect(page).toHaveURL((url) => !url.search.includes('category='));
    await expect(page.locator('.listing-card').nth(1)).toBeVisible();
    await search(page, HE, 'אין דבר כזה', '');
    await expect(page.getByText('לא נמצאו עבודות.')).toBeVisible();
    expect(pageErrors).toEqual([]);
  });

  test('sorts by each order and pages through the results, in English and in Hebrew', async ({ page }) => {
    await page.goto('/en/?category=eventAndErrands');
    await expectResults(page);
    await expect(page.getByText('Showing 12 of 26 jobs')).toBeVisible();
    await expect(page.getByText('Page 1 of 3')).toBeVisible();
    await expect(titles(page)).toHaveText(newestFirst.slice(0, 12));

    await page.getByLabel('Sort by').selectOption('salary-high');
    await expect(page).toHaveURL(/sort=salary-high/);
    await expectFirstTitle(page, bySalary(-1)[0] ?? '');
    await expect(titles(page)).toHaveText(bySalary(-1).slice(0, 12));

    await page.getByLabel('Sort by').selectOption('salary-low');
    await expect(page).toHaveURL(/sort=salary-low/);
    await expectFirstTitle(page, bySalary(1)[0] ?? '');
    await expect(titles(page)).toHaveText(bySalary(1).slice(0, 12));

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Page 2 of 3')).toBeVisible();
    await expectFirstTitle(page, bySalary(1)[12] ?? '');
    await expect(page).toHaveURL(/page=2/);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Page 3 of 3')).toBeVisible();
    await expectFirstTitle(page, bySalary(1)[24] ?? '');
    await expect(titles(page)).toHaveText(bySalary(1).slice(24));
    await expect(page.getByText('Showing 2 of 26 jobs')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByText('Page 2 of 3')).toBeVisible();
    await page.goBack();
    await expect(page.getByText('Page 3 of 3')).toBeVisible();

    await page.goto('/he/?category=eventAndErrands&sort=salary-high&page=2');
    await expect(page.getByText('עמוד 2 מתוך 3')).toBeVisible();
    await expectResults(page);
    await expect(titles(page)).toHaveText(bySalary(-1).slice(12, 24));
    await expect(page.getByLabel('מיון לפי')).toHaveValue('salary-high');
    await page.getByRole('button', { name: 'הקודם' }).click();
    await expect(page.getByText('עמוד 1 מתוך 3')).toBeVisible();
    await expectFirstTitle(page, bySalary(-1)[0] ?? '');
    await expect(page.getByRole('button', { name: 'הקודם' })).toBeDisabled();
  });

  test('/tasks waits for a first search, then shows real listings', async ({ page }) => {
    await page.goto('/en/tasks');
    await expect(page.getByText('Type what you are looking for')).toBeVisible();
    await expect(page.locator('.listing-card')).toHaveCount(0);
    await search(page, EN, 'dog', '');
    await expectFirstTitle(page, 'Dog walker mornings');
    await expect(titles(page)).toHaveText(['Dog walker mornings']);
  });

  test('in Hebrew: shows a job with its details, and reveals the phone only on request', async ({ page, pageErrors }) => {
    await page.goto(`/he/job/${ids.sofa}`);
    await expect(page.getByRole('heading', { name: 'עזרה בהובלת ספה', level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    expect(await page.content(), 'no phone in the page before asking').not.toContain('054-123-4567');
    await page.getByRole('button', { name: 'הצגת הטלפון' }).click();
    const phone = page.getByRole('link', { name: '054-123-4567' });
    await expect(phone).toBeVisible();
    await expect(phone).toHaveAttribute('href', 'tel:+972541234567');
    await expect(phone.locator('bdi'), 'the number never flips').toHaveAttribute('dir', 'ltr');
    await page.getByRole('button', { name: 'יצירת קשר ישיר' }).click();
    const whatsapp = page.getByRole('link', { name: 'וואטסאפ' });
    await expect(whatsapp).toBeVisible();
    await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/972541234567\?text=/);
    const href = (await whatsapp.getAttribute('href')) ?? '';
    expect(decodeURIComponent(href.split('text=')[1] ?? '')).toMatch(/ראיתי את המודעה "עזרה בהובלת ספה"/);
    await expect(page.getByRole('link', { name: 'אימייל' }), 'email was not a method the poster chose').toHaveCount(0);
    expect(pageErrors).toEqual([]);
  });

  test('in English: photos by keyboard, structured data without contact details, a refused reveal, then call and email', async ({
    page,
    pageErrors,
  }) => {
    // Arriving from the list, inside the app: the page writes its own structured data.
    await page.goto('/en/?q=garden');
    await expectFirstTitle(page, 'Garden cleanup');
    const cardPhoto = page.locator('.listing-card img').first();
    await expect(cardPhoto).toHaveAttribute('loading', 'lazy');
    expect(Number(await cardPhoto.getAttribute('width')), 'the card photo’s width is set').toBeGreaterThan(0);
    expect(Number(await cardPhoto.getAttribute('height')), 'the card photo’s height is set').toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Garden cleanup' }).click();
    await expect(page.getByRole('heading', { name: 'Garden cleanup', level: 1 })).toBeVisible();
    await expect.poll(() => structuredData(page)).toHaveLength(1);
    const written = await structuredData(page);
    expect(written[0]?.['@type']).toBe('JobPosting');
    expect(written[0]?.title).toBe('Garden cleanup');

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Garden cleanup', level: 1 })).toBeVisible();
    await expect.poll(() => structuredData(page), { message: 'the server’s block and the page’s are one' }).toHaveLength(1);
    const blocks = await structuredData(page);
    expect(blocks[0]?.baseSalary).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'ILS',
      value: { '@type': 'QuantitativeValue', value: 250, unitText: 'PROJECT' },
    });
    expect(blocks[0]?.jobLocation).toEqual({
      '@type': 'Place',
      address: { '@type': 'PostalAddress', addressLocality: 'Ramat Gan', addressCountry: 'IL' },
      geo: { '@type': 'GeoCoordinates', latitude: 32.08227, longitude: 34.81065 },
    });
    expect(JSON.stringify(blocks)).not.toMatch(/7654321|527654|dana@example/);

    const gallery = page.getByRole('region', { name: 'Photos of Garden cleanup' });
    await expect(gallery.locator('img')).toHaveCount(3);
    const track = gallery.locator('.gallery__track');
    await expect(track, 'a swipe stops on a photo').toHaveCSS('scroll-snap-type', 'x mandatory');
    await track.focus();
    await page.keyboard.press('ArrowRight');
    await expect(gallery.getByText('2 of 3', { exact: true })).toBeVisible();
    await gallery.getByRole('button', { name: 'Next photo' }).click();
    await expect(gallery.getByText('3 of 3', { exact: true })).toBeVisible();
    await track.focus();
    await page.keyboard.press('Home');
    await expect(gallery.getByText('1 of 3', { exact: true })).toBeVisible();

    await page.route('**/api/v1/jobs/*/contact', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', body: '{"statusCode":429,"messageKey":"rateLimited"}' }),
    );
    await page.getByRole('button', { name: 'Show phone' }).click();
    await expect(page.getByRole('alert').getByText('Too many attempts. Please wait a minute and try again.')).toBeVisible();
    await page.unroute('**/api/v1/jobs/*/contact');
    await page.getByRole('button', { name: 'Contact directly' }).click();
    const call = page.getByRole('link', { name: 'Call' });
    await expect(call).toBeVisible();
    await expect(call).toHaveAttribute('href', 'tel:+972527654321');
    const email = page.getByRole('link', { name: 'Email', exact: true });
    await expect(email).toHaveAttribute('href', /^mailto:/);
    const mail = new URL((await email.getAttribute('href')) ?? '');
    expect(mail.protocol + mail.pathname).toBe('mailto:dana@example.com');
    expect(mail.searchParams.get('subject')).toBe('Your listing on Tasko: Garden cleanup');
    await expect(page.getByRole('link', { name: 'WhatsApp' })).toHaveCount(0);
    expect(pageErrors.filter((error) => !error.includes('429'))).toEqual([]);
  });

  test('says "Job not found" for an unknown or malformed id, in English and in Hebrew', async ({ page }) => {
    for (const id of ['999999', 'abc']) {
      await page.goto(`/en/job/${id}`);
      await expect(page.getByRole('heading', { name: 'Job not found', exact: true }), id).toBeVisible();
    }
    await page.goto('/he/job/999999');
    await expect(page.getByRole('heading', { name: 'המודעה לא נמצאה', exact: true })).toBeVisible();
  });

  test('lets a signed-in visitor report a listing once, and keeps the note when the dialog is closed with Escape', async ({ page }) => {
    await page.goto(`/en/job/${ids.dog}`);
    await page.getByRole('link', { name: 'Log in to report' }).click();
    await signInThroughProvider(page, 'browse-rina@e2e.test', 'Rina', 'Sign in with Google');
    await expect(page).toHaveURL(new RegExp(`/en/job/${ids.dog}$`));
    const open = page.getByRole('button', { name: 'Report' });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Report this listing' });
    const note = dialog.getByLabel('Tell us more (optional)');
    await note.fill('Only men may apply.');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open, 'the focus returns to the button').toBeFocused();
    await open.click();
    await expect(note).toHaveValue('Only men may apply.');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByText('Choose a reason for the report.')).toBeVisible();
    await dialog.getByLabel('Discriminatory').check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByText('Thank you. We have received your report')).toBeVisible();
    await page.reload();
    await page.getByRole('button', { name: 'Report' }).click();
    await page.getByLabel('Scam or fraud').check();
    await page.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByText('You have already reported this listing.')).toBeVisible();
  });
});
