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
});
