import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { STORAGE_KEYS } from '@tasko/shared/domain';
import { apiSession, createListing, signInThroughProvider } from '../support/accounts.js';
import { newPage, useSiteAndBrowser } from '../support/site.js';

const running = useSiteAndBrowser({ DEMO_DATA: 'off' });

describe('signing in', () => {
  it('from the header, through the provider’s redirect flow, in English', async () => {
    const { page, context, problems } = await newPage(running.browser);
    try {
      await page.goto(`${running.site.origin}/en/faq`);
      await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
      await page.getByRole('heading', { name: 'Log in' }).waitFor();
      await signInThroughProvider(page, 'dana@example.com', 'Dana Levi', 'Sign in with Google');
      assert.equal(new URL(page.url()).pathname, '/en/faq', 'back on the page the visitor signed in from');
      assert.equal(new URL(page.url()).hash, '', 'the token is not left in the address bar');
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByText('dana@example.com').waitFor();
      await page.getByText('Dana Levi').waitFor();
      const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), STORAGE_KEYS.user);
      assert.equal(stored.info.email, 'dana@example.com');
      assert.deepEqual(problems.errors, []);
    } finally {
      await context.close();
    }
  });

  it('from a Post intent, landing on the posting form', async () => {
    const { page, context } = await newPage(running.browser);
    try {
      await page.goto(`${running.site.origin}/en/about`);
      await page.getByRole('button', { name: 'Post', exact: true }).click();
      await page.getByRole('button', { name: 'Post service' }).click();
      await page.getByRole('heading', { name: 'Log in to offer a service' }).waitFor();
      await signInThroughProvider(page, 'omar@example.com', 'Omar', 'Sign in with Google');
      const url = new URL(page.url());
      assert.equal(url.pathname, '/en/post-job');
      assert.equal(url.searchParams.get('offerType'), 'service');
    } finally {
      await context.close();
    }
  });

  it('from a protected page, coming back to it, in Arabic', async () => {
    const { page, context } = await newPage(running.browser);
    try {
      await page.goto(`${running.site.origin}/ar/my-posted-jobs`);
      await page.waitForURL(/\/ar\/login/);
      await page.getByRole('heading', { name: 'تسجيل الدخول' }).waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
      await signInThroughProvider(page, 'layla@example.com', 'ليلى', 'تسجيل الدخول بحساب Google');
      assert.equal(new URL(page.url()).pathname, '/ar/my-posted-jobs');
      await page.getByRole('heading', { name: 'إعلاناتي' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('refuses a callback without a token, and a token that lost its state', async () => {
    const { page, context } = await newPage(running.browser);
    try {
      await page.goto(`${running.site.origin}/en/auth/callback`);
      await page.getByRole('alert').filter({ hasText: 'Authentication failed. Please try again.' }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/en/login');
      await page.goto(`${running.site.origin}/en/auth/callback#id_token=abc.def.ghi&state=forged`);
      await page.getByRole('alert').filter({ hasText: 'Authentication failed. Please try again.' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('sends a tampered token in storage to /login instead of a broken page', async () => {
    const { page, context } = await newPage(running.browser);
    try {
      await page.goto(`${running.site.origin}/en/faq`);
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
      await page.goto(`${running.site.origin}/en/my-posted-jobs`);
      await page.waitForURL(/\/en\/login/);
      await page.getByRole('heading', { name: 'Log in' }).waitFor();
      assert.equal(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.user), null);
    } finally {
      await context.close();
    }
  });

  it('signing out in one tab signs out the other tab', async () => {
    const { page, context } = await newPage(running.browser);
    try {
      await page.goto(`${running.site.origin}/en/login`);
      await signInThroughProvider(page, 'tabs@example.com', 'Tabs', 'Sign in with Google');
      const other = await context.newPage();
      await other.goto(`${running.site.origin}/en/my-posted-jobs`);
      await other.getByRole('heading', { name: 'My posts' }).waitFor();

      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL(/\/en\/login/);
      await other.waitForURL(/\/en\/login/);
      await other.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('my posts', () => {
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
    it(`closes, reactivates and deletes, showing only the user's own listings (${language})`, async () => {
      const email = `owner-${language}@example.com`;
      const { page, context } = await newPage(running.browser);
      try {
        const request = context.request;
        const token = await apiSession(request, running.site.origin, email, 'Owner');
        await createListing(request, running.site.origin, token, { jobTitle: `Mine to manage ${language}` });
        const strangerToken = await apiSession(request, running.site.origin, `stranger-${language}@example.com`, 'Stranger');
        await createListing(request, running.site.origin, strangerToken, { jobTitle: `Not mine ${language}` });

        await page.goto(`${running.site.origin}/${language}/login`);
        await signInThroughProvider(page, email, 'Owner', texts.button);
        await page.goto(`${running.site.origin}/${language}/my-posted-jobs`);
        await page.getByRole('heading', { name: texts.title }).waitFor();
        const item = page.locator('.my-posts__item').filter({ hasText: `Mine to manage ${language}` });
        await item.waitFor();
        assert.equal(await page.getByText(`Not mine ${language}`).count(), 0, 'another user’s listing never appears');
        await item.getByText(texts.open, { exact: true }).waitFor();

        await item.getByRole('button', { name: texts.close }).click();
        const dialog = page.getByRole('alertdialog');
        await dialog.getByText(texts.confirm).waitFor();
        await dialog.getByRole('button', { name: texts.close }).click();
        await page.getByText(texts.closed).waitFor();
        await item.getByText(texts.closedLabel, { exact: true }).waitFor();

        await item.getByRole('button', { name: texts.reactivate }).click();
        await item.getByText(texts.open, { exact: true }).waitFor();

        await item.getByRole('button', { name: texts.del }).click();
        await page.getByRole('alertdialog').getByText(texts.deleteQ).waitFor();
        await page.getByRole('alertdialog').getByRole('button', { name: texts.del }).click();
        await page.getByText(texts.deleted).waitFor();
        assert.equal(await item.count(), 0);
      } finally {
        await context.close();
      }
    });
  }
});

describe('settings', () => {
  it('are saved, applied at once and restored at the next sign-in', async () => {
    const { page, context } = await newPage(running.browser);
    try {
      await page.goto(`${running.site.origin}/en/login`);
      await signInThroughProvider(page, 'settings@example.com', 'Sam', 'Sign in with Google');
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('link', { name: 'Settings' }).click();
      await page.getByRole('heading', { name: 'Settings' }).waitFor();
      await page.getByLabel('Dark').check();
      assert.equal(await page.getByLabel('SMS notifications').count(), 0, 'no SMS switch while the site cannot send SMS');
      await page.getByLabel('Email me about my saved searches, applications, messages and reviews').uncheck();
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText('Settings saved successfully!').waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');

      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL(/\/en\/login/);
      await page.evaluate(() => localStorage.clear()); // as on another device
      await page.reload();
      await signInThroughProvider(page, 'settings@example.com', 'Sam', 'Sign in with Google');
      await page.goto(`${running.site.origin}/en/settings`);
      await page.getByRole('heading', { name: 'Settings' }).waitFor();
      assert.equal(await page.getByLabel('Dark').isChecked(), true);
      assert.equal(await page.getByLabel('Email me about my saved searches, applications, messages and reviews').isChecked(), false);
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
    } finally {
      await context.close();
    }
  });
});
