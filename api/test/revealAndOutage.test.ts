import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { pgRateLimitStore, RateLimitStoreDown } from '../src/plugins/security/rateLimitStore.js';
import { closeRedis, openRedis } from '../src/plugins/security/redisConnection.js';
import { redisRateLimitStore } from '../src/plugins/security/redisRateLimitStore.js';
import {
  freshClientAddress,
  postListing,
  publishListing,
  redisAnswers,
  signIn,
  testDatabases,
  useServerOn,
  withServer,
} from './testServer.js';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const LIVE_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Nothing listens on port 1 of this machine: a Redis that refuses every connection. */
const DEAD_REDIS_URL = 'redis://127.0.0.1:1';

/**
 * A Redis that hangs once connected, on loopback: it answers the client's handshake (CLIENT SETINFO, then the
 * ready check's INFO), so the client takes it for up, then answers nothing.
 */
async function hungRedis(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const info = '# Server\r\nloading:0\r\n';
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let isHung = false;
    socket.on('data', (chunk) => {
      // Each command is an array whose first element is its name: `*2\r\n$4\r\nPING\r\n…`.
      for (const [, name] of chunk.toString().matchAll(/\*\d+\r\n\$\d+\r\n([A-Za-z]+)\r\n/g)) {
        if (isHung) return;
        if (name?.toLowerCase() === 'info') {
          socket.write(`$${info.length}\r\n${info}\r\n`);
          isHung = true;
        } else socket.write('+OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** An address no earlier run used, for counters that outlive a run (Redis keeps them for the window). */
function unusedAddress(): string {
  return `198.18.${crypto.randomInt(0, 256)}.${crypto.randomInt(1, 255)}`;
}

async function revealStatuses(
  app: FastifyInstance,
  listingId: number,
  requests: Array<{ token?: string; address: string }>,
): Promise<number[]> {
  const statuses: number[] = [];
  for (const { token, address } of requests) {
    const res = await app.inject({ url: `/api/v1/jobs/${listingId}/contact`, headers: token ? auth(token) : {}, remoteAddress: address });
    statuses.push(res.statusCode);
    if (res.statusCode === 429) assert.equal(res.json().messageKey, 'rateLimited');
  }
  return statuses;
}

/** `rounds` turns of every account at "Show phone", one after the other, as a harvester spreads its reveals. */
function takingTurns(tokens: string[], address: string, rounds: number): Array<{ token: string; address: string }> {
  return Array.from({ length: rounds }, () => tokens.map((token) => ({ token, address }))).flat();
}

function signInAll(app: FastifyInstance, prefix: string, count: number): Promise<string[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => signIn(app, `${prefix}-${i + 1}@example.com`)));
}

describe('"Show phone" limit settings', () => {
  it('default to 20 per user, 60 per address across accounts, 5 for an account younger than a day (10 minutes each)', () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/tasko-config-test' });
    assert.equal(config.contactRevealLimit, 20);
    assert.equal(config.contactRevealAddressLimit, 60);
    assert.equal(config.contactRevealNewAccountLimit, 5);
  });
});

/** What the Redis store answers one count: the error it gives the rate limit, if any. */
function countIn(redis: Redis): Promise<Error | null> {
  const Store = redisRateLimitStore(redis, 'tasko-test-');
  return new Promise<Error | null>((resolve) => new Store().child({ groupId: 'test' }).incr('ip:192.0.2.1', resolve, 60_000));
}

describe('rate-limit counters that cannot be reached', () => {
  it('are a 503 `serviceUnavailable` from the PostgreSQL store too, not a 500', async () => {
    const unreachable = { execute: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')) } as unknown as Database;
    const Store = pgRateLimitStore(unreachable);
    const error = await new Promise<Error | null>((resolve) =>
      new Store().child({ groupId: 'test' }).incr('ip:192.0.2.1', (failure) => resolve(failure), 60_000),
    );
    assert.ok(error instanceof RateLimitStoreDown);
    assert.equal(error.statusCode, 503);
    assert.equal(error.messageKey, 'serviceUnavailable');
  });

  // How fast a request fails is not timed here (a busy machine would fail the run): what ended each wait
  // is, from the error the client gave, which names the mechanism.
  it('in a Redis refusing connections: refused by the client at once, never queued until a reconnect', async () => {
    const redis = await openRedis(DEAD_REDIS_URL, Fastify().log);
    try {
      for (const error of [
        await countIn(redis),
        await redis.ping().then(
          () => null,
          (failure: Error) => failure,
        ),
      ]) {
        assert.ok(error, 'no answer from a dead Redis');
        const cause = error instanceof RateLimitStoreDown ? (error.cause as Error) : error;
        // ioredis with an offline queue would hold the command for the next connection attempt instead.
        assert.match(cause.message, /enableOfflineQueue options is false/);
      }
    } finally {
      await closeRedis(redis);
    }
  });

  it('in a Redis that hangs: given up by the 300 ms command timeout, not by the request', async () => {
    const hung = await hungRedis();
    const redis = await openRedis(hung.url, Fastify().log);
    try {
      assert.equal(redis.status, 'ready', 'the handshake was answered');
      assert.equal(redis.options.commandTimeout, 300);
      const error = await countIn(redis);
      assert.ok(error instanceof RateLimitStoreDown);
      assert.equal((error.cause as Error).message, 'Command timed out');
    } finally {
      await closeRedis(redis);
      await hung.close();
    }
  });
});

for (const database of testDatabases()) {
  describe(`"Show phone" across accounts on ${database.name}`, () => {
    let owner: string;
    let listingId: number;
    // Limits small enough for a short test, in the defaults' order: new account (5) < per user < per address.
    const limits = { CONTACT_REVEAL_LIMIT: '8', CONTACT_REVEAL_ADDRESS_LIMIT: '12' };
    const suite = useServerOn(database, limits, async () => {
      owner = await signIn(suite.server.app, 'poster@example.com');
      listingId = await publishListing(suite.server.app, owner);
    });

    it('new accounts behind one address reveal no more than the address cap between them; another address is not held', async () => {
      const { app } = suite.server;
      const harvesters = await signInAll(app, 'harvester', 5);
      const address = freshClientAddress();
      // Before: 5 accounts x 20 = 100 reveals. Now each new account could make 5, but the address stops all at 12.
      const statuses = await revealStatuses(app, listingId, takingTurns(harvesters, address, 3));
      assert.deepEqual(statuses, [...Array<number>(12).fill(200), 429, 429, 429]);
      assert.deepEqual(await revealStatuses(app, listingId, [{ address }]), [429], 'a visitor without an account there is held too');
      const retry = await app.inject({ url: `/api/v1/jobs/${listingId}/contact`, headers: auth(harvesters[0]!), remoteAddress: address });
      assert.ok(Number(retry.headers['retry-after']) > 0, 'says how long to wait');

      const [neighbour] = await signInAll(app, 'neighbour', 1);
      assert.deepEqual(await revealStatuses(app, listingId, [{ token: neighbour!, address: freshClientAddress() }]), [200]);
      assert.deepEqual(
        await revealStatuses(app, listingId, [{ token: harvesters[0]!, address: freshClientAddress() }]),
        [200],
        'an account is held by the address it reveals from',
      );
    });

    it('holds an account younger than a day to 5 reveals, wherever it reveals from', async () => {
      const [fresh] = await signInAll(suite.server.app, 'fresh', 1);
      const statuses = await revealStatuses(
        suite.server.app,
        listingId,
        Array.from({ length: 6 }, () => ({ token: fresh!, address: freshClientAddress() })),
      );
      assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429]);
    });

    it('holds an account older than a day to the per-user limit only', async () => {
      const [settled] = await signInAll(suite.server.app, 'settled', 1);
      await suite.handle.db.execute(sql`update users set created_at = now() - interval '2 days' where email = 'settled-1@example.com'`);
      const address = freshClientAddress();
      const statuses = await revealStatuses(
        suite.server.app,
        listingId,
        Array.from({ length: 9 }, () => ({ token: settled!, address })),
      );
      assert.deepEqual(statuses, [...Array<number>(8).fill(200), 429]);
    });

    it('counts the same in Redis (REDIS_URL)', async (t) => {
      if (!(await redisAnswers(LIVE_REDIS_URL))) {
        t.skip(`no Redis at ${LIVE_REDIS_URL}`);
        return;
      }
      // Counts stay in Redis for the window, after this run: user ids and addresses no earlier run used.
      await suite.handle.db.execute(
        sql`select setval(pg_get_serial_sequence('users', 'id'), ${crypto.randomInt(1_000_000, 2_000_000_000)})`,
      );
      await withServer(suite.handle, { ...limits, REDIS_URL: LIVE_REDIS_URL }, async ({ app }) => {
        const address = unusedAddress();
        const harvesters = await signInAll(app, 'redis-harvester', 5);
        assert.deepEqual(await revealStatuses(app, listingId, takingTurns(harvesters, address, 3)), [
          ...Array<number>(12).fill(200),
          429,
          429,
          429,
        ]);
        const [fresh] = await signInAll(app, 'redis-fresh', 1);
        const statuses = await revealStatuses(
          app,
          listingId,
          Array.from({ length: 6 }, () => ({ token: fresh!, address: unusedAddress() })),
        );
        assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429]);
      });
    });
  });

  describe(`a Redis that is down on ${database.name}`, () => {
    let member: string;
    let listingId: number;
    // Sessions and the listing are made on a server that counts in the database: a dead Redis signs nobody in.
    const suite = useServerOn(database, {}, async () => {
      member = await signIn(suite.server.app, 'member@example.com');
      listingId = await publishListing(suite.server.app, member);
    });
    const settings = { language: 'en', theme: 'light', emailNotifications: true, smsNotifications: false };

    /**
     * What a server whose Redis is down answers: limited routes 503, public reads as usual, health names Redis.
     * That they answer without waiting for Redis is the client's doing (the suite above).
     */
    async function assertOutageAnswers(app: FastifyInstance): Promise<void> {
      const limited = {
        'sign-in': () =>
          app.inject({
            method: 'POST',
            url: '/api/v1/auth/google/login',
            headers: { authorization: 'Bearer x' },
            remoteAddress: freshClientAddress(),
          }),
        'the nonce': () => app.inject({ method: 'POST', url: '/api/v1/auth/nonce', remoteAddress: freshClientAddress() }),
        'saving settings': () =>
          app.inject({
            method: 'PUT',
            url: '/api/v1/user/settings',
            payload: settings,
            headers: auth(member),
            remoteAddress: freshClientAddress(),
          }),
        publishing: () => postListing(app, member),
        '"Show phone"': () => app.inject({ url: `/api/v1/jobs/${listingId}/contact`, remoteAddress: freshClientAddress() }),
      };
      for (const [name, request] of Object.entries(limited)) {
        const answer = await request();
        assert.equal(answer.statusCode, 503, `${name}: ${answer.body}`);
        assert.equal(answer.json().messageKey, 'serviceUnavailable');
      }
      const search = await app.inject({ url: '/api/v1/jobs', remoteAddress: freshClientAddress() });
      assert.equal(search.statusCode, 200);
      assert.ok(search.json().jobs.some((job: { job_id: number }) => job.job_id === listingId));
      assert.equal((await app.inject({ url: `/api/v1/jobs/${listingId}`, remoteAddress: freshClientAddress() })).statusCode, 200);
      assert.equal(
        (await app.inject({ url: '/api/v1/user/settings', headers: auth(member), remoteAddress: freshClientAddress() })).statusCode,
        200,
        'reads of one’s own are not limited',
      );
      const health = await app.inject('/api/v1/health');
      assert.equal(health.statusCode, 503);
      assert.deepEqual(health.json(), { ok: false, db: 'up', redis: 'down' });
    }

    it('refusing connections: limited writes and sign-in answer 503 `serviceUnavailable`, public reads work', async () => {
      await withServer(suite.handle, { REDIS_URL: DEAD_REDIS_URL }, ({ app }) => assertOutageAnswers(app));
    });

    it('connected but hung: the same', async () => {
      const hung = await hungRedis();
      try {
        await withServer(suite.handle, { REDIS_URL: hung.url }, ({ app }) => assertOutageAnswers(app));
      } finally {
        await hung.close();
      }
    });

    it('health names Redis: none without it, up when it answers', async (t) => {
      assert.deepEqual((await suite.server.app.inject('/api/v1/health')).json(), { ok: true, db: 'up', redis: 'none' });
      if (!(await redisAnswers(LIVE_REDIS_URL))) {
        t.skip(`no Redis at ${LIVE_REDIS_URL}`);
        return;
      }
      await withServer(suite.handle, { REDIS_URL: LIVE_REDIS_URL }, async ({ app }) => {
        const health = await app.inject('/api/v1/health');
        assert.equal(health.statusCode, 200);
        assert.deepEqual(health.json(), { ok: true, db: 'up', redis: 'up' });
      });
    });
  });
}
