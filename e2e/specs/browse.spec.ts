import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { APIRequestContext, Page } from 'playwright-core';
import { apiSession, createListing, signInThroughProvider } from '../support/accounts.js';
import { newPage, useSiteAndBrowser } from '../support/site.js';
import { REPO_ROOT } from '../../shared/build/workspaces.cjs';

// Finding work: the home list, /tasks and a listing's page, in English and in Hebrew, on the
// production build with listings published through the API.

const running = useSiteAndBrowser({ DEMO_DATA: 'off' }, [], publishListings);
const ids: Record<string, number> = {};

/** Errands whose pay is in no relation to the order they were posted in, so that each sort order shows. */
const errands = Array.from({ length: 26 }, (_, i) => ({ title: `Errand number ${i + 1}`, amount: 100 + (((i + 1) * 7 + 3) % 26) }));
const bySalary = (direction: 1 | -1) => [...errands].sort((a, b) => direction * (a.amount - b.amount)).map((e) => e.title);
const newestFirst = [...errands].reverse().map((e) => e.title);

/** A listing with photos: the multipart post payload as the posting form sends it, files included. */
async function createListingWithPhotos(
  request: APIRequestContext,
  token: string,
  fields: Record<string, string>,
  photos: Buffer[],
): Promise<number> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  photos.forEach((photo, i) => form.append('photos', new Blob([new Uint8Array(photo)], { type: 'image/png' }), `photo-${i + 1}.png`));
  const response = await request.post(`${running.site.origin}/api/v1/jobs`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: form,
  });
  if (response.status() !== 201) throw new Error(`listing not created: ${await response.text()}`);
  return (await response.json()).job_id as number;
}

