import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, rowsOf, type DatabaseHandle } from '../src/db/client.js';
import { eventTickets } from '../src/db/schema.js';
import { databaseEventPublisher, type UserEventPublisher } from '../src/plugins/deal/userEvents.js';
import { sweepUserEvents } from '../src/plugins/userEvents/userEvents.routes.js';
import { listenerApplicationName } from '../src/plugins/userEvents/notificationListener.js';
import { MAX_STREAMS_PER_USER } from '../src/plugins/userEvents/eventStreams.js';
import { EventStreamReader, idsOf, listeningServer, publishUnread, settle, userIdOf, within, type ListeningServer } from './liveStreams.js';
import { emptyDatabase, signIn, testDatabases } from './testServer.js';

/** The bound of a wait these tests expect to end: far past what a busy machine takes, reached only by a failure. */
const BOUND_MS = 20_000;

for (const database of testDatabases()) {
  describe(`the live event stream on ${database.name}`, () => {
    let handle: DatabaseHandle;
    let server: ListeningServer;
    let publisher: UserEventPublisher;
    let dana: { token: string; id: number };
    let omer: { token: string; id: number };
    let minor: string;
    const readers: EventStreamReader[] = [];
    const open = async (query = '', headers: Record<string, string> = {}) => {
      const reader = await EventStreamReader.open(`${server.url}/me/events${query}`, headers);
      readers.push(reader);
      return reader;
    };
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    const ticketOf = async (token: string) => {
      const answer = await fetch(`${server.url}/me/events/ticket`, { method: 'POST', headers: bearer(token) });
      assert.equal(answer.status, 200, await answer.clone().text());
      return ((await answer.json()) as { ticket: string }).ticket;
    };

    before(async () => {
      handle = await database.open();
      await emptyDatabase(handle);
      server = await listeningServer(handle);
      publisher = databaseEventPublisher();
      dana = { token: await signIn(server.app, 'dana@example.com', 'Dana Cohen'), id: await userIdOf(handle, 'dana@example.com') };
      omer = { token: await signIn(server.app, 'omer@example.com', 'Omer Levi'), id: await userIdOf(handle, 'omer@example.com') };
      minor = await signIn(server.app, 'minor@example.com', 'Noa', { confirmAge: false });
    });
    after(async () => {
      for (const reader of readers) reader.close();
      await within(server.close(), 'the server’s close');
      await handle.close();
    });

    test('refuses without a session or a ticket, in the one error shape, before any stream', async () => {
      for (const [query, headers] of [
        ['', {}],
        ['?ticket=nothing-we-issued', {}],
        [`?ticket=${'A'.repeat(43)}`, {}],
        ['', { authorization: 'Bearer x.y.z' }],
      ] as const) {
        const answer = await fetch(`${server.url}/me/events${query}`, { headers });
        assert.equal(answer.status, 401, query);
        assert.match(answer.headers.get('content-type') ?? '', /^application\/json/);
        assert.deepEqual(await answer.json(), { statusCode: 401, messageKey: 'unauthorized' });
      }
      const tooYoung = await fetch(`${server.url}/me/events`, { headers: bearer(minor) });
      assert.equal(tooYoung.status, 403);
      assert.equal(((await tooYoung.json()) as { messageKey: string }).messageKey, 'ageConfirmationRequired');
      const badId = await fetch(`${server.url}/me/events?lastEventId=-1`, { headers: bearer(dana.token) });
      assert.equal(badId.status, 400);
      // No HEAD: it would hold a stream with nowhere to write.
      assert.equal((await fetch(`${server.url}/me/events`, { method: 'HEAD', headers: bearer(dana.token) })).status, 404);
    });

    test('a ticket: only for a signed-in adult, stored as a hash, good once', async () => {
      assert.equal((await fetch(`${server.url}/me/events/ticket`, { method: 'POST' })).status, 401);
      assert.equal((await fetch(`${server.url}/me/events/ticket`, { method: 'POST', headers: bearer(minor) })).status, 403);
      const asked = Date.now();
      const ticket = await ticketOf(dana.token);
      const answered = Date.now();
      assert.match(ticket, /^[A-Za-z0-9_-]{43}$/);
      const stored = await handle.db.select().from(eventTickets).where(eq(eventTickets.userId, dana.id));
      assert.equal(stored.length, 1);
      assert.notEqual(stored[0]!.ticketHash, ticket, 'only the hash is kept');
      // Valid a minute from when it was issued, between the request and its answer (however long those took).
      const issuedAt = stored[0]!.expiresAt.getTime() - 60_000;
      assert.ok(issuedAt >= asked && issuedAt <= answered, `valid a minute (issued at ${issuedAt}, asked ${asked}, answered ${answered})`);

      const first = await open(`?ticket=${ticket}`);
      assert.equal(first.response.status, 200);
      assert.match(first.response.headers.get('content-type') ?? '', /^text\/event-stream/);
      const again = await fetch(`${server.url}/me/events?ticket=${ticket}`);
      assert.equal(again.status, 401, 'a ticket opens one stream');
      first.close();

      // Two requests racing with one ticket: exactly one stream.
      const raced = await ticketOf(dana.token);
      const both = await Promise.all([open(`?ticket=${raced}`), open(`?ticket=${raced}`)]);
      assert.deepEqual(both.map((reader) => reader.response.status).sort(), [200, 401]);
      for (const reader of both) reader.close();
    });

    test('an expired ticket opens nothing, and the sweep deletes it', async () => {
      const ticket = await ticketOf(omer.token);
      await handle.db
        .update(eventTickets)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(eventTickets.userId, omer.id));
      const answer = await fetch(`${server.url}/me/events?ticket=${ticket}`);
      assert.equal(answer.status, 401);
      await sweepUserEvents(handle.db);
      assert.deepEqual(await handle.db.select().from(eventTickets).where(eq(eventTickets.userId, omer.id)), []);
    });

    test('events reach the stream live, uncompressed, each with its id, type and data', async () => {
      const reader = await open('', { ...bearer(dana.token), 'accept-encoding': 'gzip, br' });
      assert.equal(reader.response.status, 200);
      assert.equal(reader.response.headers.get('content-encoding'), null, 'not compressed (compression would hold events back)');
      assert.equal(reader.response.headers.get('cache-control'), 'no-store');
      assert.equal(reader.response.headers.get('x-content-type-options'), 'nosniff', 'the security headers are kept');
      await reader.until(() => reader.retry !== null, 'the retry hint');
      const message = {
        id: 7,
        authorId: omer.id,
        text: 'Hi, is the sofa still there?',
        createdAt: new Date().toISOString(),
        kind: 'user' as const,
      };
      await publisher.publish(handle.db, [dana.id, omer.id], 'message', { conversationId: 3, message });
      const [event] = await reader.untilEvents(1);
      assert.equal(event!.event, 'message');
      assert.deepEqual(event!.data, { conversationId: 3, message });
      const [stored] = rowsOf<{ id: string | number }>(
        await handle.db.execute(sql`select max(id) as id from user_events where user_id = ${dana.id}`),
      );
      assert.equal(event!.id, Number(stored!.id), 'the id is the row’s');
      reader.close();
    });

    test('a stream hears only its own user’s events, each once, however many at once', async () => {
      const danas = await open('', bearer(dana.token));
      const omers = await open('', bearer(omer.token));
      await danas.until(() => danas.retry !== null, 'Dana’s stream open');
      await omers.until(() => omers.retry !== null, 'Omer’s stream open');
      const forOmer = await publishUnread(handle, publisher, [omer.id], [1, 2]);
      // Forty at once, on as many connections as the pool has: notifications arrive in bursts and in any order.
      const totals = Array.from({ length: 40 }, (_, index) => index + 1);
      await Promise.all(totals.map((unreadTotal) => publisher.publish(handle.db, [dana.id], 'unread', { unreadTotal })));
      const forDana = rowsOf<{ id: string | number }>(
        await handle.db.execute(sql`select id from user_events where user_id = ${dana.id} and id > ${forOmer.at(-1)!} order by id`),
      ).map((row) => Number(row.id));
      assert.equal(forDana.length, 40);
      await danas.untilEvents(forDana.length);
      await omers.untilEvents(forOmer.length);
      // A barrier rather than a sleep: one more event each, published once all of the above had committed. The
      // server reads what notifications name one read after another, in the order heard, so whatever those
      // would still write (a repeat, a row of the other user) is on the stream before these.
      const [danasLast] = await publishUnread(handle, publisher, [dana.id], [41]);
      const [omersLast] = await publishUnread(handle, publisher, [omer.id], [3]);
      await danas.until(() => idsOf(danas.events).includes(danasLast!), 'Dana’s last event', BOUND_MS);
      await omers.until(() => idsOf(omers.events).includes(omersLast!), 'Omer’s last event', BOUND_MS);
      // Each once. Not always in id order: on PostgreSQL, of two publishes on two connections the later id
      // may commit (and be heard) first; it is written first, and the earlier one when it commits.
      assert.equal(danas.events.length, forDana.length + 1, 'none twice');
      assert.deepEqual(
        idsOf(danas.events).sort((a, b) => a - b),
        [...forDana, danasLast],
        'all of Dana’s',
      );
      assert.deepEqual(idsOf(omers.events), [...forOmer, omersLast], 'only Omer’s');
      danas.close();
      omers.close();
    });

    test('replays the events after Last-Event-ID, or after ?lastEventId=, then goes on live without repeating one', async () => {
      const ids = await publishUnread(handle, publisher, [omer.id], [10, 11, 12]);
      // Everything after the first: what each reconnect below must replay, before what comes live.
      const afterFirst = ids.slice(1);
      for (const [query, headers] of [
        ['', { ...bearer(omer.token), 'last-event-id': String(ids[0]) }],
        [`?lastEventId=${ids[0]}`, bearer(omer.token)],
        [`?ticket=${await ticketOf(omer.token)}&lastEventId=${ids[0]}`, {}],
      ] as const) {
        const reader = await open(query, headers);
        assert.equal(reader.response.status, 200);
        await reader.untilEvents(afterFirst.length);
        assert.deepEqual(
          reader.events.slice(0, 2).map((event) => event.data),
          [{ unreadTotal: 11 }, { unreadTotal: 12 }],
        );
        // Two live events: a repeat of a replayed row or of the first would be written before the second.
        const live = await publishUnread(handle, publisher, [omer.id], [13, 14]);
        await reader.untilEvents(afterFirst.length + 2);
        assert.deepEqual(idsOf(reader.events), [...afterFirst, ...live], query || 'Last-Event-ID');
        afterFirst.push(...live);
        reader.close();
      }
      // Without a last id, a stream starts with what happens next; so does one with an id past every row (a
      // browser's stored id, after the database was restored or reset). A replay is written as the stream
      // opens, so anything replayed would come before the next event.
      for (const query of ['', '?lastEventId=999999999999']) {
        const fresh = await open(query, bearer(omer.token));
        await fresh.until(() => fresh.retry !== null, 'the stream open');
        const [next] = await publishUnread(handle, publisher, [omer.id], [15]);
        await fresh.untilEvents(1);
        assert.deepEqual(idsOf(fresh.events), [next], query);
        fresh.close();
      }
    });

    test('a user holds at most MAX_STREAMS_PER_USER streams in one process', async () => {
      // A member of this test's own: the streams other tests closed may not all be gone yet.
      const tabs = await signIn(server.app, 'tabs@example.com', 'Tamar Tabs');
      const held = await Promise.all(Array.from({ length: MAX_STREAMS_PER_USER }, () => open('', bearer(tabs))));
      assert.deepEqual(new Set(held.map((reader) => reader.response.status)), new Set([200]));
      const oneMore = await fetch(`${server.url}/me/events`, { headers: bearer(tabs) });
      assert.equal(oneMore.status, 429);
      assert.equal(((await oneMore.json()) as { messageKey: string }).messageKey, 'rateLimited');
      // Another user is not counted with them; and a stream closed frees its place.
      const danas = await open('', bearer(dana.token));
      assert.equal(danas.response.status, 200);
      danas.close();
      held[0]!.close();
      const freed = async () => {
        for (;;) {
          const again = await open('', bearer(tabs));
          if (again.response.status === 200) return again.close();
          await again.response.body?.cancel();
          await settle(50);
        }
      };
      await within(freed(), 'a place freed', BOUND_MS);
      for (const reader of held) reader.close();
    });

    test('a `: ping` comment comes at the interval, with no event to send', async () => {
      const reader = await open('', bearer(dana.token));
      await reader.until(() => reader.comments.filter((comment) => comment === 'ping').length >= 2, 'two pings');
      assert.deepEqual(reader.events, []);
      reader.close();
    });

    test('the retention sweep deletes events older than 48 hours and keeps the rest', async () => {
      const [old] = await publishUnread(handle, publisher, [dana.id], [99]);
      const [recent] = await publishUnread(handle, publisher, [dana.id], [100]);
      await handle.db.execute(sql`update user_events set created_at = now() - interval '49 hours' where id = ${old!}`);
      await handle.db.execute(sql`update user_events set created_at = now() - interval '47 hours' where id = ${recent!}`);
      await sweepUserEvents(handle.db);
      const left = rowsOf<{ id: string | number }>(
        await handle.db.execute(sql`select id from user_events where id in (${old!}, ${recent!})`),
      ).map((row) => Number(row.id));
      assert.deepEqual(left, [recent]);
    });

    test('closing the server ends its streams instead of waiting for them', async () => {
      const other = await listeningServer(handle);
      const reader = await EventStreamReader.open(`${other.url}/me/events`, bearer(dana.token));
      assert.equal(reader.response.status, 200);
      await reader.until(() => reader.retry !== null, 'the stream open');
      // The reader never lets go: were the stream not ended by the server, the close would wait for it forever.
      await within(other.close(), 'the close', BOUND_MS);
      await reader.until(() => reader.isEnded, 'the stream’s end');
    });
  });
}

