import { apiSession, createListing, signInThroughProvider } from '../support/accounts.js';
import { expect, test } from '../support/test.js';

// Specs share their worker's site: the users are this spec's own, and every count is of their listings.
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

test.describe('my posts, page by page', () => {
  for (const language of ['en', 'he'] as const) {
    test(`shows all ${LISTINGS} of a user's listings and manages them on the last page (${language})`, async ({
      page,
      request,
      site,
      pageErrors,
    }) => {
      const texts = TEXTS[language];
      const email = `my-posts-prolific-${language}@e2e.test`;
      const token = await apiSession(request, site.origin, email, 'Prolific');
      // One at a time, oldest first: listing 01 is the oldest, so the last page shows it.
      for (let n = 1; n <= LISTINGS; n += 1) await createListing(request, site.origin, token, { jobTitle: titleOf(n, language) });

      await page.goto(`/${language}/login`);
      await signInThroughProvider(page, email, 'Prolific', texts.signIn);
      await page.goto(`/${language}/my-posted-jobs`);
      await expect(page.getByRole('heading', { name: texts.title })).toBeVisible();
      await expect(page.getByText(texts.showing(12, LISTINGS))).toBeVisible();
      await expect(page.getByText(texts.page(1, 3))).toBeVisible();
      await expect(page.getByRole('link', { name: titleOf(LISTINGS, language), exact: true })).toBeVisible();
      await expect(page.locator('.my-posts__item')).toHaveCount(12);

      const next = page.getByRole('button', { name: texts.next });
      await next.click();
      await expect(page.getByText(texts.page(2, 3))).toBeVisible();
      await next.click();
      await expect(page.getByText(texts.page(3, 3))).toBeVisible();
      await expect(page).toHaveURL((url) => url.searchParams.get('page') === '3');
      await expect(page.getByText(texts.showing(6, LISTINGS))).toBeVisible();
      await expect(page.getByRole('link', { name: titleOf(1, language), exact: true })).toBeVisible();
      await expect(next).toBeDisabled();

      // Back goes to the page before, Forward returns.
      await page.goBack();
      await expect(page.getByText(texts.page(2, 3))).toBeVisible();
      await expect(page).toHaveURL((url) => url.searchParams.get('page') === '2');
      await page.goForward();
      await expect(page.getByText(texts.page(3, 3))).toBeVisible();

      const oldest = page.locator('.my-posts__item').filter({ has: page.getByRole('link', { name: titleOf(1, language), exact: true }) });
      await expect(oldest.getByText(texts.open, { exact: true })).toBeVisible();
      await oldest.getByRole('button', { name: texts.close }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: texts.close }).click();
      await expect(page.getByText(texts.closed)).toBeVisible();
      await expect(oldest.getByText(texts.closedLabel, { exact: true })).toBeVisible();
      await oldest.getByRole('button', { name: texts.reactivate }).click();
      await expect(page.getByText(texts.reactivated)).toBeVisible();
      await expect(oldest.getByText(texts.open, { exact: true })).toBeVisible();

      const second = page.locator('.my-posts__item').filter({ has: page.getByRole('link', { name: titleOf(2, language), exact: true }) });
      await second.getByRole('button', { name: texts.del }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: texts.del }).click();
      await expect(page.getByText(texts.deleted)).toBeVisible();
      await expect(page.getByText(texts.showing(5, LISTINGS - 1))).toBeVisible();
      await expect(second).toHaveCount(0);

      // What the server keeps, not only what the page shows: after a reload, still page 3, one fewer.
      await page.reload();
      await expect(page.getByText(texts.showing(5, LISTINGS - 1))).toBeVisible();
      await expect(page.getByText(texts.page(3, 3))).toBeVisible();
      await expect(oldest.getByText(texts.open, { exact: true })).toBeVisible();
      const mine = await request.get('/api/v1/me/jobs?page=1&pageSize=50', { headers: { authorization: `Bearer ${token}` } });
      expect(((await mine.json()) as { total: number }).total).toBe(LISTINGS - 1);
      expect(pageErrors).toEqual([]);
    });
  }
});
