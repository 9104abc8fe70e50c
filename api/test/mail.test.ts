import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { SignJWT } from 'jose';
import { simpleParser } from 'mailparser';
import { localeOf, type Language } from '@tasko/shared/domain';
import { loadConfig } from '../src/config.js';
import type { DatabaseHandle } from '../src/db/client.js';
import { serverSecrets } from '../src/db/schema.js';
import { SessionService } from '../src/plugins/auth/sessions.js';
import { renderAlertEmail, type AlertEmailInput, type AlertEmailListing } from '../src/plugins/mail/alertEmail.js';
import { devMailRoutes, type OutboxMessage } from '../src/plugins/mail/devMail.routes.js';
import { createMailer } from '../src/plugins/mail/mailer.js';
import { UnsubscribeTokens } from '../src/plugins/mail/unsubscribeTokens.js';
import { testDatabases } from './testServer.js';

const ORIGIN = 'http://tasko.test';
const TOKEN = 'u1.42.signature_with-chars+/=';

const listing: AlertEmailListing = {
  id: 17,
  title: 'Moving a sofa <script>x</script>',
  amount: 150,
  paymentType: 'hourly',
  offerType: 'job',
  city: 'Haifa',
  address: 'Herzl 12',
};

function input(language: Language, overrides: Partial<AlertEmailInput> = {}): AlertEmailInput {
  return {
    to: 'owner@example.com',
    language,
    kind: 'instant',
    alert: { id: 42, offerType: 'job', q: 'sofa & chairs', location: 'Haifa' },
    listings: [listing],
    siteOrigin: ORIGIN,
    unsubscribeToken: TOKEN,
    ...overrides,
  };
}

/** The words a reader sees in the HTML: no styles, comments or tags. */
function visibleText(html: string): string {
  return html
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]+>/g, ' ');
}

const PHONE_LIKE = /\d[\d\s\-–.]{6,}\d/;
const withoutUrls = (text: string) => text.replace(/https?:\/\/\S+/g, ' ');

const price150 = (language: Language) =>
  new Intl.NumberFormat(localeOf(language), { style: 'currency', currency: 'ILS', maximumFractionDigits: 0 }).format(150);
const hourly: Record<Language, (price: string) => string> = {
  en: (price) => `${price}/hour`,
  he: (price) => `${price} לשעה`,
  ar: (price) => `${price} للساعة`,
  ru: (price) => `${price}/час`,
};
const direction: Record<Language, 'ltr' | 'rtl'> = { en: 'ltr', he: 'rtl', ar: 'rtl', ru: 'ltr' };
/** A member's text in a subject or the text part: between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE. */
const isolated = (text: string) => `\u2068${text}\u2069`;
const instantSubject: Record<Language, string> = {
  en: `New job matching your alert: ${isolated('Moving a sofa <script>x</script>')}`,
  he: `עבודה חדשה שמתאימה להתראה שלכם: ${isolated('Moving a sofa <script>x</script>')}`,
  ar: `مهمة جديدة تطابق تنبيهك: ${isolated('Moving a sofa <script>x</script>')}`,
  ru: `Новое задание по вашему оповещению: ${isolated('Moving a sofa <script>x</script>')}`,
};

