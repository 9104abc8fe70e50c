import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.js';

test.describe('a remote that fails to load', () => {
  test('shows "Failed to load page" in the page area while the header, footer and FAQ keep working', async ({ page }) => {
    await page.route('**/mfe/jobs/**', (route) => route.abort('connectionrefused'));
    await page.goto('/en');
    await expect(page.getByRole('heading', { name: 'Failed to load page' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.locator('footer')).toBeVisible();

    await page.locator('footer').getByRole('link', { name: 'FAQ' }).click();
    await expect(page.getByRole('heading', { name: 'Frequently asked questions', level: 1 })).toBeVisible();
    await expect(page.locator('.faq__item')).toHaveCount(4);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Jobs' }).click();
    await expect(page.getByRole('heading', { name: 'Failed to load page' })).toBeVisible();
  });

  test('loads the page on "Try again" once the remote answers', async ({ page }) => {
    await page.route('**/mfe/content/**', (route) => route.abort('connectionrefused'));
    await page.goto('/en/faq');
    await expect(page.getByRole('heading', { name: 'Failed to load page' })).toBeVisible();
    await page.unroute('**/mfe/content/**');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'Frequently asked questions', level: 1 })).toBeVisible();
    await expect(page.locator('.faq__item')).toHaveCount(4);
    await expect(page.getByRole('heading', { name: 'Failed to load page' })).toHaveCount(0);
  });

  /**
   * From the home page, the FAQ is opened while `blocked` requests fail, then the network comes back: "Try again"
   * must show the FAQ in the same document (a marker set on the window before survives), not by reloading.
   */
  async function recoversInPlace(page: Page, blocked: string | ((url: URL) => boolean)): Promise<void> {
    await page.goto('/en');
    await expect(page.locator('.listing-card, .listing-results__empty').first()).toBeVisible();
    await page.evaluate(() => ((window as unknown as { sameTab: boolean }).sameTab = true));
    await page.route(blocked, (route) => route.abort('connectionrefused'));
    await page.locator('footer').getByRole('link', { name: 'FAQ' }).click();
    await expect(page.getByRole('heading', { name: 'Failed to load page' })).toBeVisible();
    await page.unroute(blocked);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'Frequently asked questions', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Failed to load page' })).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { sameTab?: boolean }).sameTab), 'the page was reloaded').toBe(true);
  }

  test('recovers a page whose chunk failed after its remote loaded: "Try again" loads it in place, with no reload', async ({ page }) => {
    // The CDN down for a moment: the remote's entry answers, its page's chunks do not.
    await recoversInPlace(
      page,
      (url) => url.pathname.startsWith('/mfe/content/') && !/\/(remoteEntry\.js|mf-manifest\.json)$/.test(url.pathname),
    );
  });

  test('loads a page whose remote never answered, once it does: "Try again" registers the remote anew, with no reload', async ({
    page,
  }) => {
    // The remote's whole folder down, its entry included, for a page the first HTML did not hint.
    await recoversInPlace(page, '**/mfe/content/**');
  });
});
