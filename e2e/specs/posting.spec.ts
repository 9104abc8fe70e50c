import fs from 'node:fs';
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page, Request } from 'playwright-core';
import sharp from 'sharp';
import { STORAGE_KEYS } from '@tasko/shared/domain';
import { apiSession, signInThroughProvider } from '../support/accounts.js';
import { newPage, useSiteAndBrowser } from '../support/site.js';

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

// Chromium's fake camera: a moving test pattern, and no permission prompt.
const running = useSiteAndBrowser({ DEMO_DATA: 'off' }, ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']);
/** A phone-sized photo: 3000 × 2250, a few MB, as a camera writes it. */
let phonePhoto: Buffer;

before(async () => {
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
async function signInFromForm(page: Page, language: string, email: string, name: string): Promise<void> {
  const t = posting(language);
  await page.goto(`${running.site.origin}/${language}/post-job?offerType=job`);
  await page.getByRole('heading', { name: t('loginRequired.title') }).waitFor();
  await page.getByText(t('loginRequired.body')).waitFor();
  await page
    .getByRole('main')
    .getByRole('link', { name: t('loginRequired.action') })
    .click();
  await page.waitForURL(new RegExp(`/${language}/login\\?intent=post_job$`));
  await signInThroughProvider(page, email, name, account(language)('login.google'));
  await page.getByRole('heading', { name: t('create.jobTitle') }).waitFor();
}

describe('posting a job', () => {
  it('in Hebrew: signed out, then every required message, refused amounts, and a draft that survives a reload', async () => {
    const { page, context, problems } = await newPage(running.browser, { locale: 'he-IL' });
    const t = posting('he');
    const errors = (key: string) => common('he')(`errors.${key}`);
    try {
      await signInFromForm(page, 'he', 'noa@example.com', 'נועה כהן');
      assert.equal(new URL(page.url()).pathname, '/he/post-job');
      const contactName = page.getByLabel(t('fields.contactPersonName'));
      assert.equal(await contactName.inputValue(), 'נועה כהן', 'prefilled from the account');
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
        await page.getByText(errors(key)).waitFor();
      }
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'field-jobTitle', 'focus on the first invalid field');

      const amount = page.getByLabel(t('fields.amount'));
      for (const refused of ['12345', '12.5']) {
        await amount.fill(refused);
        await amount.blur();
        await page.getByText(errors('amountTooLong')).waitFor();
        assert.equal(await amount.getAttribute('aria-invalid'), 'true');
      }

      await page.getByLabel(t('fields.description')).fill('להעביר שתי כורסאות לקומה רביעית.');
      await page.reload();
      await page.getByRole('heading', { name: t('create.jobTitle') }).waitFor();
      await page.getByText(t('draft.restored')).waitFor();
      assert.equal(
        await page.getByLabel(t('fields.description')).inputValue(),
        'להעביר שתי כורסאות לקומה רביעית.',
        'a reload keeps the draft',
      );
      assert.equal(await page.getByLabel(t('fields.amount')).inputValue(), '12.5');
      assert.equal(await page.locator('html').getAttribute('dir'), 'rtl');
      assert.deepEqual(problems.errors, []);
    } finally {
      await context.close();
    }
  });

  it('in Russian: refuses a sixth photo and a wrong file, takes one with the camera, and keeps the photos over a reload', async () => {
    const { page, context, problems } = await newPage(running.browser, { locale: 'ru-RU' });
    const t = posting('ru');
    const errors = (key: string) => common('ru')(`errors.${key}`);
    const previews = page.getByRole('list', { name: /^Выбрано фото/ }).getByRole('img');
    try {
      await page.goto(`${running.site.origin}/ru/login`);
      await signInThroughProvider(page, 'pavel@example.com', 'Павел', account('ru')('login.google'));
      await page.goto(`${running.site.origin}/ru/post-job?offerType=service`);
      await page.getByRole('heading', { name: t('create.serviceTitle') }).waitFor();
      const picker = page.getByLabel(t('photos.choose'));
      await picker.setInputFiles([1, 2, 3, 4, 5, 6].map((n) => jpeg(`p${n}.jpg`)));
      await page.getByText(errors('tooManyImages')).waitFor();
      await page.getByRole('button', { name: 'Удалить фото 5' }).waitFor();
      assert.equal(await previews.count(), 5);
      await page.getByRole('button', { name: 'Удалить фото 5' }).click();
      await picker.setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') }]);
      await page.getByText(errors('unsupportedImageType')).waitFor();
      assert.equal(await previews.count(), 4);

      await page.getByRole('button', { name: t('photos.openCamera') }).click();
      const take = page.getByRole('button', { name: t('photos.take') });
      await take.waitFor();
      await page.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0);
      await take.click();
      await page.getByRole('img', { name: t('photos.taken') }).waitFor();
      await page.getByRole('button', { name: t('photos.retake') }).click();
      await take.click();
      await page.getByRole('button', { name: t('photos.use') }).click();
      await page.getByRole('button', { name: 'Удалить фото 5' }).waitFor();
      assert.equal(await previews.count(), 5);
      assert.equal(await page.getByRole('group', { name: t('photos.cameraLabel') }).count(), 0, 'the camera closed');

      // Keyboard reorder: the camera shot becomes the main photo.
      await page.getByRole('button', { name: 'Поставить фото 5 раньше' }).focus();
      for (let i = 0; i < 4; i += 1) await page.keyboard.press('Enter');
      assert.equal(
        await page.evaluate(() => document.activeElement?.getAttribute('aria-label')),
        'Поставить фото 1 позже',
        'the focus followed the photo',
      );
      const shown = await shownPhotoSizes(page);
      assert.equal(shown.length, 5);
      await page.waitForFunction(draftPhotoSizesAre, { expected: shown, database: `${STORAGE_KEYS.postDraft}.photos` });
      await page.reload();
      await page.getByRole('heading', { name: t('create.serviceTitle') }).waitFor();
      await page.getByRole('button', { name: 'Удалить фото 5' }).waitFor();
      assert.deepEqual(await shownPhotoSizes(page), shown, 'the photos and their order survive a reload');
      assert.deepEqual(problems.errors, []);
    } finally {
      await context.close();
    }
  });

  it('in English: publishes a full job with two photos made small in the browser, lists it, and edits it with PUT', async () => {
    const { page, context, problems } = await newPage(running.browser);
    try {
      await page.goto(`${running.site.origin}/en/login`);
      await signInThroughProvider(page, 'full@example.com', 'Noa Cohen', 'Sign in with Google');
      await page.goto(`${running.site.origin}/en/post-job?offerType=job`);
      await page.getByRole('heading', { name: 'Post a job' }).waitFor();
      await page.getByLabel('Title (required)').fill('Moving two armchairs');
      await page.getByText('20 / 80').waitFor();
      await page.getByLabel('Description (required)').fill('Fourth floor, there is an elevator. Friday morning.');
      await page.getByLabel('Category (required)').selectOption('homeServices');
      await page.getByLabel('Hourly').check();
      await page.getByLabel('Hourly pay in ₪ (required)').fill('80');
      const city = page.getByRole('combobox', { name: 'City (required)' });
      await city.pressSequentially('Hai');
      await page.getByRole('listbox', { name: 'City (required)' }).getByRole('option', { name: /Haifa/ }).first().waitFor();
      await city.press('ArrowDown');
      assert.ok(await city.getAttribute('aria-activedescendant'));
      await city.press('Enter');
      assert.equal(await city.inputValue(), 'Haifa');
      await page.getByLabel('Street address').fill('Herzl 10');
      await page.getByLabel('Phone (required)').fill('054-1234-567');
      await page.getByLabel('Choose photos').setInputFiles([jpeg('a.jpg'), jpeg('b.jpg')]);
      await page.getByRole('button', { name: 'Remove photo 2' }).waitFor();

      const [request] = await Promise.all([
        page.waitForRequest((r) => r.url().endsWith('/api/v1/jobs') && r.method() === 'POST'),
        page.getByRole('button', { name: 'Publish' }).click(),
      ]);
      const sent = await bytesSent(request);
      assert.ok(
        sent < phonePhoto.length / 4,
        `sent ${sent} bytes for two photos of ${phonePhoto.length} bytes each: made smaller in the browser`,
      );
      await page.getByText('Job published successfully!').waitFor();
      await page.waitForURL(/\/en\/job\/\d+$/);
      await page.getByRole('status').filter({ hasText: 'Your job is published.' }).waitFor();
      const id = page.url().split('/').pop();
      await page.getByRole('heading', { name: 'Moving two armchairs', level: 1 }).waitFor();
      assert.equal(await page.locator('.gallery__slide img').count(), 2);
      await page.getByText('₪80/hour').first().waitFor();
      const [firstPhoto, secondPhoto] = await page
        .locator('.gallery__slide img')
        .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).getAttribute('src')));

      await page.goto(`${running.site.origin}/en/`);
      await page
        .getByRole('link', { name: /Moving two armchairs/ })
        .first()
        .waitFor();

      await page.goto(`${running.site.origin}/en/post-job?edit=${id}`);
      await page.getByRole('heading', { name: 'Edit your listing' }).waitFor();
      assert.equal(await page.getByLabel('Phone (required)').inputValue(), '054-123-4567');
      await page.getByLabel('Title (required)').fill('Moving two armchairs and a table');
      await page.getByRole('button', { name: 'Move photo 2 earlier' }).click();
      const [put] = await Promise.all([
        page.waitForRequest((r) => r.url().endsWith(`/api/v1/jobs/${id}`) && r.method() === 'PUT'),
        page.getByRole('button', { name: 'Save changes' }).click(),
      ]);
      assert.ok((await bytesSent(put)) > 0);
      await page.getByRole('heading', { name: 'Moving two armchairs and a table', level: 1 }).waitFor();
      const after = await page
        .locator('.gallery__slide img')
        .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).getAttribute('src')));
      assert.equal(after.length, 2);
      assert.equal(after[0], secondPhoto, 'the photo moved first is first');
      assert.notEqual(after[1], firstPhoto, 'the photo moved behind was sent again');
      assert.deepEqual(problems.errors, []);
    } finally {
      await context.close();
    }
  });

  it('asks a user who never confirmed the age of 18 to confirm it before publishing', async () => {
    const { page, context, problems } = await newPage(running.browser);
    try {
      // A user stored by an older version of the site, signed in before the age question existed.
      const token = await apiSession(context.request, running.site.origin, 'legacy@example.com', 'Legacy User', { confirmAge: false });
      const user = {
        token,
        info: { email: 'legacy@example.com', name: 'Legacy User' },
        settings: { language: 'en', theme: 'light', emailNotifications: true, smsNotifications: false },
      };
      await page.addInitScript(([key, value]) => localStorage.getItem(key) ?? localStorage.setItem(key, value), [
        STORAGE_KEYS.user,
        JSON.stringify(user),
      ] as const);
      await page.goto(`${running.site.origin}/en/post-job`);
      await page.getByLabel('Title (required)').fill('Dog walking');
      await page.getByLabel('Description (required)').fill('Walk a dog twice a day.');
      await page.getByLabel('Category (required)').selectOption('petAndAnimalCare');
      await page.getByLabel('Amount in ₪ (required)').fill('60');
      await page.getByRole('combobox', { name: 'City (required)' }).fill('Ramat Gan');
      await page.getByLabel('Phone (required)').fill('03-123-4567');
      await page.getByRole('button', { name: 'Publish' }).click();
      const checkbox = page.getByRole('checkbox', { name: 'I confirm I am 18 or older' });
      await checkbox.waitFor();
      await page.getByText('Please confirm that you are 18 or older to continue.').waitFor();
      assert.equal(await page.getByText('Failed to publish job. Please try again.').count(), 0);
      await checkbox.check();
      await page.getByRole('button', { name: 'Publish' }).click();
      await page.getByText('Job published successfully!').waitFor();
      await page.waitForURL(/\/en\/job\/\d+$/);
      const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), STORAGE_KEYS.user);
      assert.equal(stored.info.ageConfirmed, true);
      assert.deepEqual(
        problems.errors.filter((e) => !e.includes('403')),
        [],
      );
    } finally {
      await context.close();
    }
  });
});
