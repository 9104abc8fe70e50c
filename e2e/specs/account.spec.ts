import { STORAGE_KEYS } from '@tasko/shared/domain';
import { apiSession, createListing, signInThroughProvider } from '../support/accounts.js';
import { expect, test } from '../support/test.js';

test.use({ siteEnv: { DEMO_DATA: 'off' } });

test.describe('signing in', () => {
  test('from the header, through the provider’s redirect flow, in English', async ({ page, pageErrors }) => {
    await page.goto('/en/faq');
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await signInThroughProvider(page, 'account-dana@e2e.test', 'Dana Levi', 'Sign in with Google');
    await expect(page, 'back on the page the visitor signed in from').toHaveURL((url) => url.pathname === '/en/faq');
    expect(new URL(page.url()).hash, 'the token is not left in the address bar').toBe('');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByText('account-dana@e2e.test')).toBeVisible();
    await expect(page.getByText('Dana Levi')).toBeVisible();
    const stored = await page.evaluate((key): unknown => JSON.parse(localStorage.getItem(key) ?? 'null'), STORAGE_KEYS.user);
    expect(stored).toMatchObject({ info: { email: 'account-dana@e2e.test' } });
    expect(pageErrors).toEqual([]);
  });

  test('from a Post intent, landing on the posting form', async ({ page }) => {
    await page.goto('/en/about');
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await page.getByRole('button', { name: 'Post service' }).click();
    await expect(page.getByRole('heading', { name: 'Log in to offer a service' })).toBeVisible();
    await signInThroughProvider(page, 'account-omar@e2e.test', 'Omar', 'Sign in with Google');
    await expect(page).toHaveURL((url) => url.pathname === '/en/post-job' && url.searchParams.get('offerType') === 'service');
  });

  test('from a protected page, coming back to it, in Arabic', async ({ page }) => {
    await page.goto('/ar/my-posted-jobs');
    await expect(page).toHaveURL(/\/ar\/login/);
    await expect(page.getByRole('heading', { name: 'تسجيل الدخول' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await signInThroughProvider(page, 'account-layla@e2e.test', 'ليلى', 'تسجيل الدخول بحساب Google');
    await expect(page).toHaveURL((url) => url.pathname === '/ar/my-posted-jobs');
    await expect(page.getByRole('heading', { name: 'إعلاناتي' })).toBeVisible();
  });

  test('refuses a callback without a token, and a token that lost its state', async ({ page }) => {
    const failure = page.getByRole('alert').filter({ hasText: 'Authentication failed. Please try again.' });
    await page.goto('/en/auth/callback');
    await expect(failure).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/en/login');
    await page.goto('/en/auth/callback#id_token=abc.def.ghi&state=forged');
    await expect(failure).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/en/login');
  });

  test('sends a tampered token in storage to /login instead of a broken page', async ({ page }) => {
    await page.goto('/en/faq');
    await page.evaluate((key) => {
      localStorage.setItem(
        key,
        JSON.stringify({
          token: 'forged.token.value',
          info: { email: 'x@example.com', name: 'X' },
          settings: { language: 'en', theme: 'light', emailNotifications: true, smsNotifications: false },
        }),
      );
    }, STORAGE_KEYS.user);
    await page.goto('/en/my-posted-jobs');
    await expect(page).toHaveURL(/\/en\/login/);
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await expect
      .poll(() => page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.user), { message: 'the forged token forgotten' })
      .toBeNull();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  });

  test('signing out in one tab signs out the other tab', async ({ page, context }) => {
    await page.goto('/en/login');
    await signInThroughProvider(page, 'account-tabs@e2e.test', 'Tabs', 'Sign in with Google');
    const other = await context.newPage();
    await other.goto('/en/my-posted-jobs');
    await expect(other.getByRole('heading', { name: 'My posts' })).toBeVisible();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/en\/login/);
    await expect(other).toHaveURL(/\/en\/login/);
    await expect(other.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(other.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
  });
});

test.describe('my posts', () => {
  for (const [language, texts] of [
    [
      'en',
      {
        title: 'My posts',
        close: 'Mark as closed',
        confirm: 'Mark this job as closed?',
        closed: 'Job marked as closed.',
        open: 'Open',
        closedLabel: 'Closed',
        reactivate: 'Reactivate',
        del: 'Delete',
        deleteQ: 'Are you sure you want to delete this job?',
        deleted: 'Job deleted.',
        button: 'Sign in with Google',
      },
    ],
    [
      'ar',
      {
        title: 'إعلاناتي',
        close: 'إغلاق الإعلان',
        confirm: 'هل تريد إغلاق هذا الإعلان؟',
        closed: 'أُغلق الإعلان.',
        open: 'مفتوح',
        closedLabel: 'مغلق',
        reactivate: 'إعادة التفعيل',
        del: 'حذف',
        deleteQ: 'هل تريد حذف هذا الإعلان؟',
        deleted: 'حُذف الإعلان.',
        button: 'تسجيل الدخول بحساب Google',
      },
    ],
  ] as const) {
    test(`closes, reactivates and deletes, showing only the user's own listings (${language})`, async ({ page, context, site }) => {
      const email = `account-owner-${language}@e2e.test`;
      const request = context.request;
      const token = await apiSession(request, site.origin, email, 'Owner');
      await createListing(request, site.origin, token, { jobTitle: `Mine to manage ${language}` });
      const strangerToken = await apiSession(request, site.origin, `account-stranger-${language}@e2e.test`, 'Stranger');
      await createListing(request, site.origin, strangerToken, { jobTitle: `Not mine ${language}` });

      await page.goto(`/${language}/login`);
      await signInThroughProvider(page, email, 'Owner', texts.button);
      await page.goto(`/${language}/my-posted-jobs`);
      await expect(page.getByRole('heading', { name: texts.title })).toBeVisible();
      const item = page.locator('.my-posts__item').filter({ hasText: `Mine to manage ${language}` });
      await expect(item).toBeVisible();
      await expect(page.getByText(`Not mine ${language}`), 'another user’s listing never appears').toHaveCount(0);
      await expect(item.getByText(texts.open, { exact: true })).toBeVisible();

      await item.getByRole('button', { name: texts.close }).click();
      const dialog = page.getByRole('alertdialog');
      await expect(dialog.getByText(texts.confirm)).toBeVisible();
      await dialog.getByRole('button', { name: texts.close }).click();
      await expect(page.getByText(texts.closed)).toBeVisible();
      await expect(item.getByText(texts.closedLabel, { exact: true })).toBeVisible();

      await item.getByRole('button', { name: texts.reactivate }).click();
      await expect(item.getByText(texts.open, { exact: true })).toBeVisible();

      await item.getByRole('button', { name: texts.del }).click();
      await expect(dialog.getByText(texts.deleteQ)).toBeVisible();
      await dialog.getByRole('button', { name: texts.del }).click();
      await expect(page.getByText(texts.deleted)).toBeVisible();
      await expect(item).toHaveCount(0);
    });
  }
});

test.describe('settings', () => {
  test('are saved, applied at once and restored at the next sign-in', async ({ page }) => {
    const html = page.locator('html');
    const emailMe = page.getByLabel('Email me about my saved searches, applications, messages and reviews');
    await page.goto('/en/login');
    await signInThroughProvider(page, 'account-settings@e2e.test', 'Sam', 'Sign in with Google');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
    await page.getByLabel('Dark').check();
    await expect(page.getByLabel('SMS notifications'), 'no SMS switch while the site cannot send SMS').toHaveCount(0);
    await emailMe.uncheck();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved successfully!')).toBeVisible();
    await expect(html).toHaveAttribute('data-theme', 'dark');

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/en\/login/);
    await page.evaluate(() => localStorage.clear()); // as on another device
    await page.reload();
    await signInThroughProvider(page, 'account-settings@e2e.test', 'Sam', 'Sign in with Google');
    await page.goto('/en/settings');
    await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
    await expect(page.getByLabel('Dark')).toBeChecked();
    await expect(emailMe).not.toBeChecked();
    await expect(html).toHaveAttribute('data-theme', 'dark');
  });
});
