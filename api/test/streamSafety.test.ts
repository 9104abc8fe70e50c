// The live stream's three promises of docs/deal.md ("Hidden content", "Replay bounds", "Sessions and streams"):
// what a moderator hid is never sent, a reconnect replays a bounded amount and then says `resync`, and a stream
// ends with its session, on every API process. Every wait is bounded; what must not arrive is shown absent by a
// marker event sent after it, which arrives behind anything sent before it.
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { eq, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { openDatabase, rowsOf, type DatabaseHandle } from '../src/db/client.js';
import { applications, conversations, eventTickets, listings, messages, reviews } from '../src/db/schema.js';
import { databaseEventPublisher } from '../src/plugins/deal/userEvents.js';
import { SessionService } from '../src/plugins/auth/sessions.js';
import { DEFAULT_STREAM_REPLAY_MAX, EventStreams, REPLAY_MAX_BYTES, replayQuery } from '../src/plugins/userEvents/eventStreams.js';
import { listenerApplicationName } from '../src/plugins/userEvents/notificationListener.js';
import {
  EventStreamReader,
  idsOf,
  listeningServer,
  sessionIdOf,
  userIdOf,
  within,
  type ListeningServer,
  type StreamEvent,
} from './liveStreams.js';
import { scansOf } from './queryPlans.js';
import { configRefusal, emptyDatabase, signIn, testDatabases } from './testServer.js';

const MODERATOR = 'moderator@example.com';
/** What these servers run with: a moderator, who signs in through the local provider. */
const SERVER_ENV = { ADMIN_EMAILS: MODERATOR, DEV_IDP: 'on' };

interface Member {
  id: number;
  token: string;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const publisher = databaseEventPublisher();

async function maxEventId(handle: DatabaseHandle, userId?: number): Promise<number> {
  const [row] = rowsOf<{ id: string | number }>(
    await handle.db.execute(
      userId === undefined
        ? sql`select coalesce(max(id), 0) as id from user_events`
        : sql`select coalesce(max(id), 0) as id from user_events where user_id = ${userId}`,
    ),
  );
  return Number(row?.id ?? 0);
}

/**
 * `count` rows of `user_events` for `userId` in one statement (`data`, and `message_id` if given, from the
 * series' `n`), their ids oldest first.
 */
async function storeEvents(
  handle: DatabaseHandle,
  userId: number,
  count: number,
  type: string,
  data: SQL,
  messageId: SQL = sql`null`,
): Promise<number[]> {
  return rowsOf<{ id: string | number }>(
    await handle.db.execute(sql`
      insert into user_events (user_id, type, data, message_id)
      select ${userId}, ${type}, ${data}, ${messageId} from generate_series(1, ${count}) as series(n)
      returning id`),
  )
    .map((row) => Number(row.id))
    .sort((a, b) => a - b);
}

/** Markers' unread totals start here: no member of these tests has that many unread messages. */
const FIRST_MARKER = 1_000_000;
let markers = 0;
const isAnyMarker = (event: StreamEvent) =>
  event.event === 'unread' && Number((event.data as { unreadTotal?: unknown }).unreadTotal) >= FIRST_MARKER;

/**
 * Publishes a marker (an `unread` event of its own total) to `member` and waits until `reader` has it: anything
 * sent before it has arrived by then. Answers the events that came after `since` events and before the marker,
 * markers left out (a member's other streams hear them too).
 */
async function untilMarker(handle: DatabaseHandle, reader: EventStreamReader, member: Member, since = 0): Promise<StreamEvent[]> {
  markers += 1;
  const unreadTotal = FIRST_MARKER + markers;
  const isMarker = (event: StreamEvent) =>
    event.event === 'unread' && (event.data as { unreadTotal?: unknown }).unreadTotal === unreadTotal;
  await publisher.publish(handle.db, [member.id], 'unread', { unreadTotal });
  await reader.until(() => reader.events.some(isMarker), 'the marker');
  return reader.events.slice(since, reader.events.findIndex(isMarker)).filter((event) => !isAnyMarker(event));
}

/** Waits until the stream has ended (the server closed it), within WAIT_MS (a bound, docs/deal.md). */
const untilEnded = (reader: EventStreamReader, what: string) => reader.until(() => reader.isEnded, what);

/** The messages and reviews among `events`: [type, the message's or review's id]. */
const contentOf = (events: StreamEvent[]) =>
  events
    .filter((event) => event.event === 'message' || event.event === 'review')
    .map((event) => {
      const data = event.data as { message?: { id: number }; review?: { id: number } };
      return [event.event, (data.message ?? data.review)?.id];
    });

/** A listing of `poster`'s, `applicant`'s application and their conversation, as the deal's routes leave them. */
async function conversationOf(
  handle: DatabaseHandle,
  poster: Member,
  applicant: Member,
): Promise<{ conversationId: number; applicationId: number }> {
  const { db } = handle;
  const [listing] = await db
    .insert(listings)
    .values({
      publisherId: poster.id,
      offerType: 'job',
      title: 'Help moving a sofa',
      description: 'Third floor, no lift.',
      category: 'homeServices',
      amount: 200,
      contactPersonName: 'Omer',
      phone: '0501234567',
      city: 'Haifa',
    })
    .returning({ id: listings.id });
  const [application] = await db
    .insert(applications)
    .values({ listingId: listing!.id, applicantId: applicant.id, status: 'done', message: 'I can help on Sunday.', doneAt: new Date() })
    .returning({ id: applications.id });
  const [conversation] = await db
    .insert(conversations)
    .values({ applicationId: application!.id, listingId: listing!.id, posterId: poster.id, applicantId: applicant.id })
    .returning({ id: conversations.id });
  return { conversationId: conversation!.id, applicationId: application!.id };
}

/** A message stored in the conversation and published to both sides by the deal's own publisher: its id. */
async function sentMessage(handle: DatabaseHandle, conversationId: number, author: Member, to: Member, text: string): Promise<number> {
  const [message] = await handle.db.insert(messages).values({ conversationId, authorId: author.id, text }).returning();
  await publisher.publish(handle.db, [author.id, to.id], 'message', {
    conversationId,
    message: { id: message!.id, authorId: author.id, text, createdAt: message!.createdAt.toISOString(), kind: 'user' },
  });
  return message!.id;
}

/** Stands in for the stream's `ServerResponse` in EventStreams.attach: keeps what is written. */
class WrittenResponse extends EventEmitter {
  readonly written: string[] = [];
  destroyed = false;
  writableEnded = false;
  writableLength = 0;
  write(text: string): boolean {
    this.written.push(text);
    return true;
  }
  end(): void {
    this.writableEnded = true;
  }
  destroy(): void {
    this.destroyed = true;
  }
}

for (const database of testDatabases()) {
  describe(`the live stream keeps hidden content, its bounds and its sessions on ${database.name}`, () => {
    let handle: DatabaseHandle;
    let server: ListeningServer;
    let moderator: string;
    let memberCount = 0;
    const readers: EventStreamReader[] = [];
    const open = async (query: string, headers: Record<string, string> = {}) => {
      const reader = await EventStreamReader.open(`${server.url}/me/events${query}`, headers);
      readers.push(reader);
      return reader;
    };
    const call = (method: 'GET' | 'POST', url: string, token: string) =>
      server.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token) });
    const ticketOf = async (token: string) => {
      const answer = await call('POST', '/me/events/ticket', token);
      assert.equal(answer.statusCode, 200, answer.body);
      return answer.json<{ ticket: string }>().ticket;
    };
    /** A member of the test's own (a fresh session each call with the same email). */
    const member = async (email = `member-${(memberCount += 1)}@example.com`, name = 'Dana Cohen'): Promise<Member> => {
      const token = await signIn(server.app, email, name);
      return { token, id: await userIdOf(handle, email) };
    };

    before(async () => {
      handle = await database.open();
      await emptyDatabase(handle);
      server = await listeningServer(handle, SERVER_ENV);
      moderator = await signIn(server.app, MODERATOR, 'Maya Moderator');
    });
    after(async () => {
      for (const reader of readers) reader.close();
      await within(server.close(), 'the server’s close');
      await handle.close();
    });

    test('a hidden message and a hidden review are not replayed; restored, they are again, and nothing is sent anew', async () => {
      const dana = await member();
      const omer = await member(undefined, 'Omer Levi');
      const { conversationId, applicationId } = await conversationOf(handle, omer, dana);
      const since = await maxEventId(handle, dana.id);
      const shown = await sentMessage(handle, conversationId, omer, dana, 'Is Sunday at ten fine?');
      const hidden = await sentMessage(handle, conversationId, omer, dana, 'The words a moderator hides');
      const hiddenEarlier = await sentMessage(handle, conversationId, omer, dana, 'Words hidden before this server started');
      const [review] = await handle.db
        .insert(reviews)
        .values({
          applicationId,
          authorId: omer.id,
          subjectId: dana.id,
          role: 'worker',
          rating: 1,
          text: 'The review a moderator hides',
          publishedAt: new Date(),
        })
        .returning();
      await publisher.publish(handle.db, [dana.id], 'review', {
        review: {
          id: review!.id,
          rating: 1,
          text: review!.text,
          createdAt: review!.createdAt.toISOString(),
          published: true,
          applicationId,
        },
      });
      const stored = await handle.db.execute(
        sql`select message_id, review_id from user_events where user_id = ${dana.id} and id > ${since} order by id`,
      );
      assert.deepEqual(
        rowsOf<{ message_id: number | null; review_id: number | null }>(stored).map((row) => [row.message_id, row.review_id]),
        [
          [shown, null],
          [hidden, null],
          [hiddenEarlier, null],
          [null, review!.id],
        ],
        'the publisher names the message or review of each event',
      );

      for (const url of [`/admin/messages/${hidden}/hide`, `/admin/reviews/${review!.id}/hide`])
        assert.equal((await call('POST', url, moderator)).statusCode, 204, url);
      // Hidden long ago: no notice of it in this process's memory, only the replay's own reading of the tables.
      await handle.db
        .update(messages)
        .set({ hiddenAt: new Date(Date.now() - 2 * 24 * 3600 * 1000) })
        .where(eq(messages.id, hiddenEarlier));
      const replayed = await open(`?lastEventId=${since}`, bearer(dana.token));
      assert.equal(replayed.response.status, 200);
      assert.deepEqual(contentOf(await untilMarker(handle, replayed, dana)), [['message', shown]], 'only the message still shown');
      // Over a ticket too, as browsers connect.
      const byTicket = await open(`?ticket=${await ticketOf(dana.token)}&lastEventId=${since}`);
      assert.deepEqual(contentOf(await untilMarker(handle, byTicket, dana)), [['message', shown]]);
      assert.doesNotMatch(JSON.stringify([replayed.events, byTicket.events]), /a moderator hides|hidden before/);
      byTicket.close();

      // Restored: nothing new is stored or sent (the open stream hears only the next marker) ...
      const newestBefore = await maxEventId(handle);
      for (const url of [
        `/admin/messages/${hidden}/restore`,
        `/admin/messages/${hiddenEarlier}/restore`,
        `/admin/reviews/${review!.id}/restore`,
      ]) {
        assert.equal((await call('POST', url, moderator)).statusCode, 204, url);
      }
      assert.equal(await maxEventId(handle), newestBefore, 'a restore stores no event');
      const heardBefore = replayed.events.length;
      assert.deepEqual(await untilMarker(handle, replayed, dana, heardBefore), [], 'a restore sends no event');
      replayed.close();
      // ... and the next replay has both again, in their places.
      const again = await open(`?lastEventId=${since}`, bearer(dana.token));
      const restored = await untilMarker(handle, again, dana);
      assert.deepEqual(contentOf(restored), [
        ['message', shown],
        ['message', hidden],
        ['message', hiddenEarlier],
        ['review', review!.id],
      ]);
      assert.match(JSON.stringify(restored), /The words a moderator hides.*Words hidden before.*The review a moderator hides/);
      again.close();
    });

    test('an event held while its stream replays is not written once its message is hidden', async () => {
      const dana = await member();
      const omer = await member(undefined, 'Omer Levi');
      const { conversationId } = await conversationOf(handle, omer, dana);
      const streams = new EventStreams(handle.db, server.app.log);
      try {
        // Opened and not attached yet: what it hears now waits in its backlog, as during a replay's write.
        const { stream, replay } = await streams.open(dana.id, sessionIdOf(dana.token), null);
        const messageId = await sentMessage(handle, conversationId, omer, dana, 'Held, then hidden');
        await publisher.publish(handle.db, [dana.id], 'unread', { unreadTotal: 1 });
        const held = rowsOf<{ id: string | number }>(
          await handle.db.execute(sql`select id from user_events where user_id = ${dana.id} order by id`),
        ).map((row) => Number(row.id));
        streams.heard(JSON.stringify(held.map((id) => [id, dana.id])));
        const bothHeld = async () => {
          while ((stream.backlog?.length ?? 0) < 2) await new Promise((resolve) => setTimeout(resolve, 10));
        };
        await within(bothHeld(), 'both events held');

        // The moderator's notice, as every process hears it on the control channel.
        streams.heardNotice(JSON.stringify({ kind: 'contentHidden', content: 'message', id: messageId }));
        const response = new WrittenResponse();
        // A stand-in for the socket's response: attach uses only what WrittenResponse has.
        streams.attach(stream, response as unknown as ServerResponse, replay);
        const written = response.written.join('');
        assert.match(written, /event: unread\n/, 'the other event held is written');
        assert.doesNotMatch(written, /Held, then hidden/);
      } finally {
        streams.closeAll();
      }
    });

    test(`a replay sends at most STREAM_REPLAY_MAX (${DEFAULT_STREAM_REPLAY_MAX}) events in order, then resync; the next connection starts after it`, async () => {
      const away = await member();
      const waiting = await storeEvents(
        handle,
        away.id,
        DEFAULT_STREAM_REPLAY_MAX + 50,
        'unread',
        sql`jsonb_build_object('unreadTotal', series.n)`,
      );
      const reader = await open('?lastEventId=0', bearer(away.token));
      const isResync = (event: StreamEvent) => event.event === 'resync';
      await reader.until(() => reader.events.some(isResync), 'the resync');
      const replayed = reader.events.slice(0, reader.events.findIndex(isResync));
      assert.deepEqual(idsOf(replayed), waiting.slice(0, DEFAULT_STREAM_REPLAY_MAX), 'the oldest, whole and in order');
      const resync = reader.events[replayed.length]!;
      assert.deepEqual(resync, { id: waiting.at(-1), event: 'resync', data: {}, bytes: resync.bytes }, 'at the newest event');
      // Live after it, from the next event on.
      const live = await untilMarker(handle, reader, away, replayed.length + 1);
      assert.deepEqual(live, [], 'nothing between the resync and what comes next');
      reader.close();

      // The browser stores the resync's id: its next connection replays nothing of the backlog again.
      const next = await open('', { ...bearer(away.token), 'last-event-id': String(resync.id) });
      assert.deepEqual(await untilMarker(handle, next, away), []);
      next.close();
    });

    test('a replay stops before REPLAY_MAX_BYTES (128 kB), then resync', async () => {
      const away = await member();
      // About 2 kB an event: 80 of them are 160 kB, under STREAM_REPLAY_MAX in number.
      const waiting = await storeEvents(
        handle,
        away.id,
        80,
        'message',
        sql`jsonb_build_object('conversationId', 1, 'message', jsonb_build_object('id', series.n, 'authorId', 1, 'text', repeat('ש', 950), 'createdAt', '2025-05-01T10:00:00.000Z', 'kind', 'user'))`,
      );
      const reader = await open('?lastEventId=0', bearer(away.token));
      await reader.until(() => reader.events.some((event) => event.event === 'resync'), 'the resync');
      const replayed = reader.events.slice(
        0,
        reader.events.findIndex((event) => event.event === 'resync'),
      );
      assert.ok(replayed.length > 0 && replayed.length < waiting.length, `${replayed.length} of ${waiting.length} replayed`);
      assert.deepEqual(idsOf(replayed), waiting.slice(0, replayed.length), 'the oldest, whole and in order');
      const bytes = replayed.reduce((sum, event) => sum + event.bytes, 0);
      const [nextData] = rowsOf<{ data: string }>(
        await handle.db.execute(sql`select data::text as data from user_events where id = ${waiting[replayed.length]!}`),
      );
      const nextBytes = Buffer.byteLength(`id: ${waiting[replayed.length]}\nevent: message\ndata: ${nextData!.data}\n\n`);
      assert.ok(bytes <= REPLAY_MAX_BYTES && bytes + nextBytes > REPLAY_MAX_BYTES, `${bytes} bytes replayed, the next ${nextBytes}`);
      assert.equal(reader.events[replayed.length]!.id, waiting.at(-1));
      reader.close();
    });

    test('the replay is one query that reads at most STREAM_REPLAY_MAX + 1 events, however many wait', async () => {
      const away = await member();
      const other = await member();
      // Each names a message (none of them stored): the visibility check looks each up.
      const [first] = await storeEvents(
        handle,
        away.id,
        3_000,
        'message',
        sql`jsonb_build_object('conversationId', 1, 'message', jsonb_build_object('id', series.n))`,
        sql`series.n`,
      );
      // Newer than all of them: the member's newest id must not be looked for by walking back through these.
      await storeEvents(handle, other.id, 3_000, 'unread', sql`jsonb_build_object('unreadTotal', series.n)`);
      await handle.db.execute(sql`analyze user_events`);
      const query = new PgDialect().sqlToQuery(
        replayQuery({ userId: away.id, sessionId: sessionIdOf(away.token), afterId: first! - 1, limit: DEFAULT_STREAM_REPLAY_MAX }),
      );
      const { scans, plan } = await scansOf(handle.db, { text: query.sql, params: query.params });
      const eventScans = scans.filter((scan) => scan.node.includes('user_events'));
      assert.ok(eventScans.length > 0, JSON.stringify(plan));
      for (const scan of eventScans) {
        assert.ok(!scan.node.startsWith('Seq Scan'), `${scan.node}: a whole-table scan\n${JSON.stringify(plan)}`);
        assert.ok(scan.rows <= DEFAULT_STREAM_REPLAY_MAX + 1, `${scan.node} read ${scan.rows} rows\n${JSON.stringify(plan)}`);
      }
      for (const scan of scans)
        assert.ok(scan.rows <= DEFAULT_STREAM_REPLAY_MAX + 1, `${scan.node} read ${scan.rows} rows\n${JSON.stringify(plan)}`);
      assert.equal(
        rowsOf(
          await handle.db.execute(
            replayQuery({ userId: away.id, sessionId: sessionIdOf(away.token), afterId: first! - 1, limit: DEFAULT_STREAM_REPLAY_MAX }),
          ),
        ).length,
        DEFAULT_STREAM_REPLAY_MAX + 1,
      );
    });

    test('a ticket is bound to the session that asked for it, and refused once that session ends', async () => {
      const dana = await member();
      const ticket = await ticketOf(dana.token);
      const [stored] = await handle.db
        .select({ sessionId: eventTickets.sessionId })
        .from(eventTickets)
        .where(eq(eventTickets.userId, dana.id));
      assert.equal(stored?.sessionId, sessionIdOf(dana.token));
      assert.equal((await call('POST', '/auth/logout', dana.token)).statusCode, 204);
      const refused = await fetch(`${server.url}/me/events?ticket=${ticket}`);
      assert.equal(refused.status, 401);
      assert.deepEqual(await refused.json(), { statusCode: 401, messageKey: 'unauthorized' });
      assert.equal((await fetch(`${server.url}/me/events`, { headers: bearer(dana.token) })).status, 401);
      assert.equal((await call('POST', '/me/events/ticket', dana.token)).statusCode, 401);
    });

    test('logout ends that session’s open streams, and not the member’s other sessions’', async () => {
      const email = `two-sessions-${Date.now()}@example.com`;
      const phone = await member(email);
      const laptop = await member(email);
      assert.equal(phone.id, laptop.id);
      const phoneStream = await open(`?ticket=${await ticketOf(phone.token)}`);
      const laptopStream = await open('', bearer(laptop.token));
      await untilMarker(handle, phoneStream, phone);
      assert.equal((await call('POST', '/auth/logout', phone.token)).statusCode, 204);
      await untilEnded(phoneStream, 'the logged-out session’s stream ended');
      assert.deepEqual(await untilMarker(handle, laptopStream, laptop), [], 'the other session’s stream goes on');
      laptopStream.close();
    });

    test('a revoked session’s streams end, and a moderator’s block ends every stream of the member', async () => {
      const sessions = await SessionService.open(handle.db);
      const email = `revoked-${Date.now()}@example.com`;
      const first = await member(email);
      const second = await member(email);
      const revokedStream = await open('', bearer(first.token));
      const others = [await open(`?ticket=${await ticketOf(second.token)}`), await open('', bearer(second.token))];
      await sessions.revoke(sessionIdOf(first.token));
      await untilEnded(revokedStream, 'the revoked session’s stream ended');
      for (const reader of others) await untilMarker(handle, reader, second);

      const ticket = await ticketOf(second.token);
      const blocked = await call('POST', `/admin/users/${second.id}/block`, moderator);
      assert.equal(blocked.statusCode, 200, blocked.body);
      for (const reader of others) await untilEnded(reader, 'the blocked member’s stream ended');
      assert.equal((await fetch(`${server.url}/me/events?ticket=${ticket}`)).status, 401, 'a ticket of before the block');
    });
  });
}

