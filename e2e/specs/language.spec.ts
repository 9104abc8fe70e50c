import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, useSiteAndBrowser } from '../support/site.js';

const running = useSiteAndBrowser();

describe('language selector', () => {
  it('switches, persists across pages and reloads, and mirrors the layout for Arabic', async () => {
    const { page, context, problems } = await newPage(running.browser);
    try {
      await page.goto(`${running.site.origin}/faq`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'he');

      await page.getByRole('button', { name: /שפה/ }).click();
      assert.equal(await page.getByRole('button', { name: 'עברית', exact: true }).isDisabled(), true);
      await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Русский', exact: true }).click()]);
      await page.getByRole('heading', { name: 'Частые вопросы' }).waitFor();
      assert.deepEqual(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), ['ru', 'ltr']);

      // Remembered: another page, then a reload, stay in Russian, and so does the server's HTML.
      await page.getByRole('link', { name: 'О нас' }).click();
      await page.reload();
      await page.getByRole('navigation', { name: 'Основная навигация' }).waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'ru');
      const html = await (await page.request.get(`${running.site.origin}/about`)).text();
      assert.match(html, /<html lang="ru" dir="ltr">/);

      await page.getByRole('button', { name: /Язык/ }).click();
      await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'العربية', exact: true }).click()]);
      await page.getByRole('navigation', { name: 'التنقل الرئيسي' }).waitFor();
      assert.deepEqual(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), ['ar', 'rtl']);
      // Right to left is a mirror: the brand sits at the right edge, the actions at the left.
      const brand = await page.getByRole('link', { name: 'Tasko', exact: true }).boundingBox();
      const post = await page.getByRole('button', { name: 'نشر' }).boundingBox();
      assert.ok(brand && post && brand.x > post.x, 'brand is to the right of the Post button');
      assert.deepEqual(problems.errors, []);
    } finally {
      await context.close();
    }
  });

  it('moves a language-prefixed URL to the new prefix', async () => {
    const { page, context } = await newPage(running.browser);
    try {
      await page.goto(`${running.site.origin}/en/contact`);
      await page.getByRole('button', { name: /Language/ }).click();
      await Promise.all([
        page.waitForURL(`${running.site.origin}/he/contact`),
        page.getByRole('button', { name: 'עברית', exact: true }).click(),
      ]);
      await page.getByRole('navigation', { name: 'ניווט ראשי' }).waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
    } finally {
      await context.close();
    }
  });
});
