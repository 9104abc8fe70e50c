import { apiSession, createListing, signInThroughProvider } from '../support/accounts.js';
import type { OutboxMessage } from '../../api/src/plugins/mail/devMail.routes.js';
import { expect, test } from '../support/test.js';

test.use({ siteEnv: { DEMO_DATA: 'off' } });

test.describe('alerts that really arrive', () => {
  test('saves a search in Hebrew; another user posts a match; the email reaches /dev-mail with its link; unsubscribe works', async ({
    page,
    context,
    site,
    pageErrors,
  }) => {
    const origin = site.origin;
    const reader = 'noa.alerts@example.com';
    await page.goto('/he/login');
    await signInThroughProvider(page, reader, 'Noa', 'כניסה באמצעות Google');

    await page.goto('/he/tasks');
    await page.getByLabel('מה מחפשים?').fill('ספה');
    await page.getByRole('button', { name: 'חיפוש', exact: true }).click();
    await page.getByRole('button', { name: 'עדכנו אותי על מודעות חדשות כאלה' }).click();
    await page.getByLabel('מיד עם הפרסום').check();
    await page.getByRole('button', { name: 'שמירת ההתראה' }).click();
    await expect(page.getByText('נעדכן אתכם באימייל על עבודות חדשות כאלה.')).toBeVisible();

    // Someone else posts a job the search finds, and a job it does not.
    const poster = await apiSession(context.request, origin, 'poster.alerts@example.com', 'Dana');
    await createListing(context.request, origin, poster, { jobTitle: 'משהו אחר לגמרי' });
    const id = await createListing(context.request, origin, poster, { jobTitle: 'הובלת ספה לקומה שלישית' });

    const mailToReader = async () =>
      ((await (await context.request.get('/dev-mail/messages')).json()) as { messages: OutboxMessage[] }).messages.filter((m) =>
        m.to.includes(reader),
      );
    await expect
      .poll(async () => (await mailToReader()).length, { message: 'the alert email reached the outbox within 30 s', timeout: 30_000 })
      .toBeGreaterThan(0);
    const [mail, ...others] = await mailToReader();
    if (!mail) throw new Error('the alert email left the outbox');
    expect(mail.subject).toMatch(/הובלת ספה לקומה שלישית/);
    expect(mail.html).toMatch(/<html[^>]*lang="he"[^>]*dir="rtl"|<html[^>]*dir="rtl"[^>]*lang="he"/);
    expect(mail.html, 'the email links to the listing').toContain(`/he/job/${id}`);
    expect(mail.html, 'never the poster’s phone').not.toMatch(/054-?1234-?567|0541234567/);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(others, 'one email: the other listing does not match').toEqual([]);

    // The listing's link in the email opens the listing.
    await page.goto(`/he/job/${id}`);
    await expect(page.getByRole('heading', { name: 'הובלת ספה לקומה שלישית' })).toBeVisible();

    // The visible link opens a page with a button: the link alone unsubscribes nobody.
    const link = /href="([^"]*\/he\/unsubscribe\?token=[^"]+)"/.exec(mail.html)?.[1]?.replace(/&amp;/g, '&');
    expect(link, 'the email has a visible unsubscribe link').toBeTruthy();
    // The site under test listens on a port of its own; the email names the configured public origin.
    const linked = new URL(link ?? '');
    await page.goto(`${linked.pathname}${linked.search}`);
    const session = await apiSession(context.request, origin, reader, 'Noa');
    const alertsNow = async () =>
      (
        (await (await context.request.get('/api/v1/me/alerts', { headers: { authorization: `Bearer ${session}` } })).json()) as {
          alerts: unknown[];
        }
      ).alerts;
    expect(await alertsNow(), 'opening the link changed nothing').toHaveLength(1);
    await page.getByRole('button', { name: 'הסרה', exact: true }).click();
    await expect(page.getByText('ההסרה בוצעה. לא יישלחו אליכם עוד אימיילים מההתראה הזאת.')).toBeVisible();
    expect(await alertsNow()).toHaveLength(0);
    expect(pageErrors).toEqual([]);
  });
});