describe('STREAM_REPLAY_MAX', () => {
  test('is checked at start like every setting, and bounds the replay of the server it is given to', async () => {
    for (const wrong of ['ten', '0', '10001', '2.5'])
      assert.match(configRefusal({ STREAM_REPLAY_MAX: wrong }) ?? 'started', /STREAM_REPLAY_MAX=/, wrong);
    assert.equal(configRefusal({ STREAM_REPLAY_MAX: '10000' }), null);

    const handle = await openDatabase({ pgliteDir: 'memory' });
    const server = await listeningServer(handle, { STREAM_REPLAY_MAX: '3' });
    try {
      const token = await signIn(server.app, 'bounded@example.com', 'Dana Cohen');
      const waiting = await storeEvents(
        handle,
        await userIdOf(handle, 'bounded@example.com'),
        5,
        'unread',
        sql`jsonb_build_object('unreadTotal', series.n)`,
      );
      const reader = await EventStreamReader.open(`${server.url}/me/events?lastEventId=0`, bearer(token));
      try {
        await reader.until(() => reader.events.some((event) => event.event === 'resync'), 'the resync');
        assert.deepEqual(
          reader.events.map((event) => [event.id, event.event]),
          [...waiting.slice(0, 3).map((id) => [id, 'unread']), [waiting.at(-1), 'resync']],
        );
      } finally {
        reader.close();
      }
    } finally {
      await within(server.close(), 'the server’s close');
      await handle.close();
    }
  });
});

