import { boxOf } from '../support/layout.js';
import { expect, test } from '../support/test.js';

test.describe('cookie banner', () => {
  test('stays dismissed after "Accept", across pages and reloads', async ({ page }) => {
    await page.goto('/en/about');
    const banner = page.getByRole('region', { name: 'Cookie notice' });
    await expect(banner.getByRole('link', { name: 'Read our privacy policy' })).toBeVisible();
    await banner.getByRole('button', { name: 'Accept' }).click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner).toHaveCount(0);
    await page.goto('/ar/faq');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'إشعار ملفات تعريف الارتباط' })).toHaveCount(0);
  });

  test('remembers "Decline" like "Accept": no banner after a reload or in a new tab, and the two buttons alike', async ({
    page,
    context,
  }) => {
    await page.goto('/en/about');
    const banner = page.getByRole('region', { name: 'Cookie notice' });
    const accept = await boxOf(banner.getByRole('button', { name: 'Accept' }), 'Accept');
    const decline = await boxOf(banner.getByRole('button', { name: 'Decline' }), 'Decline');
    expect(Math.abs(accept.width - decline.width), 'the buttons differ in width').toBeLessThan(1);
    expect(Math.abs(accept.height - decline.height), 'the buttons differ in height').toBeLessThan(1);
    await banner.getByRole('button', { name: 'Decline' }).click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner).toHaveCount(0);
    const fresh = await context.newPage();
    await fresh.goto('/en/about');
    await expect(fresh.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(fresh.getByRole('region', { name: 'Cookie notice' })).toHaveCount(0);
  });
});
