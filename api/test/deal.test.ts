import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { DEAL_LIMITS, type ApplicationStatus, type ChatMessage, type Conversation } from '@tasko/shared/domain';
import { rowsOf, type Database } from '../src/db/client.js';
import { applications, listings, users } from '../src/db/schema.js';
import errorsPlugin from '../src/plugins/errors/errors.plugin.js';
import docsPlugin from '../src/plugins/docs/docs.plugin.js';
import { SessionService } from '../src/plugins/auth/sessions.js';
import { dealRoutes } from '../src/plugins/deal/deal.routes.js';
import type { DealMail } from '../src/plugins/deal/dealMail.js';
import { databaseEventPublisher, type UserEventPublisher } from '../src/plugins/deal/userEvents.js';
import { freshClientAddress, postListing, publishListing, signIn, testDatabases, useServerOn, withServer } from './testServer.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

interface StoredEvent {
  userId: number;
  type: string;
  data: Record<string, unknown>;
}

// High enough that the suite's own calls never meet a limit; the limits have their own servers below.
const ROOMY_LIMITS = {
  WRITE_RATE_LIMIT: '10000',
  APPLICATION_RATE_LIMIT: '10000',
  MESSAGE_RATE_LIMIT: '10000',
  CONVERSATION_DAILY_LIMIT: '10000',
};