const postgresUrl = process.env.DATABASE_URL;
describe(
  'streams end with their session on every API process (PostgreSQL)',
  { skip: postgresUrl ? false : 'DATABASE_URL is not set' },
  () => {
    let handleA: DatabaseHandle;
    let handleB: DatabaseHandle;
    let serverA: ListeningServer;
    let serverB: ListeningServer;
    let moderator: string;
    let memberCount = 0;
    const readers: EventStreamReader[] = [];
    const openOn = async (server: ListeningServer, token: string) => {
      const reader = await EventStreamReader.open(`${server.url}/me/events`, bearer(token));
      readers.push(reader);
      assert.equal(reader.response.status, 200);
      return reader;
    };
    const member = async (): Promise<Member> => {
      const email = `across-${(memberCount += 1)}@example.com`;
      const token = await signIn(serverA.app, email, 'Dana Cohen');
      return { token, id: await userIdOf(handleA, email) };
    };

    before(async () => {
      // Two servers, each with its own pool and listening connection, as two API processes would have.
      handleA = await openDatabase({ databaseUrl: postgresUrl!, pgliteDir: 'memory' });
      handleB = await openDatabase({ databaseUrl: postgresUrl!, pgliteDir: 'memory' });
      await emptyDatabase(handleA);
      serverA = await listeningServer(handleA, SERVER_ENV);
      serverB = await listeningServer(handleB, SERVER_ENV);
      moderator = await signIn(serverA.app, MODERATOR, 'Maya Moderator');
    });
    after(async () => {
      for (const reader of readers) reader.close();
      await within(Promise.all([serverA.close(), serverB.close()]), 'the servers’ close');
      await Promise.all([handleA.close(), handleB.close()]);
    });

    test('a logout through one server ends the stream the other holds', async () => {
      const dana = await member();
      const reader = await openOn(serverB, dana.token);
      await untilMarker(handleA, reader, dana);
      assert.equal((await serverA.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(dana.token) })).statusCode, 204);
      await untilEnded(reader, 'the stream on the other server ended');
    });

    test('a moderator’s block through one server ends the member’s streams on both', async () => {
      const dana = await member();
      const onA = await openOn(serverA, dana.token);
      const onB = await openOn(serverB, dana.token);
      for (const reader of [onA, onB]) await untilMarker(handleA, reader, dana);
      const blocked = await serverA.app.inject({ method: 'POST', url: `/api/v1/admin/users/${dana.id}/block`, headers: bearer(moderator) });
      assert.equal(blocked.statusCode, 200, blocked.body);
      await untilEnded(onA, 'the stream on the same server ended');
      await untilEnded(onB, 'the stream on the other server ended');
    });

    test(
      'a stream that missed more than a replay while the listener was away is ended, to reconnect to a bounded replay',
      { timeout: 30_000 },
      async () => {
        const dana = await member();
        const reader = await openOn(serverB, dana.token);
        await untilMarker(handleA, reader, dana);
        const heard = reader.events.length;
        // Stored without a notification, as while nobody listened: only the catch-up after listening again finds them.
        await storeEvents(handleA, dana.id, DEFAULT_STREAM_REPLAY_MAX + 1, 'unread', sql`jsonb_build_object('unreadTotal', series.n)`);
        await handleA.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${listenerApplicationName()}`,
        );
        await reader.until(() => reader.isEnded, 'the stream ended once the listener was back', 20_000);
        assert.equal(reader.events.length, heard, 'none of the missed events written: the reconnection replays them, bounded');
      },
    );

    test('a session whose notice was lost ends its stream once the listener is back', { timeout: 30_000 }, async () => {
      const dana = await member();
      const reader = await openOn(serverB, dana.token);
      await untilMarker(handleA, reader, dana);
      // Revoked with no notice at all, as if it had been sent while nobody listened: the stream goes on ...
      await handleA.db.execute(sql`update sessions set revoked_at = now() where id = ${sessionIdOf(dana.token)}`);
      await untilMarker(handleA, reader, dana, reader.events.length);
      // ... until the listening connection comes back and checks the open streams' sessions.
      await handleA.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${listenerApplicationName()}`,
      );
      await reader.until(() => reader.isEnded, 'the stream ended once the listener was back', 20_000);
    });
  },
);
