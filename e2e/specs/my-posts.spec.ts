import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { apiSession, createListing, signInThroughProvider } from '../support/accounts.js';
import { newPage, useSiteAndBrowser } from '../support/site.js';

const running = useSiteAndBrowser({ DEMO_DATA: 'off' });

const LISTINGS = 30;
const titleOf = (n: number, language: string) => `Listing ${String(n).padStart(2, '0')} ${language}`;

const TEXTS = {
  en: {
    signIn: 'Sign in with Google',
    title: 'My posts',
    showing: (count: number, total: number) => `Showing ${count} of ${total} posts`,
    page: (page: number, pages: number) => `Page ${page} of ${pages}`,
    next: 'Next',
    close: 'Mark as closed',
    closed: 'Job marked as closed.',
    reactivate: 'Reactivate',
    reactivated: 'Job reactivated.',
    open: 'Open',
    closedLabel: 'Closed',
    del: 'Delete',
    deleted: 'Job deleted.',
  },
  he: {
    signIn: 'כניסה באמצעות Google',
    title: 'המודעות שלי',
    showing: (count: number, total: number) => `מוצגות ${count} מתוך ${total} מודעות`,
    page: (page: number, pages: number) => `עמוד ${page} מתוך ${pages}`,
    next: 'הבא',
    close: 'סימון כסגורה',
    closed: 'המודעה סומנה כסגורה.',
    reactivate: 'הפעלה מחדש',
    reactivated: 'המודעה הופעלה מחדש.',
    open: 'פתוחה',
    closedLabel: 'סגורה',
    del: 'מחיקה',
    deleted: 'המודעה נמחקה.',
  },
} as const;

describe('my posts, page by page', () => {
  for (const language of ['en', 'he'] as const) {
    it(`shows all ${LISTINGS} of a user's listings and manages them on the last page (${language})`, async () => {
      const texts = TEXTS[language];
      const email = `prolific-${language}@example.com`;
      const { page, context, problems } = await newPage(running.browser);
      try {
        const token = await apiSession(context.request, running.site.origin, email, 'Prolific');
        // One at a time, oldest first: listing 01 is the oldest, so the last page shows it.
        for (let n = 1; n <= LISTINGS; n += 1)
          await createListing(context.request, running.site.origin, token, { jobTitle: titleOf(n, language) });

        await page.goto(`${running.site.origin}/${language}/login`);
        await signInThroughProvider(page, email, 'Prolific', texts.signIn);
        await page.goto(`${running.site.origin}/${language}/my-posted-jobs`);
        await page.getByRole('heading', { name: texts.title }).waitFor();
        await page.getByText(texts.showing(12, LISTINGS)).waitFor();
        await page.getByText(texts.page(1, 3)).waitFor();
        await page.getByRole('link', { name: titleOf(LISTINGS, language), exact: true }).waitFor();
        assert.equal(await page.locator('.my-posts__item').count(), 12);

        await page.getByRole('button', { name: texts.next }).click();
        await page.getByText(texts.page(2, 3)).waitFor();
        await page.getByRole('button', { name: texts.next }).click();
        await page.getByText(texts.page(3, 3)).waitFor();
        assert.equal(new URL(page.url()).searchParams.get('page'), '3');
        await page.getByText(texts.showing(6, LISTINGS)).waitFor();
        await page.getByRole('link', { name: titleOf(1, language), exact: true }).waitFor();
        assert.equal(await page.getByRole('button', { name: texts.next }).isDisabled(), true);

        // Back goes to the page before, Forward returns.
        await page.goBack();
        await page.getByText(texts.page(2, 3)).waitFor();
        assert.equal(new URL(page.url()).searchParams.get('page'), '2');
        await page.goForward();
        await page.getByText(texts.page(3, 3)).waitFor();

        const oldest = page.locator('.my-posts__item').filter({ has: page.getByRole('link', { name: titleOf(1, language), exact: true }) });
        await oldest.getByText(texts.open, { exact: true }).waitFor();
        await oldest.getByRole('button', { name: texts.close }).click();
        await page.getByRole('alertdialog').getByRole('button', { name: texts.close }).click();
        await page.getByText(texts.closed).waitFor();
        await oldest.getByText(texts.closedLabel, { exact: true }).waitFor();
        await oldest.getByRole('button', { name: texts.reactivate }).click();
        await page.getByText(texts.reactivated).waitFor();
        await oldest.getByText(texts.open, { exact: true }).waitFor();

        const second = page.locator('.my-posts__item').filter({ has: page.getByRole('link', { name: titleOf(2, language), exact: true }) });
        await second.getByRole('button', { name: texts.del }).click();
        await page.getByRole('alertdialog').getByRole('button', { name: texts.del }).click();
        await page.getByText(texts.deleted).waitFor();
        await page.getByText(texts.showing(5, LISTINGS - 1)).waitFor();
        assert.equal(await second.count(), 0);

        // What the server keeps, not only what the page shows: after a reload, still page 3, one fewer.
        await page.reload();
        await page.getByText(texts.showing(5, LISTINGS - 1)).waitFor();
        await page.getByText(texts.page(3, 3)).waitFor();
        await oldest.getByText(texts.open, { exact: true }).waitFor();
        const mine = await context.request.get(`${running.site.origin}/api/v1/me/jobs?page=1&pageSize=50`, {
          headers: { authorization: `Bearer ${token}` },
        });
        assert.equal(((await mine.json()) as { total: number }).total, LISTINGS - 1);
        assert.deepEqual(problems.errors, []);
      } finally {
        await context.close();
      }
    });
  }
});