for (const database of testDatabases()) {
  describe(`the deal's applications and conversations on ${database.name}`, () => {
    const ids: Record<'dana' | 'omar' | 'rina' | 'sam', number> = { dana: 0, omar: 0, rina: 0, sam: 0 };
    const tokens: Record<'dana' | 'omar' | 'rina' | 'sam' | 'kid', string> = { dana: '', omar: '', rina: '', sam: '', kid: '' };
    let sofaJob: number;

    const suite = useServerOn(database, { DEV_IDP: 'on', ...ROOMY_LIMITS }, async () => {
      const { app } = suite.server;
      // Names with a surname, so the display name ("Omar K.") is seen to be made.
      tokens.dana = await signIn(app, 'deal-dana@example.com', 'Dana Cohen');
      tokens.omar = await signIn(app, 'deal-omar@example.com', 'Omar Khalil');
      tokens.rina = await signIn(app, 'deal-rina@example.com', 'Rina Levi');
      tokens.sam = await signIn(app, 'deal-sam@example.com', 'Sam Stranger');
      tokens.kid = await signIn(app, 'deal-kid@example.com', 'Kid', { confirmAge: false });
      for (const name of ['dana', 'omar', 'rina', 'sam'] as const) ids[name] = await userIdOf(`deal-${name}@example.com`);
      sofaJob = await publishListing(app, tokens.dana, { jobTitle: 'Carry a sofa' });
    });

    const db = () => suite.handle.db;
    const call = (method: Method, url: string, token?: string | null, payload?: object) =>
      suite.server.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        remoteAddress: freshClientAddress(),
        ...(payload ? { payload } : {}),
      });
    async function userIdOf(email: string): Promise<number> {
      const [row] = rowsOf<{ id: number }>(await suite.handle.db.execute(sql`select id from users where email = ${email}`));
      assert.ok(row, email);
      return row.id;
    }
    const count = async (query: ReturnType<typeof sql>) => Number(rowsOf<{ n: number }>(await db().execute(query))[0]?.n ?? 0);
    const applicationCount = () => count(sql`select count(*)::int as n from applications`);
    const listingBy = (token: string, title: string, fields: Record<string, string> = {}) =>
      publishListing(suite.server.app, token, { jobTitle: title, ...fields });

    async function apply(token: string, jobId: number, body: object = { message: 'I can help this week.' }) {
      const answer = await call('POST', `/jobs/${jobId}/applications`, token, body);
      return answer;
    }
    /** An application that must be accepted: its wire shape. */
    async function applied(
      token: string,
      jobId: number,
      body?: object,
    ): Promise<{ id: number; conversationId: number; jobId: number; status: ApplicationStatus; createdAt: string }> {
      const answer = await apply(token, jobId, body);
      assert.equal(answer.statusCode, 201, answer.body);
      return answer.json().application;
    }
    const move = (token: string, applicationId: number, status: string) =>
      call('PATCH', `/applications/${applicationId}`, token, { status });
    const thread = async (token: string, conversationId: number, query = ''): Promise<ChatMessage[]> => {
      const answer = await call('GET', `/conversations/${conversationId}/messages${query}`, token);
      assert.equal(answer.statusCode, 200, answer.body);
      return answer.json().messages;
    };
    const write = (token: string, conversationId: number, text: string) =>
      call('POST', `/conversations/${conversationId}/messages`, token, { text });
    const inbox = async (token: string): Promise<{ conversations: Conversation[]; unreadTotal: number }> => {
      const answer = await call('GET', '/me/conversations', token);
      assert.equal(answer.statusCode, 200, answer.body);
      return answer.json();
    };
    const conversationIn = async (token: string, conversationId: number): Promise<Conversation | undefined> =>
      (await inbox(token)).conversations.find((c) => c.id === conversationId);

    const lastEventId = async () =>
      Number(rowsOf<{ id: number | string | null }>(await db().execute(sql`select max(id) as id from user_events`))[0]?.id ?? 0);
    /** The events stored after `mark` for this suite's members (another suite may share the database). */
    async function eventsSince(mark: number): Promise<StoredEvent[]> {
      const mine = new Set(Object.values(ids));
      return rowsOf<{ user_id: number; type: string; data: Record<string, unknown> }>(
        await db().execute(sql`select user_id, type, data from user_events where id > ${mark} order by id`),
      )
        .filter((row) => mine.has(row.user_id))
        .map((row) => ({ userId: row.user_id, type: row.type, data: row.data }));
    }
    const whoHeard = (events: StoredEvent[], type: string) =>
      events
        .filter((e) => e.type === type)
        .map((e) => e.userId)
        .sort((a, b) => a - b);
    const both = () => [ids.dana, ids.omar].sort((a, b) => a - b);

    describe('who may call', () => {
      const routes: [Method, string, object?][] = [
        ['POST', '/jobs/1/applications', { message: 'Hello' }],
        ['GET', '/jobs/1/applications'],
        ['GET', '/me/applications'],
        ['PATCH', '/applications/1', { status: 'hired' }],
        ['GET', '/me/conversations'],
        ['GET', '/conversations/1/messages'],
        ['POST', '/conversations/1/messages', { text: 'Hello' }],
        ['POST', '/conversations/1/read'],
        ['POST', '/conversations/1/block'],
        ['POST', '/messages/1/reports', { reason: 'scam' }],
      ];

      it('answers 401 without a session on every route', async () => {
        for (const [method, url, body] of routes) {
          const answer = await call(method, url, null, body);
          assert.equal(answer.statusCode, 401, `${method} ${url}`);
          assert.equal(answer.json().messageKey, 'unauthorized');
        }
      });

      it('answers 403 ageConfirmationRequired before the member confirmed being 18 or older', async () => {
        for (const [method, url, body] of routes) {
          const answer = await call(method, url, tokens.kid, body);
          assert.equal(answer.statusCode, 403, `${method} ${url}`);
          assert.equal(answer.json().messageKey, 'ageConfirmationRequired');
        }
      });
    });

    describe('applying', () => {
      it('stores the application, its conversation and its first message together, and tells both sides', async () => {
        const mark = await lastEventId();
        const answer = await apply(tokens.omar, sofaJob, { message: '  I can come on Sunday.  ', phone: '054-765-4321' });
        assert.equal(answer.statusCode, 201, answer.body);
        const { application } = answer.json();
        assert.deepEqual(Object.keys(application).sort(), ['conversationId', 'createdAt', 'id', 'jobId', 'status']);
        assert.equal(application.jobId, sofaJob);
        assert.equal(application.status, 'sent');
        assert.ok(!Number.isNaN(Date.parse(application.createdAt)));

        const [stored] = rowsOf<{ applicant_id: number; message: string; phone: string; status: string }>(
          await db().execute(sql`select applicant_id, message, phone, status from applications where id = ${application.id}`),
        );
        assert.deepEqual(stored, { applicant_id: ids.omar, message: 'I can come on Sunday.', phone: '0547654321', status: 'sent' });
        const [conversation] = rowsOf<{ id: number; poster_id: number; applicant_id: number; listing_id: number; last_message_id: number }>(
          await db().execute(
            sql`select id, poster_id, applicant_id, listing_id, last_message_id from conversations where application_id = ${application.id}`,
          ),
        );
        assert.deepEqual(
          { ...conversation, last_message_id: undefined },
          { id: application.conversationId, poster_id: ids.dana, applicant_id: ids.omar, listing_id: sofaJob, last_message_id: undefined },
        );
        const messages = rowsOf<{ id: number; author_id: number; kind: string; text: string }>(
          await db().execute(sql`select id, author_id, kind, text from messages where conversation_id = ${application.conversationId}`),
        );
        assert.equal(messages.length, 1);
        assert.deepEqual(messages[0], {
          id: conversation!.last_message_id,
          author_id: ids.omar,
          kind: 'user',
          text: 'I can come on Sunday.',
        });

        const events = await eventsSince(mark);
        assert.deepEqual(whoHeard(events, 'message'), both());
        assert.deepEqual(whoHeard(events, 'application'), both());
        assert.deepEqual(whoHeard(events, 'unread'), [ids.dana], 'only the poster has something new to read');
        const messageEvent = events.find((e) => e.type === 'message');
        assert.deepEqual(messageEvent?.data, {
          conversationId: application.conversationId,
          message: {
            id: conversation!.last_message_id,
            authorId: ids.omar,
            text: 'I can come on Sunday.',
            createdAt: (messageEvent?.data.message as ChatMessage).createdAt,
            kind: 'user',
          },
        });
        assert.deepEqual(events.find((e) => e.type === 'application')?.data, { application });
        assert.deepEqual(events.find((e) => e.type === 'unread')?.data, { unreadTotal: 1 });
      });

      it('refuses my own listing (403 ownListing)', async () => {
        const before = await applicationCount();
        const answer = await apply(tokens.dana, sofaJob);
        assert.equal(answer.statusCode, 403);
        assert.equal(answer.json().messageKey, 'ownListing');
        assert.equal(await applicationCount(), before);
      });

      it('answers 404 jobNotFound for an id that is none, and for a closed, hidden, deleted or blocked publisher’s listing', async () => {
        const closed = await listingBy(tokens.dana, 'Closed one');
        assert.equal((await call('PATCH', `/jobs/${closed}/close`, tokens.dana)).statusCode, 200);
        const hidden = await listingBy(tokens.dana, 'Hidden one');
        await db().execute(sql`update listings set hidden_at = now() where id = ${hidden}`);
        const deleted = await listingBy(tokens.dana, 'Deleted one');
        assert.equal((await call('DELETE', `/jobs/${deleted}`, tokens.dana)).statusCode, 204);
        const ofBlocked = await listingBy(tokens.dana, 'Publisher blocked');
        await db().execute(sql`update listings set is_publisher_blocked = true where id = ${ofBlocked}`);
        const before = await applicationCount();
        for (const id of ['abc', '0', '-1', '99999999', '1e3', String(closed), String(hidden), String(deleted), String(ofBlocked)]) {
          const answer = await call('POST', `/jobs/${id}/applications`, tokens.omar, { message: 'Hello' });
          assert.equal(answer.statusCode, 404, id);
          assert.equal(answer.json().messageKey, 'jobNotFound', id);
        }
        assert.equal(await applicationCount(), before);
      });

      it('refuses a second application to the same listing (409 alreadyApplied)', async () => {
        const before = await applicationCount();
        const answer = await apply(tokens.omar, sofaJob, { message: 'Me again' });
        assert.equal(answer.statusCode, 409);
        assert.equal(answer.json().messageKey, 'alreadyApplied');
        assert.equal(await applicationCount(), before);
      });

      it('refuses two applications sent at the same moment but one', async () => {
        const job = await listingBy(tokens.dana, 'Raced');
        const answers = await Promise.all([apply(tokens.rina, job), apply(tokens.rina, job), apply(tokens.rina, job)]);
        assert.deepEqual(answers.map((a) => a.statusCode).sort(), [201, 409, 409]);
        assert.equal(await count(sql`select count(*)::int as n from applications where listing_id = ${job}`), 1);
        assert.equal(await count(sql`select count(*)::int as n from conversations where listing_id = ${job}`), 1);
      });

      it('refuses again after a withdrawal or a decline', async () => {
        const job = await listingBy(tokens.dana, 'Paint a fence');
        const omars = await applied(tokens.omar, job);
        assert.equal((await move(tokens.omar, omars.id, 'withdrawn')).statusCode, 200);
        const rinas = await applied(tokens.rina, job);
        assert.equal((await move(tokens.dana, rinas.id, 'declined')).statusCode, 200);
        for (const token of [tokens.omar, tokens.rina]) {
          const answer = await apply(token, job);
          assert.equal(answer.statusCode, 409);
          assert.equal(answer.json().messageKey, 'alreadyApplied');
        }
      });

      it('refuses a blank or too long message and a phone that is not one, field by field', async () => {
        const job = await listingBy(tokens.dana, 'Fix a tap');
        const before = await applicationCount();
        for (const [body, field, key] of [
          [{ message: '   ' }, 'message', 'messageRequired'],
          [{}, 'message', 'messageRequired'],
          [{ message: 7 }, 'message', 'messageRequired'],
          [{ message: 'x'.repeat(DEAL_LIMITS.applicationMessageMaxLength + 1) }, 'message', 'messageTooLong'],
          [{ message: 'Hello', phone: '12345' }, 'phone', 'phoneInvalid'],
          [{ message: 'Hello', phone: '+1 212 555 0100' }, 'phone', 'phoneInvalid'],
        ] as const) {
          const answer = await apply(tokens.omar, job, body);
          assert.equal(answer.statusCode, 400, JSON.stringify(body));
          assert.equal(answer.json().messageKey, key, JSON.stringify(body));
          assert.equal(answer.json().fields[field], key);
        }
        assert.equal(await applicationCount(), before);
        // The longest message is taken, and a blank phone is no phone.
        const longest = await applied(tokens.omar, job, { message: 'y'.repeat(DEAL_LIMITS.applicationMessageMaxLength), phone: '' });
        assert.equal(await count(sql`select count(*)::int as n from applications where id = ${longest.id} and phone is null`), 1);
      });
    });

    describe('the owner’s list and mine', () => {
      let job: number;
      let omars: Awaited<ReturnType<typeof applied>>;
      let rinas: Awaited<ReturnType<typeof applied>>;

      before(async () => {
        job = await listingBy(tokens.dana, 'Walk a dog');
        omars = await applied(tokens.omar, job, { message: 'I love dogs.', phone: '+972 54 765 4321' });
        rinas = await applied(tokens.rina, job, { message: 'I walk dogs daily.' });
        // A published review of Omar (of an earlier deal), and Rina's Google picture.
        const [sofa] = rowsOf<{ id: number }>(
          await db().execute(sql`select id from applications where listing_id = ${sofaJob} and applicant_id = ${ids.omar}`),
        );
        await db().execute(
          sql`insert into reviews (application_id, author_id, subject_id, role, rating, text, published_at) values (${sofa!.id}, ${ids.dana}, ${ids.omar}, 'worker', 4, 'Careful', now())`,
        );
        await db().execute(sql`update users set picture = 'https://lh3.googleusercontent.com/rina' where id = ${ids.rina}`);
        await db().execute(sql`update users set picture = 'http://example.com/omar.png' where id = ${ids.omar}`);
      });

      it('shows the owner the applicants newest first, with their rating, and a phone only when one was shared', async () => {
        const answer = await call('GET', `/jobs/${job}/applications`, tokens.dana);
        assert.equal(answer.statusCode, 200, answer.body);
        const list = answer.json().applications;
        assert.deepEqual(list, [
          {
            id: rinas.id,
            status: 'sent',
            message: 'I walk dogs daily.',
            createdAt: rinas.createdAt,
            conversationId: rinas.conversationId,
            applicant: {
              id: ids.rina,
              displayName: 'Rina L.',
              picture: 'https://lh3.googleusercontent.com/rina',
              rating: { average: null, count: 0 },
            },
          },
          {
            id: omars.id,
            status: 'sent',
            message: 'I love dogs.',
            createdAt: omars.createdAt,
            conversationId: omars.conversationId,
            applicant: { id: ids.omar, displayName: 'Omar K.', rating: { average: 4, count: 1 } },
            phone: '0547654321',
          },
        ]);
      });

      it('answers 404 to anyone but the owner, the applicants included', async () => {
        for (const token of [tokens.omar, tokens.rina, tokens.sam]) {
          const answer = await call('GET', `/jobs/${job}/applications`, token);
          assert.equal(answer.statusCode, 404);
          assert.equal(answer.json().messageKey, 'jobNotFound');
        }
        assert.equal((await call('GET', '/jobs/abc/applications', tokens.dana)).statusCode, 404);
      });

      it('lists my applications newest first with their listings, a listing taken down reading as closed', async () => {
        const answer = await call('GET', '/me/applications', tokens.rina);
        assert.equal(answer.statusCode, 200);
        const list = answer.json().applications as {
          id: number;
          createdAt: string;
          job: { id: number; title: string; offerType: string; status: string };
        }[];
        assert.deepEqual(list[0], {
          id: rinas.id,
          status: 'sent',
          createdAt: rinas.createdAt,
          conversationId: rinas.conversationId,
          job: { id: job, title: 'Walk a dog', offerType: 'job', status: 'active' },
        });
        assert.ok(
          list.every((a, i) => i === 0 || a.createdAt <= list[i - 1]!.createdAt),
          'newest first',
        );
        assert.ok(!list.some((a) => a.id === omars.id), 'only mine');
        await db().execute(sql`update listings set hidden_at = now() where id = ${job}`);
        const hidden = (await call('GET', '/me/applications', tokens.rina))
          .json()
          .applications.find((a: { id: number }) => a.id === rinas.id);
        assert.equal(hidden.job.status, 'close');
        await db().execute(sql`update listings set hidden_at = null where id = ${job}`);
      });
    });

    describe('moving an application', () => {
      let job: number;
      before(async () => {
        job = await listingBy(tokens.dana, 'Assemble a wardrobe');
      });

      it('lets the owner offer the job, the applicant accept it, then the owner mark it done (dated), each move a note of the site’s in the thread, told to both', async () => {
        const application = await applied(tokens.omar, job);
        const mark = await lastEventId();
        const offered = await move(tokens.dana, application.id, 'offered');
        assert.equal(offered.statusCode, 200, offered.body);
        const { offerExpiresAt, ...answer } = offered.json().application;
        assert.deepEqual(answer, { ...application, status: 'offered' });
        const hoursLeft = (Date.parse(offerExpiresAt) - Date.now()) / 3_600_000;
        assert.ok(hoursLeft > 71 && hoursLeft <= 72, `the offer lapses HIRE_OFFER_HOURS from now (${hoursLeft} h)`);
        const events = await eventsSince(mark);
        assert.deepEqual(whoHeard(events, 'application'), both());
        assert.deepEqual(whoHeard(events, 'message'), both());
        assert.deepEqual(whoHeard(events, 'unread'), [], 'a note of the site’s is nobody’s unread message');
        assert.equal((events.find((e) => e.type === 'application')?.data.application as { status: string }).status, 'offered');

        assert.equal(
          (await move(tokens.dana, application.id, 'done')).json().messageKey,
          'badTransition',
          'only a hire that happened can be done',
        );
        const accepted = await move(tokens.omar, application.id, 'hired');
        assert.equal(accepted.statusCode, 200, accepted.body);
        assert.deepEqual(accepted.json(), { application: { ...application, status: 'hired' } }, 'no lapse once accepted');
        assert.equal(
          await count(
            sql`select count(*)::int as n from applications where id = ${application.id} and done_at is null and offer_expires_at is null`,
          ),
          1,
        );

        const done = await move(tokens.dana, application.id, 'done');
        assert.equal(done.json().application.status, 'done');
        assert.equal(await count(sql`select count(*)::int as n from applications where id = ${application.id} and done_at is not null`), 1);
        const notes = (await thread(tokens.omar, application.conversationId)).filter((m) => m.kind === 'system');
        assert.deepEqual(
          notes.map((m) => [m.authorId, m.text]),
          [
            [null, 'offered'],
            [null, 'hired'],
            [null, 'done'],
          ],
        );
        const [conversation] = rowsOf<{ last_message_id: number }>(
          await db().execute(sql`select last_message_id from conversations where id = ${application.conversationId}`),
        );
        assert.equal(conversation?.last_message_id, notes.at(-1)?.id);

        for (const [token, status] of [
          [tokens.dana, 'cancelled'],
          [tokens.dana, 'offered'],
          [tokens.omar, 'withdrawn'],
        ] as const) {
          const settled = await move(token, application.id, status);
          assert.equal(settled.statusCode, 409, `done → ${status}`);
          assert.equal(settled.json().messageKey, 'badTransition');
        }
      });

      it('allows every other move nextStatuses names, and no other; an owner’s page released before offers makes an offer with `hired`', async () => {
        const rinas = await applied(tokens.rina, job);
        assert.equal((await move(tokens.dana, rinas.id, 'done')).json().messageKey, 'badTransition', 'sent → done skips the hire');
        assert.equal(
          (await move(tokens.rina, rinas.id, 'hired')).json().messageKey,
          'badTransition',
          'an applicant does not hire themselves unasked',
        );
        assert.equal((await move(tokens.dana, rinas.id, 'withdrawn')).json().messageKey, 'badTransition', 'only the applicant withdraws');
        assert.equal((await move(tokens.dana, rinas.id, 'sent')).json().messageKey, 'badTransition');
        const legacy = await move(tokens.dana, rinas.id, 'hired');
        assert.equal(legacy.json().application.status, 'offered', 'the old hire is an offer now');
        assert.equal(
          (await move(tokens.dana, rinas.id, 'hired')).json().messageKey,
          'badTransition',
          'the owner cannot accept their own offer',
        );
        assert.equal((await move(tokens.rina, rinas.id, 'offerDeclined')).json().application.status, 'offerDeclined');
        assert.equal((await move(tokens.rina, rinas.id, 'hired')).statusCode, 409, 'a declined offer is settled');
        assert.equal((await move(tokens.dana, rinas.id, 'offered')).statusCode, 409, 'and is not offered again');

        const other = await listingBy(tokens.dana, 'Move boxes');
        const hiredThenWithdrawn = await applied(tokens.omar, other);
        assert.equal((await move(tokens.dana, hiredThenWithdrawn.id, 'offered')).statusCode, 200);
        assert.equal((await move(tokens.omar, hiredThenWithdrawn.id, 'hired')).statusCode, 200);
        assert.equal((await move(tokens.omar, hiredThenWithdrawn.id, 'withdrawn')).json().application.status, 'withdrawn');
        const withdrawnOffer = await applied(tokens.sam, other);
        assert.equal((await move(tokens.dana, withdrawnOffer.id, 'offered')).statusCode, 200);
        assert.equal(
          (await move(tokens.dana, withdrawnOffer.id, 'declined')).json().application.status,
          'declined',
          'the owner takes an offer back by declining',
        );
        const declined = await applied(tokens.rina, other);
        assert.equal((await move(tokens.dana, declined.id, 'declined')).json().application.status, 'declined');
        assert.equal((await move(tokens.rina, declined.id, 'withdrawn')).statusCode, 409, 'declined is settled');
        const cancelled = await listingBy(tokens.dana, 'Paint a fence');
        const hiredThenCancelled = await applied(tokens.rina, cancelled);
        await move(tokens.dana, hiredThenCancelled.id, 'offered');
        await move(tokens.rina, hiredThenCancelled.id, 'hired');
        assert.equal((await move(tokens.dana, hiredThenCancelled.id, 'cancelled')).json().application.status, 'cancelled');
        assert.equal((await move(tokens.dana, hiredThenCancelled.id, 'offered')).statusCode, 409, 'cancelled is settled');
        const notes = (await thread(tokens.rina, rinas.conversationId)).filter((m) => m.kind === 'system').map((m) => m.text);
        assert.deepEqual(notes, ['offered', 'offerDeclined'], 'refused moves leave no note');
      });

      it('lapses an offer nobody answered in time back to sent, with its note and both sides told, once', async () => {
        const application = await applied(tokens.sam, await listingBy(tokens.dana, 'Mow a lawn'));
        assert.equal((await move(tokens.dana, application.id, 'offered')).statusCode, 200);
        const mark = await lastEventId();
        await db().execute(sql`update applications set offer_expires_at = now() - interval '1 second' where id = ${application.id}`);
        // Every API process sweeps every 5 s; wait for the lapse, boundedly.
        for (
          let tries = 0;
          tries < 600 &&
          (await count(sql`select count(*)::int as n from applications where id = ${application.id} and status = 'sent'`)) === 0;
          tries += 1
        ) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        const notes = (await thread(tokens.sam, application.conversationId)).filter((m) => m.kind === 'system').map((m) => m.text);
        assert.deepEqual(notes, ['offered', 'offerLapsed']);
        const events = (await eventsSince(mark)).filter((e) => e.type === 'application');
        assert.deepEqual(
          events.map((e) => [e.userId, (e.data.application as { status: string }).status]).sort(),
          [
            [ids.dana, 'sent'],
            [ids.sam, 'sent'],
          ].sort(),
        );
        assert.equal((await move(tokens.sam, application.id, 'hired')).statusCode, 409, 'a lapsed offer cannot be accepted');
        assert.equal((await move(tokens.dana, application.id, 'offered')).statusCode, 200, 'the owner may offer again');
      });

      it('answers 404 to a stranger and for an id that is none, 400 statusInvalid for a status that is none', async () => {
        const application = await applied(tokens.sam, job);
        for (const token of [tokens.omar, tokens.rina]) {
          const answer = await move(token, application.id, 'withdrawn');
          assert.equal(answer.statusCode, 404);
          assert.equal(answer.json().messageKey, 'notFound');
        }
        assert.equal((await move(tokens.dana, 99_999_999, 'hired')).statusCode, 404);
        assert.equal((await call('PATCH', '/applications/abc', tokens.dana, { status: 'hired' })).statusCode, 404);
        const invalid = await move(tokens.dana, application.id, 'paid');
        assert.equal(invalid.statusCode, 400);
        assert.equal(invalid.json().messageKey, 'statusInvalid');
        assert.equal(invalid.json().fields.status, 'statusInvalid');
      });
    });

    describe('conversations', () => {
      let job: number;
      let application: Awaited<ReturnType<typeof applied>>;
      let conversationId: number;

      before(async () => {
        job = await listingBy(tokens.dana, 'Water the plants');
        application = await applied(tokens.omar, job, { message: 'I live next door.' });
        conversationId = application.conversationId;
      });

      it('lists mine newest activity first, with the other person, the last message, my side and the unread count', async () => {
        const dana = await inbox(tokens.dana);
        const mine = dana.conversations[0]!;
        assert.deepEqual(mine, {
          id: conversationId,
          job: { id: job, title: 'Water the plants' },
          other: { id: ids.omar, displayName: 'Omar K.' },
          lastMessage: mine.lastMessage,
          unread: 1,
          application: { id: application.id, status: 'sent', side: 'owner', myReview: null },
          blockedByMe: false,
        });
        assert.deepEqual(
          { ...mine.lastMessage, id: 0, createdAt: '' },
          { id: 0, authorId: ids.omar, text: 'I live next door.', createdAt: '', kind: 'user' },
        );
        assert.ok(
          dana.conversations.every((c, i) => i === 0 || c.lastMessage.id < dana.conversations[i - 1]!.lastMessage.id),
          'newest activity first',
        );
        assert.equal(
          dana.unreadTotal,
          dana.conversations.reduce((sum, c) => sum + c.unread, 0),
        );
        const omar = await conversationIn(tokens.omar, conversationId);
        assert.deepEqual(
          { other: omar?.other, unread: omar?.unread, side: omar?.application.side },
          { other: { id: ids.dana, displayName: 'Dana C.' }, unread: 0, side: 'applicant' },
        );
        assert.equal(await conversationIn(tokens.rina, conversationId), undefined, 'nobody else’s');
      });

      it('counts only the other person’s messages since my read, and tells a reader whose total changed', async () => {
        let mark = await lastEventId();
        assert.equal((await call('POST', `/conversations/${conversationId}/read`, tokens.dana)).statusCode, 204);
        assert.equal((await conversationIn(tokens.dana, conversationId))?.unread, 0);
        const afterRead = await eventsSince(mark);
        assert.deepEqual(whoHeard(afterRead, 'unread'), [ids.dana]);
        assert.deepEqual(afterRead.find((e) => e.type === 'unread')?.data, { unreadTotal: (await inbox(tokens.dana)).unreadTotal });

        mark = await lastEventId();
        assert.equal((await call('POST', `/conversations/${conversationId}/read`, tokens.dana)).statusCode, 204);
        assert.deepEqual(whoHeard(await eventsSince(mark), 'unread'), [], 'nothing changed, nothing told');

        mark = await lastEventId();
        for (const text of ['Shall I come at 9?', 'Or at 10?'])
          assert.equal((await write(tokens.omar, conversationId, text)).statusCode, 201);
        assert.equal((await conversationIn(tokens.dana, conversationId))?.unread, 2);
        assert.equal((await conversationIn(tokens.omar, conversationId))?.unread, 0, 'my own messages are never unread');
        const written = await eventsSince(mark);
        assert.deepEqual(
          whoHeard(written, 'message'),
          [...both(), ...both()].sort((a, b) => a - b),
        );
        assert.deepEqual(whoHeard(written, 'unread'), [ids.dana, ids.dana], 'the reader, once a message');

        assert.equal((await move(tokens.dana, application.id, 'offered')).statusCode, 200);
        const omar = await conversationIn(tokens.omar, conversationId);
        assert.equal(omar?.unread, 0, 'the site’s notes are not unread messages');
        assert.deepEqual([omar?.lastMessage.kind, omar?.lastMessage.text, omar?.application.status], ['system', 'offered', 'offered']);

        mark = await lastEventId();
        assert.equal((await write(tokens.dana, conversationId, 'Come at 9.')).statusCode, 201);
        assert.equal((await conversationIn(tokens.omar, conversationId))?.unread, 1);
        const unreadEvent = (await eventsSince(mark)).filter((e) => e.type === 'unread');
        assert.deepEqual(unreadEvent, [
          { userId: ids.omar, type: 'unread', data: { unreadTotal: (await inbox(tokens.omar)).unreadTotal } },
        ]);
      });

      it('pages a thread oldest first: the newest `limit`, then those before a message', async () => {
        const all = await thread(tokens.omar, conversationId);
        assert.deepEqual(
          all.map((m) => m.text),
          ['I live next door.', 'Shall I come at 9?', 'Or at 10?', 'offered', 'Come at 9.'],
        );
        assert.ok(all.every((m, i) => i === 0 || m.id > all[i - 1]!.id));
        const newest = await thread(tokens.omar, conversationId, '?limit=2');
        assert.deepEqual(
          newest.map((m) => m.text),
          ['offered', 'Come at 9.'],
        );
        const earlier = await thread(tokens.dana, conversationId, `?limit=2&before=${newest[0]!.id}`);
        assert.deepEqual(
          earlier.map((m) => m.text),
          ['Shall I come at 9?', 'Or at 10?'],
        );
        for (const query of ['?limit=0', `?limit=${DEAL_LIMITS.messagesPageMax + 1}`, '?limit=abc', '?before=abc', '?before=0']) {
          const answer = await call('GET', `/conversations/${conversationId}/messages${query}`, tokens.omar);
          assert.equal(answer.statusCode, 400, query);
          assert.equal(answer.json().messageKey, 'invalidRequest');
        }
      });

      it('takes a message of 1 to 2,000 characters, trimmed', async () => {
        const answer = await write(tokens.omar, conversationId, '  On my way.  ');
        assert.equal(answer.statusCode, 201);
        const { message } = answer.json();
        assert.deepEqual(
          { ...message, id: 0, createdAt: '' },
          { id: 0, authorId: ids.omar, text: 'On my way.', createdAt: '', kind: 'user' },
        );
        assert.equal((await write(tokens.omar, conversationId, 'z'.repeat(DEAL_LIMITS.chatMessageMaxLength))).statusCode, 201);
        for (const [text, key] of [
          ['   ', 'messageRequired'],
          ['z'.repeat(DEAL_LIMITS.chatMessageMaxLength + 1), 'messageTooLong'],
        ] as const) {
          const refused = await write(tokens.omar, conversationId, text);
          assert.equal(refused.statusCode, 400);
          assert.equal(refused.json().messageKey, key);
          assert.equal(refused.json().fields.text, key);
        }
      });

      it('answers 404 to anyone but its two parties, on every route of a conversation', async () => {
        const before = await count(sql`select count(*)::int as n from messages where conversation_id = ${conversationId}`);
        for (const [method, url, body] of [
          ['GET', `/conversations/${conversationId}/messages`],
          ['POST', `/conversations/${conversationId}/messages`, { text: 'Hi' }],
          ['POST', `/conversations/${conversationId}/read`],
          ['POST', `/conversations/${conversationId}/block`],
        ] as [Method, string, object?][]) {
          for (const token of [tokens.rina, tokens.sam]) {
            const answer = await call(method, url, token, body);
            assert.equal(answer.statusCode, 404, `${method} ${url}`);
            assert.equal(answer.json().messageKey, 'notFound');
          }
          assert.equal((await call(method, url.replace(String(conversationId), 'abc'), tokens.omar, body)).statusCode, 404);
          assert.equal((await call(method, url.replace(String(conversationId), '99999999'), tokens.omar, body)).statusCode, 404);
        }
        assert.equal(await count(sql`select count(*)::int as n from messages where conversation_id = ${conversationId}`), before);
        assert.equal(
          await count(sql`select count(*)::int as n from member_blocks where blocker_id in (${ids.dana}, ${ids.omar})`),
          0,
          'nobody blocked',
        );
      });

      it('blocks between the two members: no message either way in any of their conversations, no application to the blocker’s listings, until unblocked', async () => {
        const otherJob = await listingBy(tokens.dana, 'Fix a shelf');
        const other = await applied(tokens.omar, otherJob);
        assert.equal((await call('POST', `/conversations/${conversationId}/block`, tokens.omar)).statusCode, 204);
        assert.equal((await call('POST', `/conversations/${conversationId}/block`, tokens.omar)).statusCode, 204, 'again: still blocked');
        for (const [token, id] of [
          [tokens.dana, conversationId],
          [tokens.omar, conversationId],
          [tokens.dana, other.conversationId],
          [tokens.omar, other.conversationId],
        ] as const) {
          const refused = await write(token, id, 'Are you there?');
          assert.equal(refused.statusCode, 403);
          assert.equal(refused.json().messageKey, 'blocked');
        }
        const omarsJob = await listingBy(tokens.omar, 'Walk a dog');
        for (const [token, jobId] of [
          [tokens.omar, await listingBy(tokens.dana, 'Hang curtains')],
          [tokens.dana, omarsJob],
        ] as const) {
          const refused = await apply(token, jobId);
          assert.equal(refused.statusCode, 403, 'either way');
          assert.equal(refused.json().messageKey, 'blocked');
        }
        assert.equal((await conversationIn(tokens.omar, conversationId))?.blockedByMe, true);
        assert.equal((await conversationIn(tokens.omar, other.conversationId))?.blockedByMe, true, 'in every conversation of the two');
        assert.equal((await conversationIn(tokens.dana, conversationId))?.blockedByMe, false);

        const list = await call('GET', '/me/blocked-members', tokens.omar);
        assert.equal(list.statusCode, 200, list.body);
        assert.deepEqual(
          list.json().members.map((m: { id: number; displayName: string }) => [m.id, m.displayName]),
          [[ids.dana, 'Dana C.']],
        );
        assert.equal(list.json().nextCursor, null);
        assert.deepEqual((await call('GET', '/me/blocked-members', tokens.dana)).json().members, [], 'only my own blocks');
        assert.equal((await call('DELETE', `/me/blocked-members/${ids.dana}`, tokens.omar)).statusCode, 204);
        assert.equal(
          (await call('DELETE', `/me/blocked-members/${ids.dana}`, tokens.omar)).statusCode,
          204,
          'nothing left to undo is no error',
        );
        assert.equal((await write(tokens.dana, conversationId, 'Hello again')).statusCode, 201, 'unblocked: writing again');
        assert.equal((await apply(tokens.dana, omarsJob)).statusCode, 201);
        assert.equal((await call('GET', '/me/blocked-members?cursor=x', tokens.omar)).statusCode, 400);
      });
    });

    describe('reports and hidden messages', () => {
      let conversationId: number;
      let application: Awaited<ReturnType<typeof applied>>;
      let messageIds: Record<'first' | 'hello' | 'number', number>;

      before(async () => {
        const job = await listingBy(tokens.dana, 'Clean windows');
        application = await applied(tokens.rina, job, { message: 'Windows are my thing.' });
        conversationId = application.conversationId;
        const hello = (await write(tokens.dana, conversationId, 'Hello Rina')).json().message.id as number;
        const number = (await write(tokens.rina, conversationId, 'Pay me outside: 054-111-2222')).json().message.id as number;
        messageIds = { first: (await thread(tokens.rina, conversationId))[0]!.id, hello, number };
      });

      it('takes a party’s report of the other person’s message once (409 alreadyReported)', async () => {
        const answer = await call('POST', `/messages/${messageIds.number}/reports`, tokens.dana, {
          reason: 'scam',
          note: ' asks for payment outside ',
        });
        assert.equal(answer.statusCode, 201);
        assert.deepEqual(answer.json(), { reported: true });
        const [stored] = rowsOf<{ target_kind: string; target_id: number; reporter_id: number; reason: string; note: string }>(
          await db().execute(
            sql`select target_kind, target_id, reporter_id, reason, note from content_reports where target_id = ${messageIds.number} and target_kind = 'message'`,
          ),
        );
        assert.deepEqual(stored, {
          target_kind: 'message',
          target_id: messageIds.number,
          reporter_id: ids.dana,
          reason: 'scam',
          note: 'asks for payment outside',
        });
        const again = await call('POST', `/messages/${messageIds.number}/reports`, tokens.dana, { reason: 'offensive' });
        assert.equal(again.statusCode, 409);
        assert.equal(again.json().messageKey, 'alreadyReported');
      });

      it('refuses a report of my own message or the site’s note (403), of someone else’s thread (404), and without a reason (400)', async () => {
        assert.equal(
          (await call('POST', `/messages/${messageIds.hello}/reports`, tokens.dana, { reason: 'scam' })).json().messageKey,
          'forbidden',
        );
        assert.equal((await move(tokens.dana, application.id, 'hired')).statusCode, 200);
        const note = (await thread(tokens.dana, conversationId)).at(-1)!;
        assert.equal(note.kind, 'system');
        assert.equal((await call('POST', `/messages/${note.id}/reports`, tokens.rina, { reason: 'scam' })).statusCode, 403);
        for (const [id, token] of [
          [messageIds.number, tokens.sam],
          [messageIds.number, tokens.omar],
          ['abc', tokens.dana],
          [99_999_999, tokens.dana],
        ] as const) {
          const answer = await call('POST', `/messages/${id}/reports`, token, { reason: 'scam' });
          assert.equal(answer.statusCode, 404, String(id));
          assert.equal(answer.json().messageKey, 'notFound');
        }
        const noReason = await call('POST', `/messages/${messageIds.hello}/reports`, tokens.rina, { note: 'why' });
        assert.equal(noReason.statusCode, 400);
        assert.equal(noReason.json().messageKey, 'reportReasonRequired');
      });

      it('leaves a hidden message out of every answer: the thread, the last message, the unread count, the applicant list', async () => {
        // Dana's thread: Rina's first message, Dana's hello, Rina's number, the "offered" note. Dana has read nothing since.
        await db().execute(sql`update conversations set poster_read_id = 0 where id = ${conversationId}`);
        assert.equal((await conversationIn(tokens.dana, conversationId))?.unread, 2);
        await db().execute(sql`update messages set hidden_at = now() where id = ${messageIds.number}`);
        assert.ok(!(await thread(tokens.dana, conversationId)).some((m) => m.id === messageIds.number));
        assert.ok(
          !(await thread(tokens.rina, conversationId)).some((m) => m.id === messageIds.number),
          'its author no longer sees it either',
        );
        assert.equal((await conversationIn(tokens.dana, conversationId))?.unread, 1);
        assert.equal((await call('POST', `/messages/${messageIds.number}/reports`, tokens.omar, { reason: 'scam' })).statusCode, 404);

        // The newest message hidden: the one before it is the last message.
        const newest = (await write(tokens.rina, conversationId, 'Call me now')).json().message.id as number;
        await db().execute(sql`update messages set hidden_at = now() where id = ${newest}`);
        const rinas = await conversationIn(tokens.rina, conversationId);
        assert.deepEqual([rinas?.lastMessage.kind, rinas?.lastMessage.text], ['system', 'offered']);

        // The first message is the application's: hidden, the owner's list shows no words of it.
        await db().execute(sql`update messages set hidden_at = now() where id = ${messageIds.first}`);
        const list = (await call('GET', `/jobs/${application.jobId}/applications`, tokens.dana)).json().applications;
        assert.equal(list[0].message, '');
        const bodies = JSON.stringify([
          await inbox(tokens.dana),
          await inbox(tokens.rina),
          await thread(tokens.dana, conversationId),
          list,
        ]);
        for (const hidden of ['Windows are my thing.', 'Pay me outside', 'Call me now']) assert.ok(!bodies.includes(hidden), hidden);
        assert.equal((await conversationIn(tokens.dana, conversationId))?.unread, 0);

        // Nothing left to read: the conversation has nothing to show in the list.
        await db().execute(sql`update messages set hidden_at = now() where conversation_id = ${conversationId}`);
        assert.equal(await conversationIn(tokens.dana, conversationId), undefined);
        assert.deepEqual(await thread(tokens.dana, conversationId), []);
      });
    });

    describe('paged lists and one conversation', () => {
      it('pages my conversations, a listing’s applicants and my applications by the last activity, 30 without `limit`, and opens one conversation alone', async () => {
        const { app } = suite.server;
        const owner = await signIn(app, 'deal-pages-owner@example.com', 'Paula Owner');
        const job = await listingBy(owner, 'Many hands');
        const applicants: { token: string; application: Awaited<ReturnType<typeof applied>> }[] = [];
        for (let i = 0; i < 33; i += 1) {
          const token = await signIn(app, `deal-pages-${i}@example.com`, `Helper ${i}`);
          applicants.push({ token, application: await applied(token, job, { message: `Helper ${i} here` }) });
        }
        // The oldest conversation has the newest activity now.
        assert.equal((await write(applicants[0]!.token, applicants[0]!.application.conversationId, 'Still keen!')).statusCode, 201);

        const first = await call('GET', '/me/conversations', owner);
        assert.equal(first.statusCode, 200, first.body);
        type InboxPage = { conversations: Conversation[]; unreadTotal: number; nextCursor: string | null };
        const page1 = first.json<InboxPage>();
        assert.equal(page1.conversations.length, DEAL_LIMITS.listPageSize, 'a call without limit gets the first 30');
        assert.equal(page1.conversations[0]!.id, applicants[0]!.application.conversationId, 'the last activity first');
        assert.equal(page1.unreadTotal, 34, 'the unread total counts every conversation, not only the page');
        assert.ok(page1.nextCursor);
        const page2 = (await call('GET', `/me/conversations?cursor=${page1.nextCursor}`, owner)).json<InboxPage>();
        assert.equal(page2.conversations.length, 3);
        assert.equal(page2.nextCursor, null);
        const seen = [...page1.conversations, ...page2.conversations].map((c) => c.id);
        assert.equal(new Set(seen).size, 33, 'each conversation once');
        const small = (await call('GET', '/me/conversations?limit=5', owner)).json<InboxPage>();
        assert.deepEqual(
          small.conversations.map((c) => c.id),
          seen.slice(0, 5),
        );
        for (const query of ['?limit=0', `?limit=${DEAL_LIMITS.listPageMax + 1}`, '?cursor=nonsense', '?cursor=WzEsMl0x']) {
          assert.equal((await call('GET', `/me/conversations${query}`, owner)).statusCode, 400, query);
        }

        type IdPage = { applications: { id: number }[]; nextCursor: string | null };
        const listPage = (await call('GET', `/jobs/${job}/applications?limit=20`, owner)).json<IdPage>();
        assert.equal(listPage.applications.length, 20);
        assert.equal(listPage.applications[0]!.id, applicants[0]!.application.id);
        const listRest = (await call('GET', `/jobs/${job}/applications?cursor=${listPage.nextCursor}`, owner)).json<IdPage>();
        assert.equal(listRest.applications.length, 13);
        assert.equal(listRest.nextCursor, null);

        const mine = (await call('GET', '/me/applications', applicants[5]!.token)).json<IdPage>();
        assert.deepEqual(
          mine.applications.map((a) => a.id),
          [applicants[5]!.application.id],
        );
        assert.equal(mine.nextCursor, null);

        const one = await call('GET', `/conversations/${applicants[0]!.application.conversationId}`, owner);
        assert.equal(one.statusCode, 200, one.body);
        assert.deepEqual(one.json().conversation, page1.conversations[0], 'the conversation as the inbox lists it');
        assert.equal(
          (await call('GET', `/conversations/${applicants[0]!.application.conversationId}`, applicants[1]!.token)).statusCode,
          404,
        );
        assert.equal((await call('GET', '/conversations/abc', owner)).statusCode, 404);
      });

      it('marks read up to the message the page showed, never one that arrived after', async () => {
        const { app } = suite.server;
        const owner = await signIn(app, 'deal-read-owner@example.com', 'Reader Owner');
        const helper = await signIn(app, 'deal-read-helper@example.com', 'Late Writer');
        const { conversationId } = await applied(helper, await listingBy(owner, 'Read marks'));
        const shown = (await thread(owner, conversationId)).at(-1)!.id;
        assert.equal((await write(helper, conversationId, 'Sent while the page was open')).statusCode, 201);
        assert.equal((await call('POST', `/conversations/${conversationId}/read`, owner, { upTo: shown })).statusCode, 204);
        assert.equal((await conversationIn(owner, conversationId))?.unread, 1, 'the later message stays unread');
        assert.equal((await call('POST', `/conversations/${conversationId}/read`, owner, { upTo: shown - 1 })).statusCode, 204);
        assert.equal((await conversationIn(owner, conversationId))?.unread, 1, 'a mark never moves back');
        assert.equal((await call('POST', `/conversations/${conversationId}/read`, owner, { upTo: 'all' })).statusCode, 400);
        assert.equal((await call('POST', `/conversations/${conversationId}/read`, owner)).statusCode, 204, 'a released page sends no body');
        assert.equal((await conversationIn(owner, conversationId))?.unread, 0);
      });
    });

    describe('a listing without contact methods', () => {
      it('is published, reveals no phone and no email, and is reached through applications', async () => {
        const posted = await postListing(suite.server.app, tokens.dana, { jobTitle: 'Applications only', contactMethods: '[]' });
        assert.equal(posted.statusCode, 201, posted.body);
        const id = posted.json().job_id as number;
        assert.deepEqual(posted.json().contact_methods, []);
        const page = await call('GET', `/jobs/${id}`, tokens.omar);
        assert.deepEqual(page.json().contact_methods, []);
        assert.equal(page.json().phone, undefined);
        const contact = await call('GET', `/jobs/${id}/contact`, tokens.omar);
        assert.equal(contact.statusCode, 200);
        assert.deepEqual(contact.json(), { contact_person_name: 'Dana', contact_methods: [] });
        assert.ok(!contact.body.includes('054'), 'the phone is never shown');
        await applied(tokens.omar, id);
      });
    });

    describe('limits', () => {
      it('answers 429 rateLimited past APPLICATION_RATE_LIMIT applications an hour and MESSAGE_RATE_LIMIT messages a minute', async () => {
        const applicant = await signIn(suite.server.app, 'deal-hourly@example.com', 'Hourly Applicant');
        const jobs = [await listingBy(tokens.dana, 'Limit one'), await listingBy(tokens.dana, 'Limit two')];
        await withServer(
          suite.handle,
          { DEV_IDP: 'on', ...ROOMY_LIMITS, APPLICATION_RATE_LIMIT: '2', MESSAGE_RATE_LIMIT: '2' },
          async (limited) => {
            const post = (url: string, payload: object) =>
              limited.app.inject({
                method: 'POST',
                url: `/api/v1${url}`,
                headers: { authorization: `Bearer ${applicant}` },
                payload,
                remoteAddress: freshClientAddress(),
              });
            // Every call counts, a refused one too.
            assert.equal((await post('/jobs/abc/applications', { message: 'Hi' })).statusCode, 404);
            const first = await post(`/jobs/${jobs[0]}/applications`, { message: 'Hi' });
            assert.equal(first.statusCode, 201);
            const before = await applicationCount();
            const third = await post(`/jobs/${jobs[1]}/applications`, { message: 'Hi' });
            assert.equal(third.statusCode, 429);
            assert.equal(third.json().messageKey, 'rateLimited');
            assert.equal(await applicationCount(), before);

            const conversationId = first.json().application.conversationId as number;
            for (const text of ['One', 'Two'])
              assert.equal((await post(`/conversations/${conversationId}/messages`, { text })).statusCode, 201);
            const tooMany = await post(`/conversations/${conversationId}/messages`, { text: 'Three' });
            assert.equal(tooMany.statusCode, 429);
            assert.equal(tooMany.json().messageKey, 'rateLimited');
          },
        );
      });

      it('answers 429 rateLimited past CONVERSATION_DAILY_LIMIT new conversations in 24 hours, counted in the database', async () => {
        const applicant = await signIn(suite.server.app, 'deal-daily@example.com', 'Daily Applicant');
        const applicantId = await userIdOf('deal-daily@example.com');
        const jobs = await Promise.all(['Day one', 'Day two', 'Day three'].map((title) => listingBy(tokens.dana, title)));
        await withServer(suite.handle, { DEV_IDP: 'on', ...ROOMY_LIMITS, CONVERSATION_DAILY_LIMIT: '2' }, async (limited) => {
          const applyTo = (job: number) =>
            limited.app.inject({
              method: 'POST',
              url: `/api/v1/jobs/${job}/applications`,
              headers: { authorization: `Bearer ${applicant}` },
              payload: { message: 'Hi' },
              remoteAddress: freshClientAddress(),
            });
          assert.equal((await applyTo(jobs[0]!)).statusCode, 201);
          assert.equal((await applyTo(jobs[1]!)).statusCode, 201);
          const refused = await applyTo(jobs[2]!);
          assert.equal(refused.statusCode, 429);
          assert.equal(refused.json().messageKey, 'rateLimited');
          assert.equal(await count(sql`select count(*)::int as n from applications where applicant_id = ${applicantId}`), 2);
          // A day later the first no longer counts.
          await db().execute(
            sql`update applications set created_at = now() - interval '25 hours' where applicant_id = ${applicantId} and listing_id = ${jobs[0]!}`,
          );
          assert.equal((await applyTo(jobs[2]!)).statusCode, 201);
        });
      });
    });

    describe('emails, and what follows a commit', () => {
      let bare: FastifyInstance;
      const mailed: string[] = [];
      let isMailDown = false;
      let isEventsDown = false;
      let poster: { id: number; token: string };
      let worker: { id: number; token: string };

      /** The routes alone, as the server mounts them, with a mail service and an event publisher that can fail. */
      before(async () => {
        const sessions = await SessionService.open(db());
        const recordingMail = (kind: keyof DealMail) => (_tx: Database, id: number) => {
          if (isMailDown) return Promise.reject(new Error('mail queue unreachable'));
          mailed.push(`${kind} ${id}`);
          return Promise.resolve();
        };
        const dealMail: DealMail = {
          applicationReceived: recordingMail('applicationReceived'),
          applicationDecided: recordingMail('applicationDecided'),
          messageSent: recordingMail('messageSent'),
          workDone: recordingMail('workDone'),
          reviewsPublished: recordingMail('reviewsPublished'),
        };
        const stored = databaseEventPublisher();
        const userEventPublisher: UserEventPublisher = {
          publish: (tx, userIds, type, data) =>
            isEventsDown ? Promise.reject(new Error('database busy')) : stored.publish(tx, userIds, type, data),
        };
        bare = Fastify();
        bare.setValidatorCompiler(validatorCompiler);
        bare.setSerializerCompiler(serializerCompiler);
        bare.decorateRequest('user', null);
        await bare.register(errorsPlugin);
        await bare.register(rateLimit, { global: false });
        await bare.register(docsPlugin);
        await bare.register(dealRoutes, {
          prefix: '/api/v1',
          db: db(),
          sessions,
          userEventPublisher,
          dealMail,
          writeRateLimit: 1000,
          applicationRateLimit: 1000,
          messageRateLimit: 1000,
          conversationDailyLimit: 1000,
          hireOfferHours: 72,
        });
        await bare.ready();
        const member = async (email: string) => {
          const [row] = await db().insert(users).values({ email, name: email, ageConfirmedAt: new Date() }).returning({ id: users.id });
          return { id: row!.id, token: await sessions.issue(row!.id) };
        };
        poster = await member('deal-mail-poster@example.com');
        worker = await member('deal-mail-worker@example.com');
      });
      after(() => bare.close());

      const bareCall = (method: Method, url: string, token: string, payload?: object) =>
        bare.inject({ method, url: `/api/v1${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
      const newListing = async () => {
        const [row] = await db()
          .insert(listings)
          .values({
            publisherId: poster.id,
            title: 'Mail test',
            description: 'x',
            category: 'other',
            amount: 100,
            contactPersonName: 'P',
            phone: '0541234567',
            city: 'Haifa',
          })
          .returning({ id: listings.id });
        return row!.id;
      };

      it('asks for each email of the deal at its moment: received, each later message, offered, accepted, done, declined', async () => {
        mailed.length = 0;
        const application = (await bareCall('POST', `/jobs/${await newListing()}/applications`, worker.token, { message: 'Hello' })).json()
          .application;
        const message = (
          await bareCall('POST', `/conversations/${application.conversationId}/messages`, poster.token, { text: 'Welcome' })
        ).json().message;
        await bareCall('PATCH', `/applications/${application.id}`, poster.token, { status: 'offered' });
        await bareCall('PATCH', `/applications/${application.id}`, worker.token, { status: 'hired' });
        await bareCall('PATCH', `/applications/${application.id}`, poster.token, { status: 'done' });
        const declined = (await bareCall('POST', `/jobs/${await newListing()}/applications`, worker.token, { message: 'Hello' })).json()
          .application;
        await bareCall('PATCH', `/applications/${declined.id}`, poster.token, { status: 'declined' });
        assert.deepEqual(mailed, [
          `applicationReceived ${application.id}`,
          `messageSent ${message.id}`,
          `applicationDecided ${application.id}`,
          `applicationDecided ${application.id}`,
          `workDone ${application.id}`,
          `applicationReceived ${declined.id}`,
          `applicationDecided ${declined.id}`,
        ]);
      });

      it('stores nothing when the email cannot be queued or the event cannot be stored: an error answer, safe to send again', async () => {
        const listingIdOf = await newListing();
        const stored = () => count(sql`select count(*)::int as n from applications where listing_id = ${listingIdOf}`);
        for (const down of ['mail', 'events'] as const) {
          isMailDown = down === 'mail';
          isEventsDown = down === 'events';
          try {
            const refused = await bareCall('POST', `/jobs/${listingIdOf}/applications`, worker.token, { message: 'Hello' });
            assert.equal(refused.statusCode, 500, `${down} down: the write fails with it`);
            assert.equal(await stored(), 0, `${down} down: no application, conversation or message is left behind`);
          } finally {
            isMailDown = false;
            isEventsDown = false;
          }
        }
        const applying = await bareCall('POST', `/jobs/${listingIdOf}/applications`, worker.token, { message: 'Hello' });
        assert.equal(applying.statusCode, 201, 'sent again, it is taken');
        const { application } = applying.json();
        const events = await count(
          sql`select count(*)::int as n from user_events where data->'application'->>'id' = ${String(application.id)}`,
        );
        assert.equal(events, 2, 'its events are stored with it, one per party');

        const messagesBefore = await count(
          sql`select count(*)::int as n from messages where conversation_id = ${application.conversationId}`,
        );
        isEventsDown = true;
        try {
          assert.equal(
            (await bareCall('POST', `/conversations/${application.conversationId}/messages`, poster.token, { text: 'Hi' })).statusCode,
            500,
          );
          assert.equal((await bareCall('PATCH', `/applications/${application.id}`, poster.token, { status: 'offered' })).statusCode, 500);
        } finally {
          isEventsDown = false;
        }
        assert.equal(
          await count(sql`select count(*)::int as n from messages where conversation_id = ${application.conversationId}`),
          messagesBefore,
          'neither the message nor the move’s note',
        );
        const [row] = await db().select({ status: applications.status }).from(applications).where(eq(applications.id, application.id));
        assert.equal(row!.status, 'sent', 'the move is undone with its event');
      });
    });
  });
}
