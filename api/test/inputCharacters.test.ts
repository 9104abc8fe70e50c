/**
 * What a member's text may hold and how deep a body may nest (docs/security.md, "Text members write" and
 * "Hostile input and the fuzz"): NUL, lone surrogates and bidirectional controls in every field that keeps
 * text, on PGlite and on PostgreSQL (which refuses NUL in text and jsonb), and the emails that quote it.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { importJWK, SignJWT } from 'jose';
import { cleanText, hasInvalidCharacters, withoutBidiControls } from '@tasko/shared/validation';
import { rowsOf } from '../src/db/client.js';
import { renderDealEmail } from '../src/plugins/mail/dealEmail.js';
import { isNestedDeeperThan, MAX_JSON_DEPTH } from '../src/plugins/security/jsonBody.js';
import { multipartBody, validPostFields } from './multipart.js';
import { exchange, freshClientAddress, postListing, publishListing, signIn, testDatabases, useServerOn } from './testServer.js';

/** Every bidirectional control the site removes: the embeddings and overrides, then the isolates. */
const BIDI_CONTROLS = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
/** The address an override makes "bank@gmail.com" read as, written as the attacker wrote it. */
const SPOOF = 'Pay only via \u202emoc.liamg@knab\u202c';
const isolated = (text: string) => `\u2068${text}\u2069`;
/** `depth` arrays inside one another, as JSON text. */
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('the text rule (shared/src/validation/text.ts)', () => {
  it('cleans free text: NUL and every bidirectional control removed, a lone surrogate made U+FFFD, nothing else touched', () => {
    assert.equal(cleanText(`a\u0000b${BIDI_CONTROLS.join('')}c`), 'abc');
    assert.equal(cleanText('high \ud800 low \udc00 end'), 'high \ufffd low \ufffd end');
    // Marks override nothing, and Hebrew, Arabic and Russian need them: kept, as are pairs (emoji) and line breaks.
    const kept = 'שלום\u200f 123 \u200eabc \u061cمرحبا Привет 😀\nsecond line';
    assert.equal(cleanText(kept), kept);
    assert.equal(withoutBidiControls(SPOOF), 'Pay only via moc.liamg@knab');
  });

  it('finds what a line refuses: NUL and a lone surrogate, not a pair nor a bidirectional control', () => {
    for (const bad of ['\u0000', 'a\u0000', '\ud800', 'a\udc00b', '😀\ud83d'])
      assert.equal(hasInvalidCharacters(bad), true, JSON.stringify(bad));
    for (const good of ['', 'Sofa', '😀', 'ספה 😀 диван', SPOOF]) assert.equal(hasInvalidCharacters(good), false, JSON.stringify(good));
  });
});

