import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, startSite, type RunningSite } from '../support/site.js';

let site: RunningSite;
let browser: Browser;

before(async () => {
  site = await startSite();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await site?.stop();
});

describe('a remote that fails to load', () => {
  it('shows "Failed to load page" in the page area while the header, footer and FAQ keep working', async () => {
    const { page, context } = await newPage(browser);
    try {
      await page.route('**/mfe/jobs/**', (route) => route.abort('connectionrefused'));
      await page.goto(`${site.origin}/en`);
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
    const { page, context } = await newPage(browser);
    try {
      await page.route('**/mfe/content/**', (route) => route.abort('connectionrefused'));
      await page.goto(`${site.origin}/en/faq`);
      await page.getByRole('heading', { name: 'Failed to load page' }).waitFor();
      await page.unroute('**/mfe/content/**');
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.getByRole('heading', { name: 'Frequently asked questions', level: 1 }).waitFor();
    } finally {
      await context.close();
    }
  });
});
