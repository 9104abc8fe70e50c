import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, useSiteAndBrowser } from '../support/site.js';

const running = useSiteAndBrowser();

describe('cookie banner', () => {
  it('stays dismissed after "I Understand", across pages and reloads', async () => {
    const { page, context } = await newPage(running.browser);
    try {
      await page.goto(`${running.site.origin}/en/about`);
      const banner = page.getByRole('region', { name: 'Cookie notice' });
      await banner.waitFor();
      await banner.getByRole('link', { name: 'Read our privacy policy' }).waitFor();
      await banner.getByRole('button', { name: 'I Understand' }).click();
      await banner.waitFor({ state: 'detached' });
      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
      assert.equal(await banner.count(), 0);
      await page.goto(`${running.site.origin}/ar/faq`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      assert.equal(await page.getByRole('region', { name: 'إشعار ملفات تعريف الارتباط' }).count(), 0);
    } finally {
      await context.close();
    }
  });

  it('"Close" hides it for this visit only', async () => {
    const { page, context } = await newPage(running.browser);
    try {
      await page.goto(`${running.site.origin}/en/about`);
      await page.getByRole('region', { name: 'Cookie notice' }).getByRole('button', { name: 'Close' }).click();
      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
      assert.equal(await page.getByRole('region', { name: 'Cookie notice' }).count(), 0);
      const fresh = await context.newPage(); // a new tab is a new visit: sessionStorage is per tab
      await fresh.goto(`${running.site.origin}/en/about`);
      await fresh.getByRole('region', { name: 'Cookie notice' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
