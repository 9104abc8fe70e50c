import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { apiSession, createListing, signInThroughProvider } from '../support/accounts.js';
import type { OutboxMessage } from '../../api/src/plugins/mail/devMail.routes.js';
import { newPage, useSiteAndBrowser } from '../support/site.js';

const running = useSiteAndBrowser({ DEMO_DATA: 'off' });

describe('alerts that really arrive', () => {
  it('saves a search in Hebrew; another user posts a match; the email reaches /dev-mail with its link; unsubscribe works', async () => {
    const { page, context, problems } = await newPage(running.browser);
    const origin = running.site.origin;
    const reader = 'noa.alerts@example.com';
    try {
      await page.goto(`${origin}/he/login`);
      await signInThroughProvider(page, reader, 'Noa', 'כניסה באמצעות Google');

      await page.goto(`${origin}/he/tasks`);
      await page.getByLabel('מה מחפשים?').fill('ספה');
      await page.getByRole('button', { name: 'חיפוש', exact: true }).click();
      await page.getByRole('button', { name: 'עדכנו אותי על מודעות חדשות כאלה' }).click();
      await page.getByLabel('מיד עם הפרסום').check();
      await page.getByRole('button', { name: 'שמירת ההתראה' }).click();
      await page.getByText('נעדכן אתכם באימייל על עבודות חדשות כאלה.').waitFor();

      // Someone else posts a job the search finds, and a job it does not.
      const poster = await apiSession(context.request, origin, 'poster.alerts@example.com', 'Dana');
      await createListing(context.request, origin, poster, { jobTitle: 'משהו אחר לגמרי' });
      const id = await createListing(context.request, origin, poster, { jobTitle: 'הובלת ספה לקומה שלישית' });

      let mail: OutboxMessage | undefined;
      for (let waited = 0; waited < 30_000 && !mail; waited += 250) {
        const answer = await context.request.get(`${origin}/dev-mail/messages`);
        const { messages } = (await answer.json()) as { messages: OutboxMessage[] };
        mail = messages.find((m) => m.to.includes(reader));
        if (!mail) await page.waitForTimeout(250);
      }
      assert.ok(mail, 'the alert email reached the outbox within 30 s');
      assert.match(mail.subject, /הובלת ספה לקומה שלישית/);
      assert.match(mail.html, /<html[^>]*lang="he"[^>]*dir="rtl"|<html[^>]*dir="rtl"[^>]*lang="he"/);
      assert.ok(mail.html.includes(`/he/job/${id}`), 'the email links to the listing');
      assert.doesNotMatch(mail.html, /054-?1234-?567|0541234567/, 'never the poster’s phone');
      assert.equal(mail.headers['list-unsubscribe-post'], 'List-Unsubscribe=One-Click');
      const others = ((await (await context.request.get(`${origin}/dev-mail/messages`)).json()) as { messages: OutboxMessage[] }).messages;
      assert.equal(others.filter((m) => m.to.includes(reader)).length, 1, 'one email: the other listing does not match');

      // The listing's link in the email opens the listing.
      await page.goto(`${origin}/he/job/${id}`);
      await page.getByRole('heading', { name: 'הובלת ספה לקומה שלישית' }).waitFor();

      // The visible link opens a page with a button: the link alone unsubscribes nobody.
      const link = /href="([^"]*\/he\/unsubscribe\?token=[^"]+)"/.exec(mail.html)?.[1]?.replace(/&amp;/g, '&');
      assert.ok(link, 'the email has a visible unsubscribe link');
      // The site under test listens on a port of its own; the email names the configured public origin.
      const linked = new URL(link);
      await page.goto(`${origin}${linked.pathname}${linked.search}`);
      const session = await apiSession(context.request, origin, reader, 'Noa');
      const alertsNow = async () =>
        (
          (await (await context.request.get(`${origin}/api/v1/me/alerts`, { headers: { authorization: `Bearer ${session}` } })).json()) as {
            alerts: unknown[];
          }
        ).alerts;
      assert.equal((await alertsNow()).length, 1, 'opening the link changed nothing');
      await page.getByRole('button', { name: 'הסרה', exact: true }).click();
      await page.getByText('ההסרה בוצעה. לא יישלחו אליכם עוד אימיילים מההתראה הזאת.').waitFor();
      assert.equal((await alertsNow()).length, 0);
      assert.deepEqual(problems.errors, []);
    } finally {
      await context.close();
    }
  });
});
