import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, afterEach, before, beforeEach, describe, test } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { and, eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { DEFAULT_SETTINGS, type DealMailKind, type Language, type OfferType } from '@tasko/shared/domain';
import { loadConfig } from '../src/config.js';
import { rowsOf, type DatabaseHandle } from '../src/db/client.js';
import {
  alerts as alertsTable,
  applications,
  conversations,
  dealMailOptOuts,
  listings,
  memberBlocks,
  messages,
  reviews,
  users,
} from '../src/db/schema.js';
import errorsPlugin from '../src/plugins/errors/errors.plugin.js';
import { startAlerts, type AlertService } from '../src/plugins/alerts/alertService.js';
import { createMailer } from '../src/plugins/mail/mailer.js';
import { UnsubscribeTokens } from '../src/plugins/mail/unsubscribeTokens.js';
import { mailUnsubscribeRoutes } from '../src/plugins/mail/mailUnsubscribe.routes.js';
import { DEAL_MAIL_QUEUES, startDealMail, UNREAD_MAIL_INTERVAL_SECONDS, type DealMailService } from '../src/plugins/mail/dealMail.js';
import { EXCERPT_MAX_LENGTH, excerptOf } from '../src/plugins/mail/dealEmail.js';
import { emptyDatabase, publishListing, signIn, startTestServer, testDatabases } from './testServer.js';

const SITE = 'http://tasko.test';
/** A member's text in a subject or the text part: between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE (docs/security.md). */
const isolated = (text: string) => `\u2068${text}\u2069`;
/**
 * The unread delay in these tests (5 minutes on the site): long enough that no job falls due by itself while
 * a test runs, however slowly; `unreadDelayPasses` moves it.
 */
const UNREAD_DELAY_SECONDS = 60;

interface Email {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Header values as sent, unfolded, by lower-case name. */
  headers: Map<string, string>;
}

/** The raw header block of an .eml, unfolded (RFC 5322: a line break before white space continues the line). */
function rawHeaders(eml: string): Map<string, string> {
  const block = eml.slice(0, eml.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** The embedded mailer's outbox (`DATA_DIR/outbox`): what was written since the last look, oldest first. */
class Outbox {
  private seen = new Set<string>();
  constructor(readonly dir: string) {}

  async fresh(): Promise<Email[]> {
    if (!fs.existsSync(this.dir)) return [];
    const files = fs
      .readdirSync(this.dir)
      .filter((file) => file.endsWith('.eml') && !this.seen.has(file))
      .sort();
    const emails: Email[] = [];
    for (const file of files) {
      this.seen.add(file);
      const eml = fs.readFileSync(path.join(this.dir, file));
      const parsed = await simpleParser(eml);
      emails.push({
        to: parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : '',
        subject: parsed.subject ?? '',
        html: typeof parsed.html === 'string' ? parsed.html : '',
        text: parsed.text ?? '',
        headers: rawHeaders(eml.toString('utf8')),
      });
    }
    return emails;
  }

  /** Waits up to `timeoutMs` for `count` new emails (a server's own worker sends them). */
  async await(count: number, timeoutMs = 20_000): Promise<Email[]> {
    const deadline = Date.now() + timeoutMs;
    const got: Email[] = [];
    while (got.length < count && Date.now() < deadline) {
      got.push(...(await this.fresh()));
      if (got.length < count) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return got;
  }
}

/** The one-click link of an email and the token in it. */
function oneClick(email: Email): { url: string; token: string } {
  const match = /^<(http:\/\/tasko\.test\/api\/v1\/mail\/unsubscribe\?token=([^>]+))>$/.exec(email.headers.get('list-unsubscribe') ?? '');
  assert.ok(match, `a one-click unsubscribe link: ${email.headers.get('list-unsubscribe')}`);
  return { url: match[1]!, token: decodeURIComponent(match[2]!) };
}

/** An email of `kind` to `userId`: one-click unsubscribe headers (RFC 8058) for that kind and user, and the page's link, visible. */
function assertUnsubscribe(email: Email, userId: number, kind: DealMailKind, language: Language): void {
  const { token } = oneClick(email);
  assert.match(token, new RegExp(`^d1\\.${userId}\\.${kind}\\.[A-Za-z0-9_-]{43}$`));
  assert.equal(email.headers.get('list-unsubscribe-post'), 'List-Unsubscribe=One-Click');
  const page = `${SITE}/${language}/unsubscribe?token=${encodeURIComponent(token)}&mail=${kind}`;
  assert.ok(email.html.includes(`href="${page.replace('&', '&amp;')}"`), `the unsubscribe page, linked: ${page}`);
  assert.ok(email.text.includes(page), 'the unsubscribe page in the text part');
}

for (const database of testDatabases()) {
  describe(`deal emails on ${database.name}`, () => {
    let handle: DatabaseHandle;
    let dataDir: string;
    let outbox: Outbox;
    let alerts: AlertService;
    let dealMail: DealMailService;
    let tokens: UnsubscribeTokens;
    let app: FastifyInstance;
    let userCount = 0;

    async function user(
      options: { language?: Language; emailNotifications?: boolean; name?: string } = {},
    ): Promise<{ id: number; email: string }> {
      userCount += 1;
      const email = `deal-mail-${userCount}-${Date.now()}@example.com`;
      const { name = `Member${userCount} Cohen`, ...settings } = options;
      const [row] = await handle.db
        .insert(users)
        .values({ email, name, settings: { ...DEFAULT_SETTINGS, ...settings } })
        .returning({ id: users.id });
      return { id: row!.id, email };
    }

    interface Deal {
      poster: { id: number; email: string };
      applicant: { id: number; email: string };
      listingId: number;
      applicationId: number;
      conversationId: number;
      firstMessageId: number;
    }

    /** A listing, an application to it and its conversation (its first message the application's), as the routes write them. */
    async function deal(
      options: {
        poster?: Parameters<typeof user>[0];
        applicant?: Parameters<typeof user>[0];
        offerType?: OfferType;
        title?: string;
        message?: string;
        status?: string;
      } = {},
    ): Promise<Deal> {
      const poster = await user(options.poster);
      const applicant = await user(options.applicant);
      const [listing] = await handle.db
        .insert(listings)
        .values({
          publisherId: poster.id,
          offerType: options.offerType ?? 'job',
          title: options.title ?? 'Help moving a sofa',
          description: 'Third floor, no lift.',
          category: 'homeServices',
          amount: 200,
          contactPersonName: 'Dana Levi',
          phone: '0501234567',
          city: 'Haifa',
        })
        .returning({ id: listings.id });
      const message = options.message ?? 'I can come tomorrow morning.';
      const status = options.status ?? 'sent';
      const [application] = await handle.db
        .insert(applications)
        .values({
          listingId: listing!.id,
          applicantId: applicant.id,
          message,
          status,
          ...(status === 'done' ? { doneAt: new Date() } : {}),
        })
        .returning({ id: applications.id });
      const [conversation] = await handle.db
        .insert(conversations)
        .values({ applicationId: application!.id, listingId: listing!.id, posterId: poster.id, applicantId: applicant.id })
        .returning({ id: conversations.id });
      const firstMessageId = await say(conversation!.id, applicant.id, message);
      // The applicant has read their own message.
      await handle.db.update(conversations).set({ applicantReadId: firstMessageId }).where(eq(conversations.id, conversation!.id));
      return {
        poster,
        applicant,
        listingId: listing!.id,
        applicationId: application!.id,
        conversationId: conversation!.id,
        firstMessageId,
      };
    }

    async function say(conversationId: number, authorId: number, text: string): Promise<number> {
      const [row] = await handle.db.insert(messages).values({ conversationId, authorId, text }).returning({ id: messages.id });
      await handle.db.update(conversations).set({ lastMessageId: row!.id }).where(eq(conversations.id, conversationId));
      return row!.id;
    }

    async function setStatus(applicationId: number, status: string): Promise<void> {
      await handle.db
        .update(applications)
        .set({ status, ...(status === 'done' ? { doneAt: new Date() } : {}) })
        .where(eq(applications.id, applicationId));
    }

    /** Mails sent once every due job has run. */
    async function sent(): Promise<Email[]> {
      await dealMail.drain();
      return outbox.fresh();
    }

    /**
     * The unread delay passes, moved in the database rather than waited for: the unread jobs it holds fall due
     * now (a job deferred to the end of a 15-minute window stays where it is). `sent()` then runs them.
     */
    async function unreadDelayPasses(): Promise<void> {
      await handle.db.execute(
        sql`update pgboss.job set start_after = now() where name = ${DEAL_MAIL_QUEUES.unread} and state = 'created' and start_after <= now() + ${UNREAD_DELAY_SECONDS} * interval '1 second'`,
      );
    }

    before(async () => {
      handle = await database.open();
      await emptyDatabase(handle);
      // Jobs of these queues left by an earlier run (PostgreSQL keeps them) would be worked by this suite's service.
      await handle.db.execute(
        sql`do $$ begin if to_regclass('pgboss.job') is not null then delete from pgboss.job where name like 'deal-%'; end if; end $$`,
      );
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasko-deal-mail-'));
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_ORIGIN: SITE, DEMO_DATA: 'off' });
      outbox = new Outbox(config.outboxDir);
      app = Fastify();
      app.setValidatorCompiler(validatorCompiler);
      app.setSerializerCompiler(serializerCompiler);
      await app.register(errorsPlugin);
      tokens = await UnsubscribeTokens.open(handle.db);
      await app.register(mailUnsubscribeRoutes, { prefix: '/api/v1', db: handle.db, tokens });
      await app.ready();
      const mailer = createMailer(config);
      alerts = await startAlerts({
        db: handle.db,
        database: handle,
        mailer,
        tokens,
        siteOrigin: SITE,
        log: app.log,
        pollSeconds: 0.5,
        retryDelaySeconds: 1,
      });
      dealMail = await startDealMail({
        db: handle.db,
        queue: alerts.queue,
        mailer,
        tokens,
        siteOrigin: SITE,
        log: app.log,
        reviewWindowDays: 14,
        pollSeconds: 0.5,
        retryDelaySeconds: 1,
        unreadDelaySeconds: UNREAD_DELAY_SECONDS,
      });
    });
    beforeEach(async () => {
      await outbox.fresh();
    });
    afterEach(async () => {
      // Nothing a test queued may reach the next one's outbox.
      await dealMail.drain();
    });
    after(async () => {
      await alerts?.stop();
      await app?.close();
      await handle?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    test('an application received: one email to the owner, in their language, the user text escaped, with its unsubscribe', async () => {
      const d = await deal({
        poster: { language: 'he' },
        applicant: { name: '<b>Dana</b> Cohen' },
        title: 'Sofa & <i>chairs</i>',
        message: 'I have a van <script>alert(1)</script>\nand two hands.',
      });
      await dealMail.applicationReceived(handle.db, d.applicationId);
      // A second call for the same application (a retried request) is the same job: one email.
      await dealMail.applicationReceived(handle.db, d.applicationId);
      const emails = await sent();
      assert.equal(emails.length, 1);
      const [email] = emails as [Email];
      assert.equal(email.to, d.poster.email);
      assert.equal(
        email.subject,
        `מועמדות חדשה מאת ${isolated('<b>Dana</b> C.')}: "${isolated('Sofa & <i>chairs</i>')}"`,
        'Hebrew, the display name and the title as written',
      );
      assert.match(email.html, /<html lang="he" dir="rtl"/);
      assert.ok(email.html.includes('מועמדות חדשה לעבודה שפרסמתם'));
      assert.ok(email.html.includes('Sofa &amp; &lt;i&gt;chairs'), 'the title escaped');
      assert.ok(email.html.includes('&lt;b&gt;Dana'), 'the name escaped');
      assert.ok(!/<i>chairs|<script|<b>Dana/.test(email.html), 'no markup of a member’s');
      assert.ok(
        email.html.includes('I have a van &lt;script&gt;alert(1)&lt;/script&gt; and two hands.'),
        'the message quoted as plain text, on one line',
      );
      assert.ok(email.text.includes('I have a van <script>alert(1)</script> and two hands.'));
      assert.ok(email.html.includes(`href="${SITE}/he/messages/${d.conversationId}"`), 'the button opens the conversation');
      assert.ok(email.text.includes(`${SITE}/he/messages/${d.conversationId}`));
      assertUnsubscribe(email, d.poster.id, 'applicationReceived', 'he');
      // Never the applicant's address or phone.
      assert.ok(!email.text.includes(d.applicant.email));
    });

    test('a decision: an offer and a decline to the applicant, the answer and a lapse to the owner, each in their language', async () => {
      const offered = await deal({ applicant: { language: 'ru' }, poster: { name: 'Yossi Levi' } });
      await setStatus(offered.applicationId, 'offered');
      await dealMail.applicationDecided(handle.db, offered.applicationId, 'offered');
      const declined = await deal({ applicant: { language: 'ar' }, offerType: 'service', title: 'Garden care' });
      await setStatus(declined.applicationId, 'declined');
      await dealMail.applicationDecided(handle.db, declined.applicationId, 'declined');
      const accepted = await deal({ poster: { language: 'en' }, applicant: { name: 'Dana Cohen' } });
      await setStatus(accepted.applicationId, 'hired');
      await dealMail.applicationDecided(handle.db, accepted.applicationId, 'hired');
      const lapsed = await deal({ poster: { language: 'he' }, applicant: { name: 'Ivan Petrov' } });
      await dealMail.applicationDecided(handle.db, lapsed.applicationId, 'offerLapsed');

      const emails = await sent();
      assert.equal(emails.length, 4);
      const toOffered = emails.find((email) => email.to === offered.applicant.email)!;
      assert.equal(toOffered.subject, `Вам предлагают задание: «${isolated('Help moving a sofa')}»`);
      assert.ok(toOffered.text.includes(`${isolated('Yossi L.')} предлагает вам задание`));
      assert.ok(toOffered.html.includes(`href="${SITE}/ru/messages/${offered.conversationId}"`));
      assertUnsubscribe(toOffered, offered.applicant.id, 'applicationDecided', 'ru');
      const toDeclined = emails.find((email) => email.to === declined.applicant.email)!;
      assert.equal(toDeclined.subject, `لم يُقبل طلبك لخدمة «${isolated('Garden care')}»`);
      assert.match(toDeclined.html, /<html lang="ar" dir="rtl"/);
      assertUnsubscribe(toDeclined, declined.applicant.id, 'applicationDecided', 'ar');
      const toAcceptedOwner = emails.find((email) => email.to === accepted.poster.email)!;
      assert.equal(toAcceptedOwner.subject, `Your offer was accepted: “${isolated('Help moving a sofa')}”`);
      assert.ok(toAcceptedOwner.text.includes(`${isolated('Dana C.')} accepted your offer`));
      assertUnsubscribe(toAcceptedOwner, accepted.poster.id, 'applicationDecided', 'en');
      const toLapsedOwner = emails.find((email) => email.to === lapsed.poster.email)!;
      assert.equal(toLapsedOwner.subject, `ההצעה שלכם פקעה: "${isolated('Help moving a sofa')}"`);
      assert.ok(toLapsedOwner.text.includes(isolated('Ivan P.')));
    });

    test('an unread message: mailed only once the delay has passed and it is still unread, with an excerpt of at most 200 characters', async () => {
      const d = await deal({ applicant: { language: 'en' }, poster: { name: 'Rina Azulay' } });
      const long = `Can you bring <tools>? ${'x'.repeat(300)}`;
      const messageId = await say(d.conversationId, d.poster.id, long);
      await dealMail.messageSent(handle.db, messageId);
      assert.deepEqual(await sent(), [], 'nothing before the delay');
      await unreadDelayPasses();
      const emails = await sent();
      assert.equal(emails.length, 1);
      const [email] = emails as [Email];
      assert.equal(email.to, d.applicant.email);
      assert.equal(email.subject, `New message from ${isolated('Rina A.')}: “${isolated('Help moving a sofa')}”`);
      const excerpt = excerptOf(long);
      assert.equal(Array.from(excerpt).length, EXCERPT_MAX_LENGTH);
      assert.ok(excerpt.endsWith('…'));
      assert.ok(email.text.includes(isolated(excerpt)));
      assert.ok(!email.text.includes('x'.repeat(250)), 'never the whole message');
      assert.ok(email.html.includes('Can you bring &lt;tools&gt;?'), 'escaped in HTML');
      assert.ok(email.html.includes(`href="${SITE}/en/messages/${d.conversationId}"`));
      assertUnsubscribe(email, d.applicant.id, 'unreadMessage', 'en');
      const [conversation] = await handle.db.select().from(conversations).where(eq(conversations.id, d.conversationId));
      assert.ok(conversation!.applicantMailedAt, 'the email is dated on its side of the conversation');
      assert.equal(conversation!.posterMailedAt, null);
    });

    test('a message read within the delay, a hidden one, one from a blocked member or to a reader who blocked its author: no email', async () => {
      const read = await deal();
      const readId = await say(read.conversationId, read.poster.id, 'Are you free on Sunday?');
      await dealMail.messageSent(handle.db, readId);
      await handle.db.update(conversations).set({ applicantReadId: readId }).where(eq(conversations.id, read.conversationId));

      const hidden = await deal();
      const hiddenId = await say(hidden.conversationId, hidden.poster.id, 'Something a moderator removed');
      await dealMail.messageSent(handle.db, hiddenId);
      await handle.db.update(messages).set({ hiddenAt: new Date() }).where(eq(messages.id, hiddenId));

      const blockedAuthor = await deal();
      const fromBlockedId = await say(blockedAuthor.conversationId, blockedAuthor.poster.id, 'Hello');
      await dealMail.messageSent(handle.db, fromBlockedId);
      await handle.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, blockedAuthor.poster.id));

      const readerBlocked = await deal();
      const toBlockerId = await say(readerBlocked.conversationId, readerBlocked.poster.id, 'Hello again');
      await dealMail.messageSent(handle.db, toBlockerId);
      await handle.db.insert(memberBlocks).values({ blockerId: readerBlocked.applicant.id, blockedId: readerBlocked.poster.id });

      await unreadDelayPasses();
      assert.deepEqual(await sent(), []);
    });

    test('at most one unread email per conversation and reader in 15 minutes; a message left unread past the window is told then', async () => {
      const d = await deal({ poster: { language: 'en' } });
      const first = await say(d.conversationId, d.applicant.id, 'First question');
      await dealMail.messageSent(handle.db, first);
      const second = await say(d.conversationId, d.applicant.id, 'Second question');
      await dealMail.messageSent(handle.db, second);
      await unreadDelayPasses();
      const emails = await sent();
      assert.equal(emails.length, 1, 'one email for both messages');
      assert.equal(emails[0]!.to, d.poster.email);
      assert.ok(emails[0]!.text.includes('Second question'), 'the newest unread message is quoted');

      // The other message's job asks again when the window ends: a job due 15 minutes after the email.
      const [conversation] = await handle.db.select().from(conversations).where(eq(conversations.id, d.conversationId));
      const deferred = rowsOf<{ id: string; start_after: Date | string }>(
        await handle.db.execute(
          sql`select id, start_after from pgboss.job where name = ${DEAL_MAIL_QUEUES.unread} and state = 'created' and data->>'messageId' in (${String(first)}, ${String(second)})`,
        ),
      );
      assert.equal(deferred.length, 1);
      const waitedSeconds = (new Date(deferred[0]!.start_after).getTime() - conversation!.posterMailedAt!.getTime()) / 1000;
      assert.ok(
        waitedSeconds >= UNREAD_MAIL_INTERVAL_SECONDS && waitedSeconds < UNREAD_MAIL_INTERVAL_SECONDS + 5,
        `due ${waitedSeconds} s after the email`,
      );

      // Another message within the window: no email either.
      const third = await say(d.conversationId, d.applicant.id, 'Third question');
      await dealMail.messageSent(handle.db, third);
      await unreadDelayPasses();
      assert.deepEqual(await sent(), []);

      // 15 minutes on (moved back in the database), the deferred jobs fall due: one more email, the newest quoted.
      await handle.db.execute(
        sql`update conversations set poster_mailed_at = poster_mailed_at - interval '16 minutes' where id = ${d.conversationId}`,
      );
      await handle.db.execute(
        sql`update pgboss.job set start_after = now() where name = ${DEAL_MAIL_QUEUES.unread} and state = 'created' and data->>'messageId' in (${String(first)}, ${String(second)}, ${String(third)})`,
      );
      const later = await sent();
      assert.equal(later.length, 1);
      assert.ok(later[0]!.text.includes('Third question'));
    });

    test('the work done: each side asked for a review in their language, linked to the conversation; one who has written is not asked', async () => {
      const d = await deal({
        poster: { language: 'ru', name: 'Olga Petrova' },
        applicant: { language: 'he', name: 'Avi Mizrahi' },
        status: 'done',
      });
      await dealMail.workDone(handle.db, d.applicationId);
      await dealMail.workDone(handle.db, d.applicationId);
      const emails = await sent();
      assert.equal(emails.length, 2);
      const toPoster = emails.find((email) => email.to === d.poster.email)!;
      assert.equal(toPoster.subject, `Работа выполнена: оставьте отзыв о пользователе ${isolated('Avi M.')}`);
      assert.ok(toPoster.text.includes('в течение 14 дней'), toPoster.text);
      assert.ok(toPoster.html.includes(`href="${SITE}/ru/messages/${d.conversationId}"`));
      assertUnsubscribe(toPoster, d.poster.id, 'reviewToWrite', 'ru');
      const toApplicant = emails.find((email) => email.to === d.applicant.email)!;
      assert.equal(toApplicant.subject, `העבודה הושלמה: כתבו חוות דעת על ${isolated('Olga P.')}`);
      assert.ok(toApplicant.text.includes('במשך 14 ימים'));
      assertUnsubscribe(toApplicant, d.applicant.id, 'reviewToWrite', 'he');

      const reviewed = await deal({ status: 'done' });
      await handle.db.insert(reviews).values({
        applicationId: reviewed.applicationId,
        authorId: reviewed.applicant.id,
        subjectId: reviewed.poster.id,
        role: 'poster',
        rating: 5,
      });
      await dealMail.workDone(handle.db, reviewed.applicationId);
      const asked = await sent();
      assert.deepEqual(
        asked.map((email) => email.to),
        [reviewed.poster.email],
      );
    });

    test('reviews published: each reviewed side is told, linked to their own profile', async () => {
      const d = await deal({ poster: { language: 'ar' }, applicant: { language: 'en', name: 'Noa Friedman' }, status: 'done' });
      const publishedAt = new Date();
      await handle.db.insert(reviews).values([
        { applicationId: d.applicationId, authorId: d.applicant.id, subjectId: d.poster.id, role: 'poster', rating: 5, publishedAt },
        { applicationId: d.applicationId, authorId: d.poster.id, subjectId: d.applicant.id, role: 'worker', rating: 4, publishedAt },
      ]);
      await dealMail.reviewsPublished(handle.db, d.applicationId);
      const emails = await sent();
      assert.equal(emails.length, 2);
      const toApplicant = emails.find((email) => email.to === d.applicant.email)!;
      assert.equal(toApplicant.subject, `A new review on your profile: “${isolated('Help moving a sofa')}”`);
      assert.ok(toApplicant.html.includes(`href="${SITE}/en/user/${d.applicant.id}"`));
      assertUnsubscribe(toApplicant, d.applicant.id, 'reviewsPublished', 'en');
      const toPoster = emails.find((email) => email.to === d.poster.email)!;
      assert.ok(toPoster.text.includes('Noa F.'));
      assert.ok(toPoster.html.includes(`href="${SITE}/ar/user/${d.poster.id}"`));
      assertUnsubscribe(toPoster, d.poster.id, 'reviewsPublished', 'ar');

      // The window closed on one review: only the reviewed side has news.
      const one = await deal({ status: 'done' });
      await handle.db.insert(reviews).values({
        applicationId: one.applicationId,
        authorId: one.poster.id,
        subjectId: one.applicant.id,
        role: 'worker',
        rating: 3,
        publishedAt,
      });
      await dealMail.reviewsPublished(handle.db, one.applicationId);
      assert.deepEqual(
        (await sent()).map((email) => email.to),
        [one.applicant.email],
      );
    });

    test('the email switch off: none of the five', async () => {
      const quiet = { emailNotifications: false };
      const received = await deal({ poster: quiet });
      await dealMail.applicationReceived(handle.db, received.applicationId);
      const decided = await deal({ applicant: quiet });
      await setStatus(decided.applicationId, 'offered');
      await dealMail.applicationDecided(handle.db, decided.applicationId, 'offered');
      const messaged = await deal({ poster: quiet });
      await dealMail.messageSent(handle.db, await say(messaged.conversationId, messaged.applicant.id, 'Hello?'));
      const done = await deal({ poster: quiet, applicant: quiet, status: 'done' });
      await dealMail.workDone(handle.db, done.applicationId);
      await handle.db.insert(reviews).values({
        applicationId: done.applicationId,
        authorId: done.applicant.id,
        subjectId: done.poster.id,
        role: 'poster',
        rating: 5,
        publishedAt: new Date(),
      });
      await dealMail.reviewsPublished(handle.db, done.applicationId);
      await unreadDelayPasses();
      assert.deepEqual(await sent(), []);
      const [conversation] = await handle.db.select().from(conversations).where(eq(conversations.id, messaged.conversationId));
      assert.equal(conversation!.posterMailedAt, null, 'no email, no interval spent');
    });

    test('a blocked member is not mailed, nor mailed about', async () => {
      const toBlocked = await deal();
      await handle.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, toBlocked.poster.id));
      await dealMail.applicationReceived(handle.db, toBlocked.applicationId);
      const fromBlocked = await deal();
      await handle.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, fromBlocked.applicant.id));
      await dealMail.applicationReceived(handle.db, fromBlocked.applicationId);
      assert.deepEqual(await sent(), []);
    });

    test('one click on an email’s unsubscribe stops that kind for that member only, for good', async () => {
      const first = await deal();
      await dealMail.applicationReceived(handle.db, first.applicationId);
      const [email] = (await sent()) as [Email];
      const { url } = oneClick(email);
      // RFC 8058: the provider POSTs the form `List-Unsubscribe=One-Click` to the header's address.
      const answer = await app.inject({
        method: 'POST',
        url: url.slice(SITE.length),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      assert.equal(answer.statusCode, 200, answer.body);
      assert.deepEqual(answer.json(), { unsubscribed: true });
      // Again (a second click): the same answer.
      assert.equal((await app.inject({ method: 'POST', url: url.slice(SITE.length) })).statusCode, 200);
      const optOuts = await handle.db.select().from(dealMailOptOuts).where(eq(dealMailOptOuts.userId, first.poster.id));
      assert.deepEqual(
        optOuts.map((row) => row.kind),
        ['applicationReceived'],
      );

      // The same owner, another listing's application: nothing. Another kind to them still goes.
      const applicant = await user();
      const [listing] = await handle.db
        .insert(listings)
        .values({
          publisherId: first.poster.id,
          title: 'Second listing',
          description: 'x',
          category: 'homeServices',
          amount: 100,
          contactPersonName: 'D',
          phone: '0501234567',
          city: 'Haifa',
        })
        .returning({ id: listings.id });
      const [application] = await handle.db
        .insert(applications)
        .values({ listingId: listing!.id, applicantId: applicant.id, message: 'Me!' })
        .returning({ id: applications.id });
      const [conversation] = await handle.db
        .insert(conversations)
        .values({ applicationId: application!.id, listingId: listing!.id, posterId: first.poster.id, applicantId: applicant.id })
        .returning({ id: conversations.id });
      await say(conversation!.id, applicant.id, 'Me!');
      await dealMail.applicationReceived(handle.db, application!.id);
      await dealMail.messageSent(handle.db, await say(first.conversationId, first.applicant.id, 'Still there?'));
      await unreadDelayPasses();
      const after = await sent();
      assert.equal(after.length, 1);
      assertUnsubscribe(after[0]!, first.poster.id, 'unreadMessage', 'he');
    });

    test('the unsubscribe call refuses a forged token, and still takes an alert’s', async () => {
      const forged = `d1.1.unreadMessage.${'A'.repeat(43)}`;
      const refused = await app.inject({ method: 'POST', url: `/api/v1/mail/unsubscribe?token=${forged}` });
      assert.equal(refused.statusCode, 400);
      assert.equal(refused.json().messageKey, 'unsubscribeInvalid');
      // A kind that does not exist, even signed under another kind's signature, is no token.
      const owner = await user();
      const real = tokens.signDealMail({ userId: owner.id, kind: 'reviewToWrite' });
      const otherKind = real.replace('.reviewToWrite.', '.reviewsPublished.');
      assert.equal((await app.inject({ method: 'POST', url: `/api/v1/mail/unsubscribe?token=${otherKind}` })).statusCode, 400);
      assert.equal((await handle.db.select().from(dealMailOptOuts).where(eq(dealMailOptOuts.userId, owner.id))).length, 0);

      const [alert] = await handle.db
        .insert(alertsTable)
        .values({ userId: owner.id, offerType: 'job', frequency: 'instant' })
        .returning({ id: alertsTable.id });
      const answer = await app.inject({
        method: 'POST',
        url: `/api/v1/mail/unsubscribe?token=${encodeURIComponent(tokens.sign(alert!.id))}`,
      });
      assert.equal(answer.statusCode, 200, answer.body);
      assert.equal(
        (
          await handle.db
            .select()
            .from(alertsTable)
            .where(and(eq(alertsTable.id, alert!.id)))
        ).length,
        0,
        'the alert is deleted',
      );
    });
  });

  describe(`deal emails through the routes on ${database.name}`, () => {
    let handle: DatabaseHandle;
    let server: Awaited<ReturnType<typeof startTestServer>>;

    before(async () => {
      handle = await database.open();
      server = await startTestServer(handle);
    });
    after(async () => {
      await server?.close();
      await handle?.close();
    });

    test('an application through POST /jobs/{id}/applications: its owner gets the email', async () => {
      const stamp = Date.now();
      const ownerToken = await signIn(server.app, `owner-${stamp}@example.com`, 'Owner Person');
      const applicantToken = await signIn(server.app, `applicant-${stamp}@example.com`, 'Tamar Ben David');
      const jobId = await publishListing(server.app, ownerToken);
      const answer = await server.app.inject({
        method: 'POST',
        url: `/api/v1/jobs/${jobId}/applications`,
        headers: { authorization: `Bearer ${applicantToken}` },
        payload: { message: 'I can help on Friday.' },
      });
      assert.equal(answer.statusCode, 201, answer.body);
      const { conversationId } = answer.json<{ application: { conversationId: number } }>().application;
      const outbox = new Outbox(server.config.outboxDir);
      const emails = await outbox.await(1);
      assert.equal(emails.length, 1, 'one email in the server’s outbox');
      const [email] = emails as [Email];
      assert.equal(email.to, `owner-${stamp}@example.com`);
      // The owner's language is the site's default (Hebrew) until they choose one.
      assert.ok(email.subject.startsWith(`מועמדות חדשה מאת ${isolated('Tamar D.')}:`), email.subject);
      assert.ok(email.html.includes(`/he/messages/${conversationId}"`));
      assert.ok(email.text.includes('I can help on Friday.'));
      assert.match(email.headers.get('list-unsubscribe') ?? '', /\/api\/v1\/mail\/unsubscribe\?token=d1\.\d+\.applicationReceived\./);
    });
  });
}
