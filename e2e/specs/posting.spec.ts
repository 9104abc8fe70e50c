import fs from 'node:fs';
import type { Page, Request } from '@playwright/test';
import sharp from 'sharp';
import { STORAGE_KEYS } from '@tasko/shared/domain';
import { chromiumLaunchOptions } from '../../scripts/release/chromium.js';
import { apiSession, signInThroughProvider } from '../support/accounts.js';
import { newPage } from '../support/site.js';
import { expect, test } from '../support/test.js';

// The texts a person reads, from the translation files themselves: the spec checks the page, not a copy.
interface Texts {
  [key: string]: Texts | string;
}
const readJson = (path: string) => JSON.parse(fs.readFileSync(new URL(path, import.meta.url), 'utf8')) as Texts;
function textOf(texts: Texts, key: string): string {
  const value = key
    .split('.')
    .reduce<Texts | string | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), texts);
  if (typeof value !== 'string') throw new Error(`no text ${key}`);
  return value;
}
const posting = (language: string) => (key: string) => textOf(readJson(`../../mfe-posting/src/locales/${language}/posting.json`), key);
const common = (language: string) => (key: string) => textOf(readJson(`../../shared/src/locales/${language}/common.json`), key);
const account = (language: string) => (key: string) => textOf(readJson(`../../mfe-account/src/locales/${language}/account.json`), key);

// Chromium's fake camera: a moving test pattern, and no permission prompt. A browser of its own, so a worker
// and a site of its own too.
test.use({
  siteEnv: { DEMO_DATA: 'off' },
  launchOptions: chromiumLaunchOptions(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']),
});
/** A phone-sized photo: 3000 × 2250, a few MB, as a camera writes it. */
let phonePhoto: Buffer;

test.beforeAll(async () => {
  phonePhoto = await sharp({
    create: {
      width: 3000,
      height: 2250,
      channels: 3,
      background: { r: 200, g: 120, b: 40 },
      noise: { type: 'gaussian', mean: 128, sigma: 12 },
    },
  })
    .jpeg({ quality: 92 })
    .toBuffer();
});
const jpeg = (name: string) => ({ name, mimeType: 'image/jpeg', buffer: phonePhoto });

/** The bytes a request sent (Chromium does not hand over bodies that carry files, but counts them). */
async function bytesSent(request: Request): Promise<number> {
  return Number((await request.allHeaders())['content-length'] ?? Number.NaN);
}

/** The pixel sizes of the previewed photos, in their order: tells the camera shot from the phone photos. */
function shownPhotoSizes(page: Page): Promise<string[]> {
  return page.locator('.photo-picker__list img').evaluateAll((imgs) =>
    Promise.all(
      imgs.map(async (img) => {
        const image = img as HTMLImageElement;
        await image.decode();
        return `${image.naturalWidth}x${image.naturalHeight}`;
      }),
    ),
  );
}

/** In the page: whether the draft's photos in IndexedDB are the ones shown (the write is asynchronous). */
async function draftPhotoSizesAre({ expected, database }: { expected: string[]; database: string }): Promise<boolean> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(database);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(new Error(`IndexedDB ${database}: ${request.error?.message ?? 'open failed'}`));
  });
  const drafts = await new Promise<unknown[]>((resolve) => {
    const request = db.transaction('drafts').objectStore('drafts').getAll();
    request.onsuccess = () => resolve(request.result as unknown[]);
  });
  db.close();
  const photos = (drafts[0] ?? []) as { blob?: Blob }[];
  const sizes = await Promise.all(
    photos.map(async (photo) => {
      if (!photo.blob) return 'stored';
      const bitmap = await createImageBitmap(photo.blob);
      return `${bitmap.width}x${bitmap.height}`;
    }),
  );
  return JSON.stringify(sizes) === JSON.stringify(expected);
}