const postgresUrl = process.env.DATABASE_URL;
describe('the live event stream across API processes on PostgreSQL', { skip: postgresUrl ? false : 'DATABASE_URL is not set' }, () => {
  let handleA: DatabaseHandle;
  let handleB: DatabaseHandle;
  let serverA: ListeningServer;
  let serverB: ListeningServer;
  let dana: { token: string; id: number };
  const readers: EventStreamReader[] = [];

  before(async () => {
    // Two servers, each with its own pool, as two API processes would have.
    handleA = await openDatabase({ databaseUrl: postgresUrl!, pgliteDir: 'memory' });
    handleB = await openDatabase({ databaseUrl: postgresUrl!, pgliteDir: 'memory' });
    await emptyDatabase(handleA);
    serverA = await listeningServer(handleA);
    serverB = await listeningServer(handleB);
    dana = { token: await signIn(serverA.app, 'dana@example.com', 'Dana Cohen'), id: await userIdOf(handleA, 'dana@example.com') };
  });
  after(async () => {
    for (const reader of readers) reader.close();
    await within(Promise.all([serverA.close(), serverB.close()]), 'the servers’ close');
    await Promise.all([handleA.close(), handleB.close()]);
  });

  /** This process's listening connections, as PostgreSQL sees them. */
  const listeners = async () =>
    rowsOf<{ pid: number }>(
      await handleA.db.execute(sql`select pid from pg_stat_activity where application_name = ${listenerApplicationName()}`),
    ).map((row) => row.pid);

  test('an event stored through one server reaches a stream held by the other', async () => {
    const reader = await EventStreamReader.open(`${serverB.url}/me/events`, { authorization: `Bearer ${dana.token}` });
    readers.push(reader);
    assert.equal(reader.response.status, 200);
    await reader.until(() => reader.retry !== null, 'the stream open');
    const ids = await publishUnread(handleA, databaseEventPublisher(), [dana.id], [1, 2, 3]);
    await reader.untilEvents(3);
    assert.deepEqual(idsOf(reader.events), ids);
  });

  test('a dropped listening connection listens again, and the stream misses nothing', { timeout: 30_000 }, async () => {
    const reader = await EventStreamReader.open(`${serverB.url}/me/events`, { authorization: `Bearer ${dana.token}` });
    readers.push(reader);
    await reader.until(() => reader.retry !== null, 'the stream open');
    const publisher = databaseEventPublisher();
    const before = await publishUnread(handleA, publisher, [dana.id], [1]);
    await reader.untilEvents(1);

    const dropped = await listeners();
    assert.equal(dropped.length, 2, 'one listening connection per server');
    await handleA.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${listenerApplicationName()}`,
    );
    // Stored while nobody listens: no notification reaches anyone, the catch-up must find these.
    const whileAway = await publishUnread(handleA, publisher, [dana.id], [2, 3, 4]);
    const relistening = async () => {
      for (;;) {
        const now = await listeners();
        if (now.length === 2 && now.every((pid) => !dropped.includes(pid))) return;
        await settle(50);
      }
    };
    await within(relistening(), 'both servers listening again', BOUND_MS);
    // Two after: a row written twice (by the catch-up or a notification) before the second shows in the list.
    const after = await publishUnread(handleA, publisher, [dana.id], [5, 6]);
    await reader.untilEvents(6);
    assert.deepEqual(idsOf(reader.events), [...before, ...whileAway, ...after], 'every event once, in order');
  });
});