describe('the JSON depth check (api/src/plugins/security/jsonBody.ts)', () => {
  it(`takes ${MAX_JSON_DEPTH} levels and refuses one more, counting objects and arrays alike`, () => {
    assert.equal(MAX_JSON_DEPTH, 32);
    assert.equal(isNestedDeeperThan(nested(32), 32), false);
    assert.equal(isNestedDeeperThan(nested(33), 32), true);
    assert.equal(isNestedDeeperThan(`${'{"a":'.repeat(33)}1${'}'.repeat(33)}`, 32), true);
    assert.equal(isNestedDeeperThan(`[{"a":${nested(30)}}]`, 32), false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    assert.equal(isNestedDeeperThan(JSON.stringify({ text: '['.repeat(100) }), 32), false);
    assert.equal(isNestedDeeperThan(JSON.stringify({ text: `"\\${'{'.repeat(100)}` }), 32), false);
    assert.equal(
      isNestedDeeperThan(`{"text":"\\"",${'"a":'.repeat(0)}"b":${nested(40)}}`, 32),
      true,
      'an escaped quote does not end the string early, nor keep it open',
    );
  });
});

describe('a member’s text in a deal email (docs/security.md, "Text members write")', () => {
  it('drops bidirectional controls and isolates the name, the title and the excerpt: <bdi> in HTML, FSI…PDI in the subject and text', async () => {
    const email = await renderDealEmail({
      kind: 'unreadMessage',
      conversationId: 7,
      excerpt: SPOOF,
      to: 'reader@example.com',
      language: 'en',
      listing: { title: 'Sofa \u202etfel\u202c', offerType: 'job' },
      otherName: '\u2067Rina\u2069 A.',
      siteOrigin: 'http://tasko.test',
      unsubscribeToken: 'token',
    });
    for (const [part, text] of Object.entries({ subject: email.subject, text: email.text, html: email.html })) {
      assert.ok(!/[\u202a-\u202e\u2066\u2067]/.test(text), `${part}: none of the member's controls`);
      assert.equal(text.split('\u2068').length, text.split('\u2069').length, `${part}: every isolate closed`);
    }
    assert.equal(email.subject, `New message from ${isolated('Rina A.')}: “${isolated('Sofa tfel')}”`);
    assert.ok(email.text.includes(isolated('Pay only via moc.liamg@knab')), email.text);
    assert.ok(email.html.includes('<bdi>Pay only via moc.liamg@knab</bdi>'), 'the excerpt isolated in the HTML');
    assert.ok(email.html.includes('<bdi>Rina A.</bdi>') && email.html.includes('<bdi>Sofa tfel</bdi>'));
  });
});

for (const database of testDatabases()) {
  describe(`hostile characters and deep bodies on ${database.name}`, () => {
    let poster: string;
    let seeker: string;
    let listingId: number;
    const suite = useServerOn(
      database,
      {
        DEV_IDP: 'on',
        WRITE_RATE_LIMIT: '100000',
        APPLICATION_RATE_LIMIT: '100000',
        MESSAGE_RATE_LIMIT: '100000',
        EVENTS_RATE_LIMIT: '100000',
      },
      async () => {
        poster = await signIn(suite.server.app, 'poster@example.com', 'Poster');
        seeker = await signIn(suite.server.app, 'seeker@example.com', 'Seeker');
        listingId = await publishListing(suite.server.app, poster);
      },
    );
    const app = () => suite.server.app;
    const db = () => suite.handle.db;
    const as = (token: string) => ({ authorization: `Bearer ${token}` });
    /** A JSON body as raw text, so a lone surrogate (`\\ud800`) survives the trip: UTF-8 could not carry it. */
    const json = (token: string, method: 'POST' | 'PUT', url: string, body: string, headers: Record<string, string> = {}) =>
      app().inject({
        method,
        url,
        payload: body,
        headers: { ...as(token), 'content-type': 'application/json', ...headers },
        remoteAddress: freshClientAddress(),
      });
    const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db().execute(query))[0]!;

    it('refuses NUL and lone surrogates in a listing’s lines with invalidCharacters, on a post and an edit', async () => {
      const refusals = {
        jobTitle: { jobTitle: 'Sofa\u0000 help' },
        contactPersonName: { contactPersonName: 'Da\u0000na' },
        // The place travels as JSON text: its escapes reach the server as the characters they name.
        location: { location: '{"city":"Haifa\\ud800","address":""}' },
        address: { location: '{"city":"Haifa","address":"Herzl\\u0000 12"}' },
      };
      for (const [field, fields] of Object.entries(refusals)) {
        const answer = await postListing(app(), poster, fields);
        assert.equal(answer.statusCode, 400, `${field}: ${answer.body}`);
        const key = field === 'address' ? 'location' : field;
        assert.deepEqual(answer.json(), { statusCode: 400, messageKey: 'invalidRequest', fields: { [key]: 'invalidCharacters' } }, field);
      }
      const body = multipartBody(validPostFields({ jobTitle: 'Sofa\u0000' }));
      const edit = await app().inject({
        method: 'PUT',
        url: `/api/v1/jobs/${listingId}`,
        payload: body.payload,
        headers: { ...body.headers, ...as(poster) },
      });
      assert.deepEqual([edit.statusCode, edit.json().fields], [400, { jobTitle: 'invalidCharacters' }]);
      const stored = await one<{ count: number }>(sql`select count(*)::int as count from listings`);
      assert.equal(stored.count, 1, 'nothing stored');
    });

    it('removes NUL from a description and bidirectional controls from every field of a listing, silently', async () => {
      const id = await publishListing(app(), poster, {
        jobTitle: '\u202eSofa\u202c help',
        description: 'Third floor,\u0000 no elevator. \u2067Pay only via \u202emoc.liamg@knab\u202c',
        contactPersonName: '\u2066Dana\u2069',
        location: '{"city":"\\u202bHaifa","address":"Herzl\\u202e 12"}',
      });
      const row = await one<{ title: string; description: string; contact_person_name: string; city: string; address: string }>(
        sql`select title, description, contact_person_name, city, address from listings where id = ${id}`,
      );
      assert.deepEqual(row, {
        title: 'Sofa help',
        description: 'Third floor, no elevator. Pay only via moc.liamg@knab',
        contact_person_name: 'Dana',
        city: 'Haifa',
        address: 'Herzl 12',
      });
    });

    it('removes NUL, bidirectional controls and lone surrogates from applications, messages, reviews, replies and every report note', async () => {
      const hostile = (words: string) => `${words}\\u0000 \\u202e!\\u202c \\ud800`;
      const cleaned = (words: string) => `${words} ! \ufffd`;

      const applied = await json(seeker, 'POST', `/api/v1/jobs/${listingId}/applications`, `{"message":"${hostile('I can help')}"}`);
      assert.equal(applied.statusCode, 201, applied.body);
      const { id: applicationId, conversationId } = applied.json().application as { id: number; conversationId: number };
      const sent = await json(seeker, 'POST', `/api/v1/conversations/${conversationId}/messages`, `{"text":"${hostile('Friday?')}"}`);
      assert.equal(sent.statusCode, 201, sent.body);
      assert.equal(sent.json().message.text, cleaned('Friday?'));
      const messageId = Number(sent.json().message.id);
      const reportedMessage = await json(
        poster,
        'POST',
        `/api/v1/messages/${messageId}/reports`,
        `{"reason":"scam","note":"${hostile('asks for money')}"}`,
      );
      assert.equal(reportedMessage.statusCode, 201, reportedMessage.body);
      const reportedListing = await json(
        seeker,
        'POST',
        `/api/v1/jobs/${listingId}/reports`,
        `{"reason":"other","note":"${hostile('odd')}"}`,
      );
      assert.equal(reportedListing.statusCode, 201, reportedListing.body);

      // The work done (as the owner's moves would leave it): both sides review, which publishes both.
      await db().execute(sql`update applications set status = 'done', done_at = now() where id = ${applicationId}`);
      const bySeeker = await json(
        seeker,
        'POST',
        `/api/v1/applications/${applicationId}/reviews`,
        `{"rating":5,"text":"${hostile('Kind')}"}`,
      );
      assert.equal(bySeeker.statusCode, 201, bySeeker.body);
      const byPoster = await json(
        poster,
        'POST',
        `/api/v1/applications/${applicationId}/reviews`,
        `{"rating":4,"text":"${hostile('On time')}"}`,
      );
      assert.equal(byPoster.statusCode, 201, byPoster.body);
      const reply = await json(poster, 'POST', `/api/v1/reviews/${bySeeker.json().review.id}/reply`, `{"text":"${hostile('Thanks')}"}`);
      assert.equal(reply.statusCode, 201, reply.body);
      assert.equal(reply.json().reply.text, cleaned('Thanks'));
      const reportedReview = await json(
        seeker,
        'POST',
        `/api/v1/reviews/${byPoster.json().review.id}/reports`,
        `{"reason":"offensive","note":"${hostile('unfair')}"}`,
      );
      assert.equal(reportedReview.statusCode, 201, reportedReview.body);

      const stored = await one<Record<string, string>>(sql`select
        (select message from applications where id = ${applicationId}) as application,
        (select text from messages where conversation_id = ${conversationId} order by id limit 1) as "firstMessage",
        (select text from messages where id = ${messageId}) as message,
        (select text from reviews where application_id = ${applicationId} and author_id = (select id from users where email = 'seeker@example.com')) as review,
        (select reply_text from reviews where application_id = ${applicationId} and author_id = (select id from users where email = 'seeker@example.com')) as reply,
        (select note from content_reports where target_kind = 'message') as "messageReport",
        (select note from content_reports where target_kind = 'review') as "reviewReport",
        (select note from reports where listing_id = ${listingId}) as "listingReport"`);
      assert.deepEqual(stored, {
        application: cleaned('I can help'),
        firstMessage: cleaned('I can help'),
        message: cleaned('Friday?'),
        review: cleaned('Kind'),
        reply: cleaned('Thanks'),
        messageReport: cleaned('asks for money'),
        reviewReport: cleaned('unfair'),
        listingReport: cleaned('odd'),
      });
    });

    it('refuses NUL in a saved search’s words with invalidCharacters, and removes bidirectional controls from them', async () => {
      const refused = await json(seeker, 'POST', '/api/v1/me/alerts', '{"offerType":"job","q":"sofa\\u0000","frequency":"instant"}');
      assert.deepEqual([refused.statusCode, refused.json().fields], [400, { q: 'invalidCharacters' }]);
      const lone = await json(seeker, 'POST', '/api/v1/me/alerts', '{"offerType":"job","location":"\\udc00Haifa","frequency":"instant"}');
      assert.deepEqual([lone.statusCode, lone.json().fields], [400, { location: 'invalidCharacters' }]);
      const saved = await json(seeker, 'POST', '/api/v1/me/alerts', '{"offerType":"job","q":"\\u202esofa\\u202c","frequency":"daily"}');
      assert.equal(saved.statusCode, 201, saved.body);
      assert.equal(saved.json().q, 'sofa');
    });

    it('refuses NUL in analytics events with 400, not a failed insert', async () => {
      const event = {
        name: 'page_view',
        language: 'en',
        path: '/en',
        props: {},
        visitorId: '6f1c3a8e-2b7d-4c1e-9f0a-3d5b7c9e1a2f',
        at: new Date().toISOString(),
      };
      for (const hostileEvent of [
        { ...event, path: '/en\u0000' },
        { ...event, props: { 'k\u0000': 'v' } },
        { ...event, props: { k: 'v\u0000' } },
      ]) {
        const answer = await app().inject({
          method: 'POST',
          url: '/api/v1/events',
          payload: { events: [hostileEvent] },
          remoteAddress: freshClientAddress(),
        });
        assert.deepEqual([answer.statusCode, answer.json().messageKey], [400, 'invalidRequest'], JSON.stringify(hostileEvent));
      }
      const control = await app().inject({
        method: 'POST',
        url: '/api/v1/events',
        payload: { events: [event] },
        remoteAddress: freshClientAddress(),
      });
      assert.equal(control.statusCode, 202, control.body);
    });

    it('names: the local provider refuses NUL in the name it signs; a token’s name is stored cleaned', async () => {
      const refused = await app().inject({
        method: 'POST',
        url: '/dev-idp/token',
        payload: { email: 'nul@example.com', name: 'Eve\u0000' },
        remoteAddress: freshClientAddress('127'),
      });
      assert.equal(refused.statusCode, 400);
      // A token whose name no form checked (a provider's): signed with the provider's own key.
      const nonce = await app().inject({ method: 'POST', url: '/api/v1/auth/nonce', remoteAddress: freshClientAddress() });
      const jwk = JSON.parse(fs.readFileSync(path.join(suite.server.dataDir, 'dev-idp-key.json'), 'utf8')) as { kid: string };
      const idToken = await new SignJWT({
        email: 'named@example.com',
        email_verified: true,
        name: 'Ev\u0000e \u202enimda\u202c \ud800',
        aud: 'tasko-local',
        nonce: nonce.json().nonce,
      })
        .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
        .setIssuer('http://tasko.test/dev-idp')
        .setSubject('named-sub')
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(await importJWK(jwk, 'RS256'));
      const login = await exchange(app(), { idToken, cookie: String(nonce.headers['set-cookie']).split(';')[0]! });
      assert.equal(login.statusCode, 200, login.body);
      assert.equal(login.json().user.name, 'Eve nimda \ufffd');
    });

    it(`refuses a body nested past ${MAX_JSON_DEPTH} levels with 400 before the Idempotency-Key is claimed`, async () => {
      const alertWith = (extra: string) => `{"offerType":"job","q":"deep","frequency":"instant","extra":${extra}}`;
      const key = { 'idempotency-key': 'deep-body-1' };
      // 1 (the body) + 32 = 33 levels.
      const tooDeep = await json(seeker, 'POST', '/api/v1/me/alerts', alertWith(nested(32)), key);
      assert.deepEqual([tooDeep.statusCode, tooDeep.json().messageKey], [400, 'invalidRequest']);
      const claimed = await one<{ count: number }>(sql`select count(*)::int as count from idempotency_keys where key = 'deep-body-1'`);
      assert.equal(claimed.count, 0, 'the key was never claimed');
      // 32 levels pass the parser (the schema drops the unknown field), and the same key is fresh.
      const kept = await json(seeker, 'POST', '/api/v1/me/alerts', alertWith(nested(31)), key);
      assert.equal(kept.statusCode, 201, kept.body);
      const replayed = await json(seeker, 'POST', '/api/v1/me/alerts', alertWith(nested(31)), key);
      assert.deepEqual([replayed.statusCode, replayed.headers['idempotent-replayed']], [201, 'true']);
      // The attack itself: the route reads its body after the digest, which overflowed the stack at 5,000 levels.
      for (const depth of [5_000, 100_000]) {
        const deep = await json(seeker, 'POST', `/api/v1/jobs/${listingId}/applications`, `{"message":"hello","phone":${nested(depth)}}`, {
          'idempotency-key': `deep-${depth}`,
        });
        assert.deepEqual([deep.statusCode, deep.json().messageKey], [400, 'invalidRequest'], `${depth} levels`);
      }
    });
  });
}