/** The listings the tests read, published through the API as their owners would. */
async function publishListings(): Promise<void> {
  const { context, page } = await newPage(running.browser);
  const dana = await apiSession(page.request, running.site.origin, 'dana@example.com', 'Dana');
  const yossi = await apiSession(page.request, running.site.origin, 'yossi@example.com', 'יוסי');
  ids.sofa = await createListing(page.request, running.site.origin, yossi, {
    jobTitle: 'עזרה בהובלת ספה',
    description: 'קומה שלישית בלי מעלית.',
    amount: '300',
    contactPersonName: 'יוסי',
    location: JSON.stringify({ city: 'חיפה', address: 'הרצל 10' }),
    contactMethods: JSON.stringify(['phone', 'whatsapp']),
  });
  ids.dog = await createListing(page.request, running.site.origin, dana, {
    jobTitle: 'Dog walker mornings',
    category: 'petAndAnimalCare',
    amount: '45',
    paymentType: 'hourly',
    location: JSON.stringify({ city: 'Tel Aviv-Yafo', address: '' }),
  });
  ids.tutor = await createListing(page.request, running.site.origin, dana, {
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
    page.request,
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
    await createListing(page.request, running.site.origin, dana, {
      jobTitle: errand.title,
      category: 'eventAndErrands',
      amount: String(errand.amount),
    });
  }
  await context.close();
}
const titles = (page: Page) => page.locator('.listing-card__title').allInnerTexts();

async function waitForResults(page: Page): Promise<void> {
  await page.locator('.listing-results[aria-busy="false"]').waitFor();
}

/** The list once its first card is the expected one (the previous answer stays on screen while loading). */
async function firstTitleBecomes(page: Page, title: string): Promise<void> {
  await page
    .locator('.listing-list > li')
    .first()
    .locator('.listing-card__title', { hasText: new RegExp(`^${title}$`) })
    .waitFor();
  await waitForResults(page);
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

describe('finding work', () => {
  it('shows the first listings that came with the page, without a request or the API client, and asks the API for the next search', async () => {
    const { page, context } = await newPage(running.browser);
    try {
      const listingRequests: string[] = [];
      const scripts: string[] = [];
      context.on('request', (request) => {
        if (request.url().includes('/api/v1/jobs?')) listingRequests.push(request.url());
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await page.goto(`${running.site.origin}/en/`);
      await waitForResults(page);
      assert.ok((await page.locator('.listing-card').count()) > 0);
      assert.deepEqual(listingRequests, [], 'the server wrote the first answer into the page');
      const chunkGroups = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'shell', 'dist', 'chunk-groups.json'), 'utf8')) as Record<
        string,
        string[]
      >;
      const clientFiles = (chunkGroups['http-client'] ?? []).filter((file) => file.endsWith('.js')).map((file) => `/mfe/shell/${file}`);
      assert.ok(clientFiles.length > 0);
      assert.deepEqual(
        scripts.filter((file) => clientFiles.includes(file)),
        [],
        'axios is not downloaded for the first render',
      );
      await Promise.all([
        page.waitForResponse((response) => response.url().includes('/api/v1/jobs?')),
        page.getByRole('button', { name: 'Pet and animal care' }).click(),
      ]);
      assert.equal(listingRequests.length, 1, 'a search asks the API');
    } finally {
      await context.close();
    }
  });

  it('in English: searches by a Hebrew word and by a city, filters by category, and the URL keeps the search', async () => {
    const { page, context, problems } = await newPage(running.browser);
    try {
      await page.goto(`${running.site.origin}/en/`);
      await page.getByRole('heading', { name: 'Small jobs near you' }).waitFor();
      await waitForResults(page);
      await page.getByText('Showing 12 of 29 jobs').waitFor();
      assert.ok(!(await titles(page)).includes('Math tutoring'), 'services are not jobs');

      await search(page, EN, 'ספה', '');
      await page.waitForURL(/q=/);
      await firstTitleBecomes(page, 'עזרה בהובלת ספה');
      assert.deepEqual(await titles(page), ['עזרה בהובלת ספה']);
      const title = page.locator('.listing-card__title bdi').first();
      assert.equal(
        await title.evaluate((el) => getComputedStyle(el).direction),
        'rtl',
        'Hebrew text reads right to left on the English page',
      );
      const description = page.locator('.listing-card__description').first();
      // Set in the listing's own language and direction, as its title is.
      assert.equal(await description.getAttribute('dir'), 'rtl');
      assert.equal(await description.getAttribute('lang'), 'he');
      assert.equal(await description.evaluate((el) => getComputedStyle(el).direction), 'rtl');
      assert.equal(await page.evaluate(() => document.documentElement.dir), 'ltr');

      await search(page, EN, '', 'tel aviv');
      await page.waitForURL(/location=tel/);
      await firstTitleBecomes(page, 'Dog walker mornings');
      assert.deepEqual(await titles(page), ['Dog walker mornings']);

      await page.reload();
      await waitForResults(page);
      assert.deepEqual(await titles(page), ['Dog walker mornings'], 'a reload restores the search from the URL');
      assert.equal(await page.getByRole('combobox', { name: 'Where?' }).inputValue(), 'tel aviv');

      await search(page, EN, '', '');
      await page.getByRole('button', { name: 'Pet and animal care' }).click();
      await page.waitForURL(/category=petAndAnimalCare/);
      await firstTitleBecomes(page, 'Dog walker mornings');
      assert.deepEqual(await titles(page), ['Dog walker mornings']);
      assert.equal(await page.getByRole('button', { name: 'Pet and animal care' }).getAttribute('aria-pressed'), 'true');

      await page.goBack();
      await page.waitForURL((url) => !url.search.includes('category='));
      await page.locator('.listing-card').nth(1).waitFor();
      assert.equal(
        await page.getByRole('button', { name: 'All' }).getAttribute('aria-pressed'),
        'true',
        'Back restores the earlier search',
      );
      await search(page, EN, 'no such thing anywhere', '');
      await page.getByText('No jobs found.').waitFor();
      assert.deepEqual(problems.errors, []);
    } finally {
      await context.close();
    }
  });

  it('in Hebrew: the same search right to left, kept in the URL over a reload and Back', async () => {
    const { page, context, problems } = await newPage(running.browser);
    try {
      await page.goto(`${running.site.origin}/he/`);
      await page.getByRole('heading', { name: 'עבודות קטנות באזור שלכם' }).waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
      await waitForResults(page);
      await page.getByText('מוצגות 12 מתוך 29 עבודות').waitFor();

      await search(page, HE, 'ספה', '');
      await firstTitleBecomes(page, 'עזרה בהובלת ספה');
      assert.deepEqual(await titles(page), ['עזרה בהובלת ספה']);
      assert.equal(new URL(page.url()).searchParams.get('q'), 'ספה');

      // Typed in Hebrew, it finds the listing its poster placed in "Tel Aviv-Yafo", in English.
      await search(page, HE, '', 'תל אביב');
      await page.waitForURL((url) => url.searchParams.get('location') === 'תל אביב');
      await firstTitleBecomes(page, 'Dog walker mornings');
      assert.deepEqual(await titles(page), ['Dog walker mornings'], 'only the listing in Tel Aviv, whatever language it was placed in');
      await page.reload();
      await waitForResults(page);
      assert.deepEqual(await titles(page), ['Dog walker mornings']);
      assert.equal(await page.getByRole('combobox', { name: 'איפה?' }).inputValue(), 'תל אביב');

      await search(page, HE, '', '');
      await page.getByRole('button', { name: 'טיפול בחיות מחמד' }).click();
      await page.waitForURL(/category=petAndAnimalCare/);
      await firstTitleBecomes(page, 'Dog walker mornings');
      assert.deepEqual(await titles(page), ['Dog walker mornings']);
      assert.equal(
        await page
          .locator('.listing-card__title bdi')
          .first()
          .evaluate((el) => getComputedStyle(el).direction),
        'ltr',
        'an English title keeps its direction on the Hebrew page',
      );

      await page.goBack();
      await page.waitForURL((url) => !url.search.includes('category='));
      await page.locator('.listing-card').nth(1).waitFor();
      await search(page, HE, 'אין דבר כזה', '');
      await page.getByText('לא נמצאו עבודות.').waitFor();
      assert.deepEqual(problems.errors, []);
    } finally {
      await context.close();
    }
  });

  it('sorts by each order and pages through the results, in English and in Hebrew', async () => {
    const { page, context } = await newPage(running.browser);
    try {
      await page.goto(`${running.site.origin}/en/?category=eventAndErrands`);
      await waitForResults(page);
      await page.getByText('Showing 12 of 26 jobs').waitFor();
      await page.getByText('Page 1 of 3').waitFor();
      assert.deepEqual(await titles(page), newestFirst.slice(0, 12));

      await page.getByLabel('Sort by').selectOption('salary-high');
      await page.waitForURL(/sort=salary-high/);
      await firstTitleBecomes(page, bySalary(-1)[0] ?? '');
      assert.deepEqual(await titles(page), bySalary(-1).slice(0, 12));

      await page.getByLabel('Sort by').selectOption('salary-low');
      await page.waitForURL(/sort=salary-low/);
      await firstTitleBecomes(page, bySalary(1)[0] ?? '');
      assert.deepEqual(await titles(page), bySalary(1).slice(0, 12));

      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Page 2 of 3').waitFor();
      await firstTitleBecomes(page, bySalary(1)[12] ?? '');
      assert.ok(page.url().includes('page=2'));
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Page 3 of 3').waitFor();
      await firstTitleBecomes(page, bySalary(1)[24] ?? '');
      assert.deepEqual(await titles(page), bySalary(1).slice(24));
      await page.getByText('Showing 2 of 26 jobs').waitFor();
      assert.ok(await page.getByRole('button', { name: 'Next' }).isDisabled());
      await page.getByRole('button', { name: 'Previous' }).click();
      await page.getByText('Page 2 of 3').waitFor();
      await page.goBack();
      await page.getByText('Page 3 of 3').waitFor();

      await page.goto(`${running.site.origin}/he/?category=eventAndErrands&sort=salary-high&page=2`);
      await page.getByText('עמוד 2 מתוך 3').waitFor();
      await waitForResults(page);
      assert.deepEqual(await titles(page), bySalary(-1).slice(12, 24));
      assert.equal(await page.getByLabel('מיון לפי').inputValue(), 'salary-high');
      await page.getByRole('button', { name: 'הקודם' }).click();
      await page.getByText('עמוד 1 מתוך 3').waitFor();
      await firstTitleBecomes(page, bySalary(-1)[0] ?? '');
      assert.ok(await page.getByRole('button', { name: 'הקודם' }).isDisabled());
    } finally {
      await context.close();
    }
  });

  it('/tasks waits for a first search, then shows real listings', async () => {
    const { page, context } = await newPage(running.browser);
    try {
      await page.goto(`${running.site.origin}/en/tasks`);
      await page.getByText('Type what you are looking for').waitFor();
      assert.equal(await page.locator('.listing-card').count(), 0);
      await search(page, EN, 'dog', '');
      await firstTitleBecomes(page, 'Dog walker mornings');
      assert.deepEqual(await titles(page), ['Dog walker mornings']);
    } finally {
      await context.close();
    }
  });

  it('in Hebrew: shows a job with its details, and reveals the phone only on request', async () => {
    const { page, context, problems } = await newPage(running.browser);
    try {
      await page.goto(`${running.site.origin}/he/job/${ids.sofa}`);
      await page.getByRole('heading', { name: 'עזרה בהובלת ספה', level: 1 }).waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
      assert.ok(!(await page.content()).includes('054-123-4567'), 'no phone in the page before asking');
      await page.getByRole('button', { name: 'הצגת הטלפון' }).click();
      const phone = page.getByRole('link', { name: '054-123-4567' });
      await phone.waitFor();
      assert.equal(await phone.getAttribute('href'), 'tel:+972541234567');
      assert.equal(await phone.locator('bdi').getAttribute('dir'), 'ltr', 'the number never flips');
      await page.getByRole('button', { name: 'יצירת קשר ישיר' }).click();
      const whatsapp = page.getByRole('link', { name: 'וואטסאפ' });
      await whatsapp.waitFor();
      const href = (await whatsapp.getAttribute('href')) ?? '';
      assert.ok(href.startsWith('https://wa.me/972541234567?text='));
      assert.match(decodeURIComponent(href.split('text=')[1] ?? ''), /ראיתי את המודעה "עזרה בהובלת ספה"/);
      assert.equal(await page.getByRole('link', { name: 'אימייל' }).count(), 0, 'email was not a method the poster chose');
      assert.deepEqual(problems.errors, []);
    } finally {
      await context.close();
    }
  });

  it('in English: photos by keyboard, structured data without contact details, a refused reveal, then call and email', async () => {
    const { page, context, problems } = await newPage(running.browser);
    try {
      // Arriving from the list, inside the app: the page writes its own structured data.
      await page.goto(`${running.site.origin}/en/?q=garden`);
      await firstTitleBecomes(page, 'Garden cleanup');
      const cardPhoto = page.locator('.listing-card img').first();
      assert.equal(await cardPhoto.getAttribute('loading'), 'lazy');
      assert.ok(Number(await cardPhoto.getAttribute('width')) > 0 && Number(await cardPhoto.getAttribute('height')) > 0);
      await page.getByRole('link', { name: 'Garden cleanup' }).click();
      await page.getByRole('heading', { name: 'Garden cleanup', level: 1 }).waitFor();
      let blocks = await structuredData(page);
      assert.equal(blocks.length, 1);
      assert.equal(blocks[0]?.['@type'], 'JobPosting');
      assert.equal(blocks[0]?.title, 'Garden cleanup');

      await page.reload();
      await page.getByRole('heading', { name: 'Garden cleanup', level: 1 }).waitFor();
      blocks = await structuredData(page);
      assert.equal(blocks.length, 1, 'the server’s block and the page’s are one');
      assert.deepEqual(blocks[0]?.baseSalary, {
        '@type': 'MonetaryAmount',
        currency: 'ILS',
        value: { '@type': 'QuantitativeValue', value: 250, unitText: 'PROJECT' },
      });
      assert.deepEqual(blocks[0]?.jobLocation, {
        '@type': 'Place',
        address: { '@type': 'PostalAddress', addressLocality: 'Ramat Gan', addressCountry: 'IL' },
        geo: { '@type': 'GeoCoordinates', latitude: 32.08227, longitude: 34.81065 },
      });
      assert.doesNotMatch(JSON.stringify(blocks), /7654321|527654|dana@example/);

      const gallery = page.getByRole('region', { name: 'Photos of Garden cleanup' });
      assert.equal(await gallery.locator('img').count(), 3);
      const track = gallery.locator('.gallery__track');
      assert.equal(await track.evaluate((el) => getComputedStyle(el).scrollSnapType), 'x mandatory', 'a swipe stops on a photo');
      await track.focus();
      await page.keyboard.press('ArrowRight');
      await gallery.getByText('2 of 3', { exact: true }).waitFor();
      await gallery.getByRole('button', { name: 'Next photo' }).click();
      await gallery.getByText('3 of 3', { exact: true }).waitFor();
      await track.focus();
      await page.keyboard.press('Home');
      await gallery.getByText('1 of 3', { exact: true }).waitFor();

      await page.route('**/api/v1/jobs/*/contact', (route) =>
        route.fulfill({ status: 429, contentType: 'application/json', body: '{"statusCode":429,"messageKey":"rateLimited"}' }),
      );
      await page.getByRole('button', { name: 'Show phone' }).click();
      await page.getByRole('alert').getByText('Too many attempts. Please wait a minute and try again.').waitFor();
      await page.unroute('**/api/v1/jobs/*/contact');
      await page.getByRole('button', { name: 'Contact directly' }).click();
      const call = page.getByRole('link', { name: 'Call' });
      await call.waitFor();
      assert.equal(await call.getAttribute('href'), 'tel:+972527654321');
      const mail = new URL((await page.getByRole('link', { name: 'Email', exact: true }).getAttribute('href')) ?? '');
      assert.equal(mail.protocol + mail.pathname, 'mailto:dana@example.com');
      assert.equal(mail.searchParams.get('subject'), 'Your listing on Tasko: Garden cleanup');
      assert.equal(await page.getByRole('link', { name: 'WhatsApp' }).count(), 0);
      assert.deepEqual(
        problems.errors.filter((e) => !e.includes('429')),
        [],
      );
    } finally {
      await context.close();
    }
  });

  it('says "Job not found" for an unknown or malformed id, in English and in Hebrew', async () => {
    const { page, context } = await newPage(running.browser);
    try {
      for (const id of ['999999', 'abc']) {
        await page.goto(`${running.site.origin}/en/job/${id}`);
        await page.getByRole('heading', { name: 'Job not found', exact: true }).waitFor();
      }
      await page.goto(`${running.site.origin}/he/job/999999`);
      await page.getByRole('heading', { name: 'המודעה לא נמצאה', exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('lets a signed-in visitor report a listing once, and keeps the note when the dialog is closed with Escape', async () => {
    const { page, context } = await newPage(running.browser);
    try {
      await page.goto(`${running.site.origin}/en/job/${ids.dog}`);
      await page.getByRole('link', { name: 'Log in to report' }).click();
      await signInThroughProvider(page, 'rina@example.com', 'Rina', 'Sign in with Google');
      await page.waitForURL(new RegExp(`/en/job/${ids.dog}$`));
      const open = page.getByRole('button', { name: 'Report' });
      await open.click();
      const dialog = page.getByRole('dialog', { name: 'Report this listing' });
      await dialog.getByLabel('Tell us more (optional)').fill('Only men may apply.');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      assert.ok(await open.evaluate((el) => el === document.activeElement), 'the focus returns to the button');
      await open.click();
      assert.equal(await dialog.getByLabel('Tell us more (optional)').inputValue(), 'Only men may apply.');
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await dialog.getByText('Choose a reason for the report.').waitFor();
      await dialog.getByLabel('Discriminatory').check();
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await page.getByText('Thank you. We have received your report').waitFor();
      await page.reload();
      await page.getByRole('button', { name: 'Report' }).click();
      await page.getByLabel('Scam or fraud').check();
      await page.getByRole('button', { name: 'Send report' }).click();
      await page.getByText('You have already reported this listing.').waitFor();
    } finally {
      await context.close();
    }
  });
});
