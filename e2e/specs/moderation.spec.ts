import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { apiSession, createListing, signInThroughProvider } from '../support/accounts.js';
import { newPage, useSiteAndBrowser } from '../support/site.js';

const running = useSiteAndBrowser({ DEMO_DATA: 'off', ADMIN_EMAILS: 'admin@example.com', DEV_IDP: 'on' });

describe('trust and safety', () => {
  it('asks a first-time user to confirm being 18 or older, and signs out one who does not', async () => {
    const { page, context } = await newPage(running.browser);
    try {
      await page.goto(`${running.site.origin}/en/login`);
      await signInThroughProvider(page, 'young@example.com', 'Young', 'Sign in with Google', { confirmAge: false });
      await page.getByRole('heading', { name: 'Confirm your age' }).waitFor();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText('Please confirm that you are 18 or older to continue.').waitFor();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.waitForURL(/\/en\/login$/);
      await page.getByRole('alert').filter({ hasText: 'Please confirm that you are 18 or older to continue.' }).waitFor();
      assert.equal(await page.evaluate(() => localStorage.getItem('tasko.user')), null, 'not signed in');

      await signInThroughProvider(page, 'young@example.com', 'Young', 'Sign in with Google');
      await page.getByRole('button', { name: 'Account menu' }).waitFor();
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page
        .getByRole('link', { name: 'Logout' })
        .or(page.getByRole('button', { name: 'Logout' }))
        .click();
      await page.waitForURL(/\/en\/login$/);
      await page.getByRole('button', { name: 'Sign in with Google' }).click();
      await page.getByLabel('Email').fill('young@example.com');
      await page.getByLabel('Name').fill('Young');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL((url) => url.pathname === '/en' || url.pathname === '/en/');
      assert.equal(await page.locator('#age-title').count(), 0, 'asked once only');
    } finally {
      await context.close();
    }
  });

  it('shows a normal user "Page not found" on /moderation', async () => {
    const { page, context } = await newPage(running.browser);
    try {
      await page.goto(`${running.site.origin}/en/login`);
      await signInThroughProvider(page, 'normal@example.com', 'Normal', 'Sign in with Google');
      await page.goto(`${running.site.origin}/en/moderation`);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      assert.equal(await page.getByRole('tablist').count(), 0);
      await page.getByRole('button', { name: 'Account menu' }).click();
      assert.equal(await page.getByRole('link', { name: 'Moderation' }).count(), 0);
    } finally {
      await context.close();
    }
  });

  it('lets an admin hide a reported listing and block its publisher, and records both', async () => {
    const { page, context } = await newPage(running.browser);
    try {
      const omar = await apiSession(page.request, running.site.origin, 'omar@example.com', 'Omar');
      const reported = await createListing(page.request, running.site.origin, omar, { jobTitle: 'Cleaning, men only' });
      const other = await createListing(page.request, running.site.origin, omar, { jobTitle: 'Garden work' });
      const quiet = await createListing(
        page.request,
        running.site.origin,
        await apiSession(page.request, running.site.origin, 'dana@example.com', 'Dana'),
        { jobTitle: 'Quiet listing' },
      );
      for (const [email, reason] of [
        ['rina@example.com', 'discriminatory'],
        ['yossi@example.com', 'other'],
      ] as const) {
        const token = await apiSession(page.request, running.site.origin, email, email);
        const res = await page.request.post(`${running.site.origin}/api/v1/jobs/${reported}/reports`, {
          headers: { authorization: `Bearer ${token}` },
          data: { reason, note: `Reported by ${email}` },
        });
        assert.equal(res.status(), 201);
      }
      const rina = await apiSession(page.request, running.site.origin, 'rina@example.com', 'Rina');
      await page.request.post(`${running.site.origin}/api/v1/jobs/${quiet}/reports`, {
        headers: { authorization: `Bearer ${rina}` },
        data: { reason: 'other' },
      });

      await page.goto(`${running.site.origin}/en/login`);
      await signInThroughProvider(page, 'admin@example.com', 'Admin', 'Sign in with Google');
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('link', { name: 'Moderation' }).click();
      await page.getByRole('heading', { name: 'Moderation', level: 1 }).waitFor();
      const first = page.locator('.moderation__item').first();
      await first.getByText('Cleaning, men only').waitFor();
      await first.getByText('Reports: 2').waitFor();
      await first.getByText('Reported by rina@example.com').waitFor();

      await first.getByRole('button', { name: 'Hide listing' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Hide listing' }).click();
      await page.getByText('The listing is hidden.').waitFor();
      await first.getByRole('button', { name: 'Restore listing' }).waitFor();

      const visitor = await running.browser.newContext();
      const visitorPage = await visitor.newPage();
      await visitorPage.goto(`${running.site.origin}/en/job/${reported}`);
      await visitorPage.getByRole('heading', { name: 'Job not found', exact: true }).waitFor();
      await visitorPage.goto(`${running.site.origin}/en/`);
      await visitorPage.locator('.listing-card').first().waitFor();
      const listed = await visitorPage.locator('.listing-card__title').allInnerTexts();
      assert.ok(!listed.includes('Cleaning, men only') && listed.includes('Garden work'));

      await first.getByRole('button', { name: 'Block user' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Block user' }).click();
      await page.getByText('The user is blocked.').waitFor();
      await visitorPage.reload();
      await visitorPage.locator('.listing-card').first().waitFor();
      assert.ok(
        !(await visitorPage.locator('.listing-card__title').allInnerTexts()).includes('Garden work'),
        'every listing of a blocked user disappears',
      );
      assert.equal((await page.request.get(`${running.site.origin}/api/v1/jobs/${other}`)).status(), 404);

      await visitorPage.goto(`${running.site.origin}/en/login`);
      await visitorPage.getByRole('button', { name: 'Sign in with Google' }).click();
      await visitorPage.getByLabel('Email').fill('omar@example.com');
      await visitorPage.getByLabel('Name').fill('Omar');
      await visitorPage.getByRole('button', { name: 'Continue' }).click();
      await visitorPage.getByRole('alert').filter({ hasText: 'Your account has been blocked' }).waitFor();
      await visitor.close();

      const reportsTab = page.getByRole('tab', { name: 'Reports' });
      await reportsTab.press('ArrowRight');
      // The arrow keys move between the tabs.
      await page.getByRole('tab', { name: 'Actions', selected: true }).waitFor({ timeout: 5000 });
      const rows = page.getByRole('tabpanel').locator('tbody tr');
      await rows.first().waitFor();
      assert.deepEqual(await rows.locator('td:nth-child(3)').allInnerTexts(), ['Block user', 'Hide listing']);
      assert.ok((await rows.first().innerText()).includes('admin@example.com'));
      await page.getByRole('tab', { name: 'Actions' }).press('ArrowRight');
      await page.getByRole('tab', { name: 'Statistics', selected: true }).waitFor({ timeout: 5000 });
      // Nobody in this test accepted the cookie banner: no analytics were recorded at all.
      await page.getByRole('tabpanel').getByText('No visits recorded in the last 14 days.').waitFor();
    } finally {
      await context.close();
    }
  });
});