describe('alert email', () => {
  for (const language of ['en', 'he', 'ar', 'ru'] as const) {
    it(`renders an instant alert in ${language}: language, direction, the listing, unsubscribe, nothing of the poster's`, async () => {
      const email = await renderAlertEmail(input(language));
      assert.equal(email.to, 'owner@example.com');
      assert.equal(email.subject, instantSubject[language]);
      assert.match(email.html, new RegExp(`^<!doctype html>\\s*<html lang="${language}" dir="${direction[language]}"`));
      assert.ok(email.html.includes(`text-align:${direction[language] === 'rtl' ? 'right' : 'left'}`), 'text aligned to the start');

      // The listing: title (escaped), price with its unit in the language's format, place, link.
      const price = hourly[language](price150(language));
      assert.ok(email.html.includes('Moving a sofa &lt;script&gt;x&lt;/script&gt;'));
      assert.ok(!/<script/i.test(email.html), 'no script element from a title');
      assert.ok(email.html.includes(price), `price ${price}`);
      assert.ok(email.html.includes('Herzl 12') && email.html.includes('Haifa'));
      assert.ok(email.html.includes(`href="${ORIGIN}/${language}/job/17"`));
      assert.ok(email.html.includes('sofa &amp; chairs'), "the alert's words, escaped");

      // Unsubscribe: one click (RFC 8058) and the site's own page, visible.
      assert.deepEqual(
        { list: email.headers['List-Unsubscribe'], post: email.headers['List-Unsubscribe-Post'] },
        { list: `<${ORIGIN}/api/v1/alerts/unsubscribe?token=${encodeURIComponent(TOKEN)}>`, post: 'List-Unsubscribe=One-Click' },
      );
      const page = `${ORIGIN}/${language}/unsubscribe?token=${encodeURIComponent(TOKEN)}`;
      assert.ok(email.html.includes(`href="${page}"`), 'visible unsubscribe link');

      // The plain text part: as written, isolated, with the links.
      assert.ok(email.text.includes(isolated('Moving a sofa <script>x</script>')));
      assert.ok(email.text.includes(price));
      assert.ok(email.text.includes(`${ORIGIN}/${language}/job/17`));
      assert.ok(email.text.includes(page));

      // Nothing that looks like the poster's contact: no address, no phone-like run of digits.
      for (const part of [visibleText(email.html), email.text]) {
        assert.ok(!part.includes('@'), 'no email address');
        assert.ok(!PHONE_LIKE.test(withoutUrls(part)), 'no phone-like digits');
      }
    });
  }

  it('strips control characters from user text and nothing else', async () => {
    const email = await renderAlertEmail(input('en', { listings: [{ ...listing, title: 'Line\r\nBcc: x\u0007 "quoted" ספה' }] }));
    assert.equal(email.subject, `New job matching your alert: ${isolated('Line Bcc: x "quoted" ספה')}`);
    assert.ok(email.text.includes(isolated('Line Bcc: x "quoted" ספה')));
    assert.ok(email.html.includes('<bdi>Line Bcc: x &quot;quoted&quot; ספה</bdi>'));
  });

  it('drops bidirectional controls stored before they were refused, and isolates each member text (docs/security.md)', async () => {
    const spoof = 'Pay only via \u202emoc.liamg@knab\u202c';
    const email = await renderAlertEmail(
      input('en', {
        kind: 'daily',
        alert: { id: 42, offerType: 'job', q: `sofa\u2066`, location: '\u202bHaifa' },
        listings: [{ ...listing, title: spoof, city: '\u202eHaifa', address: 'Herzl\u2069 12' }],
      }),
    );
    for (const [part, text] of Object.entries({ subject: email.subject, text: email.text, html: email.html })) {
      assert.ok(!/[\u202a-\u202e]/.test(text), `${part}: no embedding or override`);
      // The only isolates are the email's own, each pair around one member text.
      assert.equal(text.match(/\u2068/g)?.length ?? 0, text.match(/\u2069/g)?.length ?? 0, `${part}: every isolate is closed`);
      assert.ok(!/[\u2066\u2067]/.test(text), `${part}: no left-to-right or right-to-left isolate of the member's`);
    }
    assert.equal(email.subject, `1 new job for your alert: Jobs · “${isolated('sofa')}” · ${isolated('Haifa')}`);
    assert.ok(email.text.includes(isolated('Pay only via moc.liamg@knab')));
    assert.ok(email.text.includes(isolated('Herzl 12')) && email.text.includes(isolated('Haifa')), email.text);
    assert.ok(email.html.includes('<bdi>Pay only via moc.liamg@knab</bdi>'));
    // Only the subject itself (the document's title and label) keeps its marks in the HTML.
    assert.ok(
      !/[\u2068\u2069]/.test(visibleText(email.html.replace(/<title>[^<]*<\/title>/, ''))),
      'the HTML body isolates with <bdi>, not with marks',
    );
  });

  const digest: Record<'he' | 'ar' | 'ru', Record<number, string>> = {
    he: {
      1: 'עבודה חדשה אחת להתראה שלכם',
      2: 'שתי עבודות חדשות להתראה שלכם',
      3: '3 עבודות חדשות להתראה שלכם',
      11: '11 עבודות חדשות להתראה שלכם',
      21: '21 עבודות חדשות להתראה שלכם',
    },
    ar: {
      1: 'مهمة جديدة واحدة تطابق تنبيهك',
      2: 'مهمتان جديدتان تطابقان تنبيهك',
      3: '3 مهام جديدة تطابق تنبيهك',
      11: '11 مهمةً جديدةً تطابق تنبيهك',
      21: '21 مهمةً جديدةً تطابق تنبيهك',
    },
    ru: {
      1: '1 новое задание по вашему оповещению',
      2: '2 новых задания по вашему оповещению',
      3: '3 новых задания по вашему оповещению',
      11: '11 новых заданий по вашему оповещению',
      21: '21 новое задание по вашему оповещению',
    },
  };
  for (const [language, forms] of Object.entries(digest) as ['he' | 'ar' | 'ru', Record<number, string>][]) {
    it(`counts the daily digest with ${language}'s CLDR plural forms`, async () => {
      for (const [count, expected] of Object.entries(forms)) {
        const listings = Array.from({ length: Number(count) }, (_, i) => ({ ...listing, id: 100 + i, title: `Listing ${i}` }));
        const email = await renderAlertEmail(input(language, { kind: 'daily', listings }));
        assert.ok(email.subject.startsWith(`${expected}: `), `${count}: ${email.subject}`);
        for (const item of listings) {
          assert.ok(email.html.includes(`href="${ORIGIN}/${language}/job/${item.id}"`));
          assert.ok(email.text.includes(item.title));
        }
      }
    });
  }

  it('describes the alert in words: offer type, the words searched, category, place', async () => {
    const email = await renderAlertEmail(
      input('en', {
        kind: 'daily',
        alert: { id: 42, offerType: 'service', q: 'sofa', category: 'homeServices', location: 'Haifa' },
        listings: [{ ...listing, offerType: 'service' }],
      }),
    );
    assert.equal(email.subject, `1 new service for your alert: Services · “${isolated('sofa')}” · Home services · ${isolated('Haifa')}`);
  });
});

