import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, useSiteAndBrowser } from '../support/site.js';

const running = useSiteAndBrowser();

describe('a remote that fails to load', () => {
  it('shows "Failed to load page" in the page area while the header, footer and FAQ keep working', async () => {
    const { page, context } = await newPage(running.browser);
    try {
      await page.route('**/mfe/jobs/**', (route) => route.abort('connectionrefused'));
      await page.goto(`${running.site.origin}/en`);
      await page.getByRole('heading', { name: 'Failed to load page' }).waitFor();
      await page.getByRole('button', { name: 'Try again' }).waitFor();
      assert.equal(await page.getByRole('navigation', { name: 'Main' }).isVisible(), true);
      assert.equal(await page.locator('footer').isVisible(), true);

      await page.locator('footer').getByRole('link', { name: 'FAQ' }).click();
      await page.getByRole('heading', { name: 'Frequently asked questions', level: 1 }).waitFor();
      assert.equal(await page.locator('.faq__item').count(), 4);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Jobs' }).click();
      await page.getByRole('heading', { name: 'Failed to load page' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('loads the page on "Try again" once the remote answers', async () => {
    const { page, context } = await newPage(running.browser);
    try {
      await page.route('**/mfe/content/**', (route) => route.abort('connectionrefused'));
      await page.goto(`${running.site.origin}/en/faq`);
      await page.getByRole('heading', { name: 'Failed to load page' }).waitFor();
      await page.unroute('**/mfe/content/**');
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.getByRole('heading', { name: 'Frequently asked questions', level: 1 }).waitFor();
    } finally {
      await context.close();
    }
  });

  /**
   * From the home page, the FAQ is opened while `blocked` requests fail, then the network comes back: "Try again"
   * must show the FAQ in the same document (a marker set on the window before survives), not by reloading.
   */
  async function recoversInPlace(blocked: string | ((url: URL) => boolean)): Promise<void> {
    const { page, context } = await newPage(running.browser);
    try {
      await page.goto(`${running.site.origin}/en`);
      await page.locator('.listing-card, .listing-results__empty').first().waitFor();
      await page.evaluate(() => ((window as unknown as { sameTab: boolean }).sameTab = true));
      await page.route(blocked, (route) => route.abort('connectionrefused'));
      await page.locator('footer').getByRole('link', { name: 'FAQ' }).click();
      await page.getByRole('heading', { name: 'Failed to load page' }).waitFor();
      await page.unroute(blocked);
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.getByRole('heading', { name: 'Frequently asked questions', level: 1 }).waitFor();
      assert.equal(await page.evaluate(() => (window as unknown as { sameTab?: boolean }).sameTab), true, 'the page was reloaded');
    } finally {
      await context.close();
    }
  }

  it('recovers a page whose chunk failed after its remote loaded: "Try again" loads it in place, with no reload', async () => {
    // The CDN down for a moment: the remote's entry answers, its page's chunks do not.
    await recoversInPlace(
      (url) => url.pathname.startsWith('/mfe/content/') && !/\/(remoteEntry\.js|mf-manifest\.json)$/.test(url.pathname),
    );
  });

  it('loads a page whose remote never answered, once it does: "Try again" registers the remote anew, with no reload', async () => {
    // The remote's whole folder down, its entry included, for a page the first HTML did not hint.
    await recoversInPlace('**/mfe/content/**');
  });
});
