import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { LANGUAGE_CODES, PAGE_ROUTES, directionOf } from '@tasko/shared/domain';
import { newPage, useSiteAndBrowser } from '../support/site.js';

const running = useSiteAndBrowser();

const samplePath = (pattern: string) => pattern.replace(':id', '1').replace(':blogId', 'blog1');

describe('every route in four languages', () => {
  it('answers with the right lang and dir, the header and the footer, without a script error', async () => {
    const { page, context, problems } = await newPage(running.browser);
    /** Each console or uncaught error, prefixed with the URL being visited when it came. */
    const errors: string[] = [];
    const brand = page.getByRole('link', { name: 'Tasko', exact: true });
    try {
      for (const route of PAGE_ROUTES) {
        const bare = samplePath(route.paths[0] ?? '/');
        for (const language of LANGUAGE_CODES) {
          const url = bare === '/' ? `/${language}` : `/${language}${bare}`;
          const response = await page.goto(running.site.origin + url);
          assert.equal(response?.status(), 200, url);
          await brand.waitFor();
          const html = await page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
          assert.deepEqual(html, { lang: language, dir: directionOf(language) }, url);
          assert.equal(await page.locator('footer').count(), 1, url);
          errors.push(...problems.errors.splice(0).map((error) => `${url}: ${error}`));
        }
      }
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('shows Hebrew, right to left, on a first visit to a bare URL', async () => {
    const { page, context } = await newPage(running.browser);
    try {
      await page.goto(`${running.site.origin}/about`);
      await page.getByRole('link', { name: 'Tasko', exact: true }).waitFor();
      assert.deepEqual(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), ['he', 'rtl']);
      await page.getByRole('navigation', { name: 'ניווט ראשי' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('shows a translated not-found page for an unknown path', async () => {
    const { page, context } = await newPage(running.browser);
    try {
      const response = await page.goto(`${running.site.origin}/ru/no-such-page`);
      assert.equal(response?.status(), 404);
      await page.getByRole('heading', { name: 'Страница не найдена' }).waitFor();
      await page.getByRole('link', { name: 'На главную' }).click();
      assert.equal(new URL(page.url()).pathname, '/ru');
    } finally {
      await context.close();
    }
  });
});