/** From the form's own "Log in" link, through the provider, and back on the form. */
async function signInFromForm(page: Page, origin: string, language: string, email: string, name: string): Promise<void> {
  const t = posting(language);
  await page.goto(`${origin}/${language}/post-job?offerType=job`);
  await expect(page.getByRole('heading', { name: t('loginRequired.title') })).toBeVisible();
  await expect(page.getByText(t('loginRequired.body'))).toBeVisible();
  await page
    .getByRole('main')
    .getByRole('link', { name: t('loginRequired.action') })
    .click();
  await expect(page).toHaveURL(new RegExp(`/${language}/login\\?intent=post_job$`));
  await signInThroughProvider(page, email, name, account(language)('login.google'));
  await expect(page.getByRole('heading', { name: t('create.jobTitle') })).toBeVisible();
}

test.describe('posting a job', () => {
  test('in Hebrew: signed out, then every required message, refused amounts, and a draft that survives a reload', async ({
    browser,
    site,
  }) => {
    const { page, context, problems } = await newPage(browser, { locale: 'he-IL' });
    const t = posting('he');
    const errors = (key: string) => common('he')(`errors.${key}`);
    try {
      await signInFromForm(page, site.origin, 'he', 'posting-noa@e2e.test', 'נועה כהן');
      await expect(page).toHaveURL((url) => url.pathname === '/he/post-job');
      const contactName = page.getByLabel(t('fields.contactPersonName'));
      await expect(contactName, 'prefilled from the account').toHaveValue('נועה כהן');
      await contactName.fill('');
      await page.getByRole('button', { name: t('publish') }).click();
      for (const key of [
        'titleRequired',
        'descriptionRequired',
        'categoryRequired',
        'amountInvalid',
        'locationRequired',
        'contactNameRequired',
        'phoneInvalid',
      ]) {
        await expect(page.getByText(errors(key))).toBeVisible();
      }
      await expect(page.locator('#field-jobTitle'), 'focus on the first invalid field').toBeFocused();

      const amount = page.getByLabel(t('fields.amount'));
      for (const refused of ['12345', '12.5']) {
        await amount.fill(refused);
        await amount.blur();
        await expect(page.getByText(errors('amountTooLong'))).toBeVisible();
        await expect(amount).toHaveAttribute('aria-invalid', 'true');
      }

      await page.getByLabel(t('fields.description')).fill('להעביר שתי כורסאות לקומה רביעית.');
      await page.reload();
      await expect(page.getByRole('heading', { name: t('create.jobTitle') })).toBeVisible();
      await expect(page.getByText(t('draft.restored'))).toBeVisible();
      await expect(page.getByLabel(t('fields.description')), 'a reload keeps the draft').toHaveValue('להעביר שתי כורסאות לקומה רביעית.');
      await expect(page.getByLabel(t('fields.amount'))).toHaveValue('12.5');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      expect(problems.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('in Russian: refuses a sixth photo and a wrong file, takes one with the camera, and keeps the photos over a reload', async ({
    browser,
    site,
  }) => {
    const { page, context, problems } = await newPage(browser, { locale: 'ru-RU' });
    const t = posting('ru');
    const errors = (key: string) => common('ru')(`errors.${key}`);
    const previews = page.getByRole('list', { name: /^Выбрано фото/ }).getByRole('img');
    try {
      await page.goto(`${site.origin}/ru/login`);
      await signInThroughProvider(page, 'posting-pavel@e2e.test', 'Павел', account('ru')('login.google'));
      await page.goto(`${site.origin}/ru/post-job?offerType=service`);
      await expect(page.getByRole('heading', { name: t('create.serviceTitle') })).toBeVisible();
      const picker = page.getByLabel(t('photos.choose'));
      await picker.setInputFiles([1, 2, 3, 4, 5, 6].map((n) => jpeg(`p${n}.jpg`)));
      await expect(page.getByText(errors('tooManyImages'))).toBeVisible();
      await expect(page.getByRole('button', { name: 'Удалить фото 5' })).toBeVisible();
      await expect(previews).toHaveCount(5);
      await page.getByRole('button', { name: 'Удалить фото 5' }).click();
      await picker.setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') }]);
      await expect(page.getByText(errors('unsupportedImageType'))).toBeVisible();
      await expect(previews).toHaveCount(4);

      await page.getByRole('button', { name: t('photos.openCamera') }).click();
      const take = page.getByRole('button', { name: t('photos.take') });
      await expect(take).toBeVisible();
      await expect
        .poll(() => page.evaluate(() => document.querySelector('video')?.videoWidth ?? 0), { message: 'the camera shows a picture' })
        .toBeGreaterThan(0);
      await take.click();
      await expect(page.getByRole('img', { name: t('photos.taken') })).toBeVisible();
      await page.getByRole('button', { name: t('photos.retake') }).click();
      await take.click();
      await page.getByRole('button', { name: t('photos.use') }).click();
      await expect(page.getByRole('button', { name: 'Удалить фото 5' })).toBeVisible();
      await expect(previews).toHaveCount(5);
      await expect(page.getByRole('group', { name: t('photos.cameraLabel') }), 'the camera closed').toHaveCount(0);

      // Keyboard reorder: the camera shot becomes the main photo.
      await page.getByRole('button', { name: 'Поставить фото 5 раньше' }).focus();
      for (let i = 0; i < 4; i += 1) await page.keyboard.press('Enter');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')), { message: 'the focus followed the photo' })
        .toBe('Поставить фото 1 позже');
      const shown = await shownPhotoSizes(page);
      expect(shown).toHaveLength(5);
      await expect
        .poll(() => page.evaluate(draftPhotoSizesAre, { expected: shown, database: `${STORAGE_KEYS.postDraft}.photos` }), {
          message: 'the draft in IndexedDB holds the photos shown',
        })
        .toBe(true);
      await page.reload();
      await expect(page.getByRole('heading', { name: t('create.serviceTitle') })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Удалить фото 5' })).toBeVisible();
      expect(await shownPhotoSizes(page), 'the photos and their order survive a reload').toEqual(shown);
      expect(problems.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('in English: publishes a full job with two photos made small in the browser, lists it, and edits it with PUT', async ({
    page,
    pageErrors,
  }) => {
    await page.goto('/en/login');
    await signInThroughProvider(page, 'posting-full@e2e.test', 'Noa Cohen', 'Sign in with Google');
    await page.goto('/en/post-job?offerType=job');
    await expect(page.getByRole('heading', { name: 'Post a job' })).toBeVisible();
    await page.getByLabel('Title (required)').fill('Moving two armchairs');
    await expect(page.getByText('20 / 80')).toBeVisible();
    await page.getByLabel('Description (required)').fill('Fourth floor, there is an elevator. Friday morning.');
    await page.getByLabel('Category (required)').selectOption('homeServices');
    await page.getByLabel('Hourly').check();
    await page.getByLabel('Hourly pay in ₪ (required)').fill('80');
    const city = page.getByRole('combobox', { name: 'City (required)' });
    await city.pressSequentially('Hai');
    await expect(page.getByRole('listbox', { name: 'City (required)' }).getByRole('option', { name: /Haifa/ }).first()).toBeVisible();
    await city.press('ArrowDown');
    await expect(city).toHaveAttribute('aria-activedescendant', /./);
    await city.press('Enter');
    await expect(city).toHaveValue('Haifa');
    await page.getByLabel('Street address').fill('Herzl 10');
    await page.getByLabel('Phone (required)').fill('054-1234-567');
    await page.getByLabel('Choose photos').setInputFiles([jpeg('a.jpg'), jpeg('b.jpg')]);
    await expect(page.getByRole('button', { name: 'Remove photo 2' })).toBeVisible();

    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/v1/jobs') && r.method() === 'POST'),
      page.getByRole('button', { name: 'Publish' }).click(),
    ]);
    const sent = await bytesSent(request);
    expect(sent, `sent ${sent} bytes for two photos of ${phonePhoto.length} bytes each: made smaller in the browser`).toBeLessThan(
      phonePhoto.length / 4,
    );
    await expect(page.getByText('Job published successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/en\/job\/\d+$/);
    await expect(page.getByRole('status').filter({ hasText: 'Your job is published.' })).toBeVisible();
    const id = page.url().split('/').pop();
    await expect(page.getByRole('heading', { name: 'Moving two armchairs', level: 1 })).toBeVisible();
    const gallery = page.locator('.gallery__slide img');
    await expect(gallery).toHaveCount(2);
    await expect(page.getByText('₪80/hour').first()).toBeVisible();
    const [firstPhoto, secondPhoto] = await gallery.evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src')));

    await page.goto('/en/');
    await expect(page.getByRole('link', { name: /Moving two armchairs/ }).first()).toBeVisible();

    await page.goto(`/en/post-job?edit=${id}`);
    await expect(page.getByRole('heading', { name: 'Edit your listing' })).toBeVisible();
    await expect(page.getByLabel('Phone (required)')).toHaveValue('054-123-4567');
    await page.getByLabel('Title (required)').fill('Moving two armchairs and a table');
    await page.getByRole('button', { name: 'Move photo 2 earlier' }).click();
    const [put] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith(`/api/v1/jobs/${id}`) && r.method() === 'PUT'),
      page.getByRole('button', { name: 'Save changes' }).click(),
    ]);
    expect(await bytesSent(put)).toBeGreaterThan(0);
    await expect(page.getByRole('heading', { name: 'Moving two armchairs and a table', level: 1 })).toBeVisible();
    await expect(gallery).toHaveCount(2);
    const after = await gallery.evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src')));
    expect(after).toHaveLength(2);
    expect(after[0], 'the photo moved first is first').toBe(secondPhoto);
    expect(after[1], 'the photo moved behind was sent again').not.toBe(firstPhoto);
    expect(pageErrors).toEqual([]);
  });

  test('asks a user who never confirmed the age of 18 to confirm it before publishing', async ({ page, site, pageErrors }) => {
    // A user stored by an older version of the site, signed in before the age question existed.
    const email = 'posting-legacy@e2e.test';
    const token = await apiSession(page.request, site.origin, email, 'Legacy User', { confirmAge: false });
    const user = {
      token,
      info: { email, name: 'Legacy User' },
      settings: { language: 'en', theme: 'light', emailNotifications: true, smsNotifications: false },
    };
    await page.addInitScript(([key, value]) => localStorage.getItem(key) ?? localStorage.setItem(key, value), [
      STORAGE_KEYS.user,
      JSON.stringify(user),
    ] as const);
    await page.goto('/en/post-job');
    await page.getByLabel('Title (required)').fill('Dog walking');
    await page.getByLabel('Description (required)').fill('Walk a dog twice a day.');
    await page.getByLabel('Category (required)').selectOption('petAndAnimalCare');
    await page.getByLabel('Amount in ₪ (required)').fill('60');
    await page.getByRole('combobox', { name: 'City (required)' }).fill('Ramat Gan');
    await page.getByLabel('Phone (required)').fill('03-123-4567');
    await page.getByRole('button', { name: 'Publish' }).click();
    const checkbox = page.getByRole('checkbox', { name: 'I confirm I am 18 or older' });
    await expect(checkbox).toBeVisible();
    await expect(page.getByText('Please confirm that you are 18 or older to continue.')).toBeVisible();
    await expect(page.getByText('Failed to publish job. Please try again.')).toHaveCount(0);
    await checkbox.check();
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('Job published successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/en\/job\/\d+$/);
    const stored = await page.evaluate(
      (key) => JSON.parse(localStorage.getItem(key) ?? 'null') as { info?: { ageConfirmed?: boolean } } | null,
      STORAGE_KEYS.user,
    );
    expect(stored?.info?.ageConfirmed).toBe(true);
    expect(pageErrors.filter((e) => !e.includes('403'))).toEqual([]);
  });
});
