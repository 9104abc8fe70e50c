import { LANGUAGE_CODES, PAGE_ROUTES, directionOf } from '@tasko/shared/domain';
import { expect, test } from '../support/test.js';

const samplePath = (pattern: string) => pattern.replace(':id', '1').replace(':blogId', 'blog1');

test.describe('every route in four languages', () => {
  test('answers with the right lang and dir, the header and the footer, without a script error', async ({ page, pageErrors }) => {
    // Every route in every language, one after another: far longer than one journey on two busy cores.
    test.slow();
    /** Each console or uncaught error, prefixed with the URL being visited when it came. */
    const errors: string[] = [];
    const brand = page.getByRole('link', { name: 'Tasko', exact: true });
    const html = page.locator('html');
    for (const route of PAGE_ROUTES) {
      const bare = samplePath(route.paths[0] ?? '/');
      for (const language of LANGUAGE_CODES) {
        const url = bare === '/' ? `/${language}` : `/${language}${bare}`;
        const response = await page.goto(url);
        expect(response?.status(), url).toBe(200);
        await expect(brand, url).toBeVisible();
        await expect(html, url).toHaveAttribute('lang', language);
        await expect(html, url).toHaveAttribute('dir', directionOf(language));
        await expect(page.locator('footer'), url).toHaveCount(1);
        errors.push(...pageErrors.splice(0).map((error) => `${url}: ${error}`));
      }
    }
    expect(errors).toEqual([]);
  });

  test('shows Hebrew, right to left, on a first visit to a bare URL', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('link', { name: 'Tasko', exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'he');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('navigation', { name: 'ניווט ראשי' })).toBeVisible();
  });

  test('shows a translated not-found page for an unknown path', async ({ page }) => {
    const response = await page.goto('/ru/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
    await page.getByRole('link', { name: 'На главную' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/ru');
  });
});
