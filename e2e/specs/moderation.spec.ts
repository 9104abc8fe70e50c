import { apiSession, createListing, signInThroughProvider } from '../support/accounts.js';
import { expect, test } from '../support/test.js';

// A site of its own: the moderator is named in its settings, and its statistics must hold no visit but this spec's.
const ADMIN = 'moderation-admin@e2e.test';
test.use({ siteEnv: { DEMO_DATA: 'off', ADMIN_EMAILS: ADMIN, DEV_IDP: 'on' } });

test.describe('trust and safety', () => {
  test('asks a first-time user to confirm being 18 or older, and signs out one who does not', async ({ page }) => {
    const young = 'moderation-young@e2e.test';
    await page.goto('/en/login');
    await signInThroughProvider(page, young, 'Young', 'Sign in with Google', { confirmAge: false });
    await expect(page.getByRole('heading', { name: 'Confirm your age' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Please confirm that you are 18 or older to continue.')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/en\/login$/);
    await expect(page.getByRole('alert').filter({ hasText: 'Please confirm that you are 18 or older to continue.' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('tasko.user')), 'not signed in').toBeNull();

    await signInThroughProvider(page, young, 'Young', 'Sign in with Google');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page
      .getByRole('link', { name: 'Logout' })
      .or(page.getByRole('button', { name: 'Logout' }))
      .click();
    await expect(page).toHaveURL(/\/en\/login$/);
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await page.getByLabel('Email').fill(young);
    await page.getByLabel('Name').fill('Young');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/en' || url.pathname === '/en/');
    // Signed in and on the home page: past the point where the question would have been asked.
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await expect(page.locator('#age-title'), 'asked once only').toHaveCount(0);
  });

  test('shows a normal user "Page not found" on /moderation', async ({ page }) => {
    await page.goto('/en/login');
    await signInThroughProvider(page, 'moderation-normal@e2e.test', 'Normal', 'Sign in with Google');
    await page.goto('/en/moderation');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('tablist')).toHaveCount(0);
    await page.getByRole('button', { name: 'Account menu' }).click();
    // The menu is open (its Logout shows) before the absence of Moderation in it means anything.
    await expect(page.getByRole('link', { name: 'Logout' }).or(page.getByRole('button', { name: 'Logout' }))).toBeVisible();
    await expect(page.getByRole('link', { name: 'Moderation' })).toHaveCount(0);
  });

  test('lets an admin hide a reported listing and block its publisher, and records both', async ({ page, browser, site }) => {
    const publisher = 'moderation-omar@e2e.test';
    const omar = await apiSession(page.request, site.origin, publisher, 'Omar');
    const reported = await createListing(page.request, site.origin, omar, { jobTitle: 'Cleaning, men only' });
    const other = await createListing(page.request, site.origin, omar, { jobTitle: 'Garden work' });
    const quiet = await createListing(
      page.request,
      site.origin,
      await apiSession(page.request, site.origin, 'moderation-dana@e2e.test', 'Dana'),
      { jobTitle: 'Quiet listing' },
    );
    const rinaEmail = 'moderation-rina@e2e.test';
    for (const [email, reason] of [
      [rinaEmail, 'discriminatory'],
      ['moderation-yossi@e2e.test', 'other'],
    ] as const) {
      const token = await apiSession(page.request, site.origin, email, email);
      const res = await page.request.post(`${site.origin}/api/v1/jobs/${reported}/reports`, {
        headers: { authorization: `Bearer ${token}` },
        data: { reason, note: `Reported by ${email}` },
      });
      expect(res.status()).toBe(201);
    }
    const rina = await apiSession(page.request, site.origin, rinaEmail, 'Rina');
    await page.request.post(`${site.origin}/api/v1/jobs/${quiet}/reports`, {
      headers: { authorization: `Bearer ${rina}` },
      data: { reason: 'other' },
    });

    await page.goto('/en/login');
    await signInThroughProvider(page, ADMIN, 'Admin', 'Sign in with Google');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('link', { name: 'Moderation' }).click();
    await expect(page.getByRole('heading', { name: 'Moderation', level: 1 })).toBeVisible();
    const first = page.locator('.moderation__item').first();
    await expect(first.getByText('Cleaning, men only')).toBeVisible();
    await expect(first.getByText('Reports: 2')).toBeVisible();
    await expect(first.getByText(`Reported by ${rinaEmail}`)).toBeVisible();

    await first.getByRole('button', { name: 'Hide listing' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Hide listing' }).click();
    await expect(page.getByText('The listing is hidden.')).toBeVisible();
    await expect(first.getByRole('button', { name: 'Restore listing' })).toBeVisible();

    const visitor = await browser.newContext();
    try {
      const visitorPage = await visitor.newPage();
      const titles = visitorPage.locator('.listing-card__title');
      await visitorPage.goto(`${site.origin}/en/job/${reported}`);
      await expect(visitorPage.getByRole('heading', { name: 'Job not found', exact: true })).toBeVisible();
      await visitorPage.goto(`${site.origin}/en/`);
      await expect(visitorPage.locator('.listing-card').first()).toBeVisible();
      await expect(titles.filter({ hasText: /^Garden work$/ })).toHaveCount(1);
      await expect(titles.filter({ hasText: /^Cleaning, men only$/ })).toHaveCount(0);

      await first.getByRole('button', { name: 'Block user' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Block user' }).click();
      await expect(page.getByText('The user is blocked.')).toBeVisible();
      await visitorPage.reload();
      await expect(visitorPage.locator('.listing-card').first()).toBeVisible();
      await expect(titles.filter({ hasText: /^Garden work$/ }), 'every listing of a blocked user disappears').toHaveCount(0);
      expect((await page.request.get(`${site.origin}/api/v1/jobs/${other}`)).status()).toBe(404);

      await visitorPage.goto(`${site.origin}/en/login`);
      await visitorPage.getByRole('button', { name: 'Sign in with Google' }).click();
      await visitorPage.getByLabel('Email').fill(publisher);
      await visitorPage.getByLabel('Name').fill('Omar');
      await visitorPage.getByRole('button', { name: 'Continue' }).click();
      await expect(visitorPage.getByRole('alert').filter({ hasText: 'Your account has been blocked' })).toBeVisible();
    } finally {
      await visitor.close();
    }

    const reportsTab = page.getByRole('tab', { name: 'Reports' });
    await reportsTab.press('ArrowRight');
    // The arrow keys move between the tabs.
    await expect(page.getByRole('tab', { name: 'Actions', selected: true })).toBeVisible({ timeout: 5000 });
    const rows = page.getByRole('tabpanel').locator('tbody tr');
    await expect(rows.locator('td:nth-child(3)')).toHaveText(['Block user', 'Hide listing']);
    await expect(rows.first()).toContainText(ADMIN);
    await page.getByRole('tab', { name: 'Actions' }).press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Statistics', selected: true })).toBeVisible({ timeout: 5000 });
    // Nobody in this test accepted the cookie banner: no analytics were recorded at all.
    await expect(page.getByRole('tabpanel').getByText('No visits recorded in the last 14 days.')).toBeVisible();
  });
});
