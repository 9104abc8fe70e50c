import { expect, test } from '../support/test.js';

test.describe('language selector', () => {
  test('switches, persists across pages and reloads, and mirrors the layout for Arabic', async ({ page, pageErrors }) => {
    const html = page.locator('html');
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(html).toHaveAttribute('lang', 'he');

    await page.getByRole('button', { name: /שפה/ }).click();
    await expect(page.getByRole('button', { name: 'עברית', exact: true })).toBeDisabled();
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Русский', exact: true }).click()]);
    await expect(page.getByRole('heading', { name: 'Частые вопросы' })).toBeVisible();
    await expect(html).toHaveAttribute('lang', 'ru');
    await expect(html).toHaveAttribute('dir', 'ltr');

    // Remembered: another page, then a reload, stay in Russian, and so does the server's HTML.
    await page.getByRole('link', { name: 'О нас' }).click();
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Основная навигация' })).toBeVisible();
    await expect(html).toHaveAttribute('lang', 'ru');
    const served = await (await page.request.get('/about')).text();
    expect(served).toMatch(/<html lang="ru" dir="ltr">/);

    await page.getByRole('button', { name: /Язык/ }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'العربية', exact: true }).click()]);
    await expect(page.getByRole('navigation', { name: 'التنقل الرئيسي' })).toBeVisible();
    await expect(html).toHaveAttribute('lang', 'ar');
    await expect(html).toHaveAttribute('dir', 'rtl');
    // Right to left is a mirror: the brand sits at the right edge, the actions at the left.
    const brand = page.getByRole('link', { name: 'Tasko', exact: true });
    const post = page.getByRole('button', { name: 'نشر' });
    await expect
      .poll(
        async () => {
          const [brandBox, postBox] = await Promise.all([brand.boundingBox(), post.boundingBox()]);
          return brandBox && postBox ? brandBox.x - postBox.x : null;
        },
        { message: 'brand is to the right of the Post button' },
      )
      .toBeGreaterThan(0);
    expect(pageErrors).toEqual([]);
  });

  test('moves a language-prefixed URL to the new prefix', async ({ page }) => {
    await page.goto('/en/contact');
    await page.getByRole('button', { name: /Language/ }).click();
    await page.getByRole('button', { name: 'עברית', exact: true }).click();
    await expect(page).toHaveURL('/he/contact');
    await expect(page.getByRole('navigation', { name: 'ניווט ראשי' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });
});