describe('outbox and /dev-mail', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasko-mail-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, MAIL_FROM: 'Tasko <alerts@tasko.test>' });
  const app = Fastify();
  before(async () => {
    await app.register(devMailRoutes, { prefix: '/dev-mail', outboxDir: config.outboxDir, clients: 'loopback' });
    await app.ready();
  });
  after(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers an empty list before any message', async () => {
    const answer = await app.inject({ url: '/dev-mail/messages' });
    assert.equal(answer.statusCode, 200);
    assert.deepEqual(answer.json(), { messages: [] });
  });

  it('writes each message as a real .eml, which /dev-mail/messages reads back newest first', async () => {
    const mailer = createMailer(config);
    const first = await renderAlertEmail(input('he'));
    const second = await renderAlertEmail(
      input('ar', { to: 'other@example.com', kind: 'daily', listings: [listing, { ...listing, id: 18 }] }),
    );
    await mailer.send(first);
    await mailer.send(second);

    const files = fs.readdirSync(config.outboxDir);
    assert.equal(files.filter((f) => f.endsWith('.eml')).length, 2);
    assert.equal(files.length, 2, 'no temporary file left');
    const parsed = await simpleParser(fs.readFileSync(path.join(config.outboxDir, files.sort()[0]!)));
    assert.equal(parsed.subject, first.subject);
    assert.match(parsed.from?.text ?? '', /^"?Tasko"? <alerts@tasko\.test>$/);

    const answer = await app.inject({ url: '/dev-mail/messages' });
    assert.equal(answer.statusCode, 200);
    const { messages } = answer.json<{ messages: OutboxMessage[] }>();
    assert.deepEqual(
      messages.map((m) => [m.to, m.subject]),
      [
        ['other@example.com', second.subject],
        ['owner@example.com', first.subject],
      ],
    );
    const [newest] = messages;
    assert.ok(newest);
    assert.equal(newest.headers['list-unsubscribe'], second.headers['List-Unsubscribe']);
    assert.equal(newest.headers['list-unsubscribe-post'], 'List-Unsubscribe=One-Click');
    assert.equal(newest.headers.subject, second.subject);
    assert.match(newest.headers.from ?? '', /^"?Tasko"? <alerts@tasko\.test>$/);
    assert.match(newest.headers['content-type'] ?? '', /^multipart\/alternative/);
    assert.ok(newest.html.includes('<html lang="ar" dir="rtl"'));
    assert.ok(newest.text.includes(`${ORIGIN}/ar/unsubscribe?token=`));
    assert.ok(!Number.isNaN(Date.parse(newest.sentAt)));
    assert.match(newest.id, /^[\w-]+$/);

    const page = await app.inject({ url: '/dev-mail' });
    assert.equal(page.statusCode, 200);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    assert.ok(page.body.indexOf(escapeForAttribute(second.subject)) < page.body.indexOf(escapeForAttribute(first.subject)), 'newest first');
    assert.equal((page.body.match(/<iframe [^>]*sandbox="[^"]*"[^>]*srcdoc="/g) ?? []).length, 2);
    assert.ok(!/<script/i.test(page.body), 'no script: the CSP forbids it, and the messages must not run any');
  });

  it('answers only this machine, unless told it is open', async () => {
    for (const url of ['/dev-mail', '/dev-mail/messages']) {
      const remote = await app.inject({ url, remoteAddress: '203.0.113.9' });
      assert.equal(remote.statusCode, 404, url);
      assert.equal((await app.inject({ url, remoteAddress: '127.0.0.1' })).statusCode, 200, url);
      assert.equal((await app.inject({ url, remoteAddress: '::1' })).statusCode, 200, url);
      // A forwarded header cannot make a remote client look local.
      assert.equal(
        (await app.inject({ url, remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': '127.0.0.1' } })).statusCode,
        404,
        url,
      );
    }
    // DEV_IDP=on: this machine's private networks too (a container's host), never a public address.
    const open = Fastify();
    await open.register(devMailRoutes, { prefix: '/dev-mail', outboxDir: config.outboxDir, clients: 'privateNetworks' });
    assert.equal((await open.inject({ url: '/dev-mail/messages', remoteAddress: '10.87.0.1' })).statusCode, 200);
    assert.equal((await open.inject({ url: '/dev-mail/messages', remoteAddress: '203.0.113.9' })).statusCode, 404);
    await open.close();
  });
});

function escapeForAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

for (const database of testDatabases()) {
  describe(`unsubscribe tokens on ${database.name}`, () => {
    let handle: DatabaseHandle;
    let tokens: UnsubscribeTokens;
    before(async () => {
      handle = await database.open();
      tokens = await UnsubscribeTokens.open(handle.db);
    });
    after(async () => handle?.close());

    it('round trips, and another instance on the same database accepts the token', async () => {
      const token = tokens.sign(42);
      assert.equal(await tokens.verify(token), 42);
      const other = await UnsubscribeTokens.open(handle.db);
      assert.equal(await other.verify(token), 42);
      assert.equal(encodeURIComponent(token), token, 'safe in a URL as it is');
    });

    it('refuses a tampered token and another alert’s signature', async () => {
      const token = tokens.sign(42);
      const [prefix, id, signature = ''] = token.split('.');
      const flipped = signature.slice(0, 10) + (signature[10] === 'A' ? 'B' : 'A') + signature.slice(11);
      const lastFlipped = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
      for (const forged of [
        `${prefix}.${id}.${flipped}`,
        `${prefix}.${id}.${lastFlipped}`,
        `${prefix}.43.${signature}`,
        `${prefix}.042.${signature}`,
        `${prefix}.${id}.${signature}x`,
        token.slice(0, -1),
        '',
        'garbage',
      ]) {
        assert.equal(await tokens.verify(forged), null, forged);
      }
      const [, , otherSignature] = tokens.sign(7).split('.');
      assert.equal(await tokens.verify(`${prefix}.42.${otherSignature}`), null);
    });

    it('refuses a session-like token, even one signed with its own key', async () => {
      await SessionService.open(handle.db);
      const keyOf = async (name: string) => {
        const [row] = await handle.db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
        assert.ok(row, name);
        return Buffer.from(row.value, 'base64url');
      };
      for (const name of ['session-signing-key', 'unsubscribe-signing-key']) {
        const jwt = await new SignJWT({})
          .setProtectedHeader({ alg: 'HS256' })
          .setIssuer('tasko')
          .setSubject('42')
          .setJti('42')
          .sign(await keyOf(name));
        assert.equal(await tokens.verify(jwt), null, name);
      }
    });
  });
}
