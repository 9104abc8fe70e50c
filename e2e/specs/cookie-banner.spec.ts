import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, useSiteAndBrowser } from '../support/site.js';

const running = useSiteAndBrowser();

describe('cookie banner', () => {
  it('stays dismissed after "Accept", across pages and reloads', async () => {
    const { page, context } = await newPage(running.browser);
    try {
      await page.goto(`${running.site.origin}/en/about`);
      const banner = page.getByRole('region', { name: 'Cookie notice' });
      await banner.waitFor();
      await banner.getByRole('link', { name: 'Read our privacy policy' }).waitFor();
      await banner.getByRole('button', { name: 'Accept' }).click();
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

  it('remembers "Decline" like "Accept": no banner after a reload or in a new tab, and the two buttons alike', async () => {
    const { page, context } = await newPage(running.browser);
    try {
      await page.goto(`${running.site.origin}/en/about`);
      const banner = page.getByRole('region', { name: 'Cookie notice' });
      const [accept, decline] = await Promise.all(['Accept', 'Decline'].map((name) => banner.getByRole('button', { name }).boundingBox()));
      assert.ok(
        accept && decline && Math.abs(accept.width - decline.width) < 1 && Math.abs(accept.height - decline.height) < 1,
        'the buttons differ in size',
      );
      await banner.getByRole('button', { name: 'Decline' }).click();
      await banner.waitFor({ state: 'detached' });
      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
      assert.equal(await banner.count(), 0);
      const fresh = await context.newPage();
      await fresh.goto(`${running.site.origin}/en/about`);
      await fresh.getByRole('heading', { level: 1 }).waitFor();
      assert.equal(await fresh.getByRole('region', { name: 'Cookie notice' }).count(), 0);
    } finally {
      await context.close();
    }
  });
});
