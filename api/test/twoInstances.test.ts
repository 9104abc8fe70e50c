// What lets several instances serve as one site (docs/deploy.md): health and draining, migrations once,
// where public reads go, and Idempotency-Key. The whole topology is proved by `npm run test:cluster`.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import { loadConfig } from '../src/config.js';
import { openDatabase, rowsOf, type Database, type DatabaseHandle } from '../src/db/client.js';
import { migrationState } from '../src/db/migrations.js';
import { ReplicaReads } from '../src/db/replica.js';
import { isUnreachable } from '../src/db/unreachable.js';
import { buildServer } from '../src/server.js';
import { multipartBody, validPostFields } from './multipart.js';
import { configRefusal, freshClientAddress, signIn, testDatabases, useServerOn } from './testServer.js';

const ALERT = { offerType: 'job', q: 'garden', location: '', category: 'all', frequency: 'daily' };

describe('health of an instance, at the site root', () => {
  let handle: DatabaseHandle;
  let isDraining = false;
  let app: Awaited<ReturnType<typeof buildServer>>;
  let dataDir: string;
  before(async () => {
    handle = await openDatabase({ pgliteDir: 'memory' });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasko-health-'));
    app = await buildServer(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DEMO_DATA: 'off' }), {
      database: handle,
      isDraining: () => isDraining,
    });
  });
  after(async () => {
    await app.close();
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers live, and ready with every check named', async () => {
    const live = await app.inject('/health/live');
    assert.equal(live.statusCode, 200);
    assert.deepEqual(live.json(), { live: true });
    assert.equal(live.headers['cache-control'], 'no-store');
    const ready = await app.inject('/health/ready');
    assert.equal(ready.statusCode, 200);
    assert.deepEqual(ready.json(), {
      ready: true,
      checks: { primary: 'up', replica: 'none', redis: 'none', migrations: 'applied', draining: false },
    });
  });

  it('stops being ready once draining, while it still answers live', async () => {
    isDraining = true;
    try {
      const ready = await app.inject('/health/ready');
      assert.equal(ready.statusCode, 503);
      assert.equal(ready.json().ready, false);
      assert.equal(ready.json().checks.draining, true);
      assert.equal((await app.inject('/health/live')).statusCode, 200);
    } finally {
      isDraining = false;
    }
  });

  it('is not ready on a schema older than its code', async () => {
    const [newest] = rowsOf<{ id: number }>(
      await handle.db.execute(sql`select id from drizzle.__drizzle_migrations order by created_at desc limit 1`),
    );
    assert.ok(newest);
    await handle.db.execute(sql`update drizzle.__drizzle_migrations set created_at = created_at - 1000 where id = ${newest.id}`);
    try {
      assert.equal(await migrationState(handle.db), 'behind');
      const ready = await app.inject('/health/ready');
      assert.equal(ready.statusCode, 503);
      assert.equal(ready.json().checks.migrations, 'behind');
    } finally {
      await handle.db.execute(sql`update drizzle.__drizzle_migrations set created_at = created_at + 1000 where id = ${newest.id}`);
    }
    assert.equal(await migrationState(handle.db), 'applied');
  });

  it('keeps /health out of the pages: an unknown path under it is an API 404', async () => {
    const unknown = await app.inject('/health/nothing');
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json().messageKey, 'notFound');
  });
});

describe('migrations once', () => {
  const url = process.env.DATABASE_URL;
  it(
    'two instances opening a fresh PostgreSQL database together apply each migration once',
    { skip: url ? false : 'no DATABASE_URL: PostgreSQL only' },
    async () => {
      const admin = await openDatabase({ databaseUrl: url, pgliteDir: 'memory' });
      const name = `tasko_migrate_${process.pid}_${Date.now()}`;
      await admin.db.execute(sql.raw(`create database ${name}`));
      const fresh = new URL(url!);
      fresh.pathname = `/${name}`;
      try {
        const [first, second] = await Promise.all([
          openDatabase({ databaseUrl: fresh.href, pgliteDir: 'memory' }),
          openDatabase({ databaseUrl: fresh.href, pgliteDir: 'memory' }),
        ]);
        try {
          const journal = JSON.parse(fs.readFileSync(new URL('../drizzle/meta/_journal.json', import.meta.url), 'utf8')) as {
            entries: unknown[];
          };
          const [row] = rowsOf<{ applied: number; distinct: number }>(
            await first.db.execute(
              sql`select count(*)::int as applied, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations`,
            ),
          );
          assert.deepEqual(row, { applied: journal.entries.length, distinct: journal.entries.length });
          assert.equal(await migrationState(second.db), 'applied');
        } finally {
          await Promise.all([first.close(), second.close()]);
        }
      } finally {
        await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
        await admin.close();
      }
    },
  );
});

/** A pool that answers what `answer` says, or fails when it throws: the replica reader's view of a server. */
function fakePool(answer: (text: string) => Record<string, unknown>): Pool {
  return { query: async (text: string) => ({ rows: [answer(text)] }) } as unknown as Pool;
}

describe('public reads with a replica', () => {
  const primaryDb = { name: 'primary' } as unknown as Database;
  const replicaDb = { name: 'replica' } as unknown as Database;

  it('reads from a replica that keeps up, from the primary once it falls behind, from the replica when the primary is gone', async () => {
    let clock = 1_000_000;
    let primaryLsn = 0x100;
    let replayed = 0x100;
    let isPrimaryUp = true;
    let isReplicaUp = true;
    const reads = new ReplicaReads(
      {
        db: primaryDb,
        pool: fakePool(() => {
          if (!isPrimaryUp) throw new Error('connect ECONNREFUSED');
          return { lsn: `0/${primaryLsn.toString(16)}` };
        }),
      },
      {
        db: replicaDb,
        pool: fakePool(() => {
          if (!isReplicaUp) throw new Error('connect ECONNREFUSED');
          return { lsn: `0/${replayed.toString(16)}`, standby: true };
        }),
      },
      5_000,
      () => clock,
    );
    try {
      await reads.poll();
      assert.equal(reads.state(), 'up', 'an idle primary and a replica at its position');
      assert.equal(reads.db(), replicaDb);

      // Writes go on while replay is paused: fresh for 5 s, then the primary's.
      primaryLsn = 0x200;
      for (const step of [1_000, 2_000, 1_500]) {
        clock += step;
        await reads.poll();
      }
      assert.equal(reads.state(), 'up', '4.5 s behind is within REPLICA_MAX_LAG_MS');
      clock += 1_000;
      await reads.poll();
      assert.equal(reads.state(), 'lagging');
      assert.equal(reads.db(), primaryDb);

      replayed = 0x200;
      clock += 250;
      await reads.poll();
      assert.equal(reads.state(), 'up', 'caught up again');

      isPrimaryUp = false;
      primaryLsn = 0x300;
      clock += 60_000;
      await reads.poll();
      assert.equal(reads.db(), replicaDb, 'with the primary gone, even a stale replica answers');

      isPrimaryUp = true;
      replayed = 0x300;
      clock += 250;
      await reads.poll();
      assert.equal(reads.db(), replicaDb);
      // Stopped between two polls: the read that meets it is read again from the primary.
      const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      const answeredBy = await reads.read(async (db) => {
        if (db === replicaDb) throw new Error('Failed query', { cause: refused });
        return db;
      });
      assert.equal(answeredBy, primaryDb);
      assert.equal(reads.state(), 'down');
      isReplicaUp = true;
      await reads.poll();
      assert.equal(reads.db(), replicaDb);
      const lookedIn: Database[] = [];
      const found = await reads.readFound(async (db) => {
        lookedIn.push(db);
        return db === primaryDb ? 'posted a moment ago' : null;
      });
      assert.equal(found, 'posted a moment ago', 'what the replica has not replayed yet is asked of the primary');
      assert.deepEqual(lookedIn, [replicaDb, primaryDb]);
      await assert.rejects(
        reads.read(async () => {
          throw new TypeError('a bug is not retried');
        }),
        TypeError,
      );

      isReplicaUp = false;
      await reads.poll();
      assert.equal(reads.state(), 'down');
      assert.equal(reads.db(), primaryDb);
    } finally {
      reads.stop();
    }
  });
});

describe('replica settings', () => {
  it('refuses a replica without a primary, and a lag that is not a number', () => {
    assert.match(
      String(configRefusal({ DATABASE_REPLICA_URL: 'postgres://replica/tasko' })),
      /DATABASE_REPLICA_URL is set without DATABASE_URL/,
    );
    assert.match(
      String(configRefusal({ DATABASE_URL: 'postgres://primary/tasko', REPLICA_MAX_LAG_MS: 'soon' })),
      /REPLICA_MAX_LAG_MS="soon": expected a whole number/,
    );
    assert.equal(
      configRefusal({
        DATABASE_URL: 'postgres://primary/tasko',
        DATABASE_REPLICA_URL: 'postgres://replica/tasko',
        REPLICA_MAX_LAG_MS: '2000',
        SHUTDOWN_DELAY_MS: '5000',
      }),
      null,
    );
  });
});

describe('an unreachable database', () => {
  it('is told from a bug, along the chain of causes', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5999'), { code: 'ECONNREFUSED' });
    assert.equal(isUnreachable(new Error('Failed query: select 1', { cause: refused })), true);
    assert.equal(isUnreachable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })), true);
    assert.equal(isUnreachable(new Error('Connection terminated unexpectedly')), true);
    assert.equal(isUnreachable(Object.assign(new Error('duplicate key'), { code: '23505' })), false);
    assert.equal(isUnreachable(new TypeError('x is undefined')), false);
  });
});

for (const database of testDatabases()) {
  describe(`Idempotency-Key on ${database.name}`, () => {
    const suite = useServerOn(database);
    let token = '';
    let other = '';
    before(async () => {
      token = await signIn(suite.server.app, 'dana@example.com', 'Dana');
      other = await signIn(suite.server.app, 'yosef@example.com', 'Yosef');
    });

    const saveAlert = (key: string | undefined, body: Record<string, string> = ALERT, as = token) =>
      suite.server.app.inject({
        method: 'POST',
        url: '/api/v1/me/alerts',
        headers: { authorization: `Bearer ${as}`, ...(key === undefined ? {} : { 'idempotency-key': key }) },
        payload: body,
        remoteAddress: freshClientAddress(),
      });
    const countOf = async (table: 'alerts' | 'listings') =>
      rowsOf<{ n: number }>(await suite.handle.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]?.n;

    it('answers a repeated key with the first answer and creates nothing more', async () => {
      await emptyDatabaseRows(suite.handle);
      const first = await saveAlert('key-1');
      assert.equal(first.statusCode, 201, first.body);
      const again = await saveAlert('key-1');
      assert.equal(again.statusCode, 201);
      assert.equal(again.body, first.body);
      assert.equal(again.headers['idempotent-replayed'], 'true');
      assert.equal(await countOf('alerts'), 1);
    });

    it('refuses the same key with a different request (422), and while the first still runs (409)', async () => {
      await emptyDatabaseRows(suite.handle);
      assert.equal((await saveAlert('key-2')).statusCode, 201);
      const changed = await saveAlert('key-2', { ...ALERT, q: 'sofa' });
      assert.equal(changed.statusCode, 422);
      assert.deepEqual(changed.json(), { statusCode: 422, messageKey: 'idempotencyKeyReused' });

      const running = await saveAlert('key-3', { ...ALERT, q: 'tutor' });
      assert.equal(running.statusCode, 201);
      // As if its answer were still being written: the row without its status.
      await suite.handle.db.execute(sql`update idempotency_keys set status = null, body = null where key = 'key-3'`);
      const during = await saveAlert('key-3', { ...ALERT, q: 'tutor' });
      assert.equal(during.statusCode, 409);
      assert.equal(during.json().messageKey, 'requestInProgress');
      // A claim left by an instance that died before its write is taken over once it is older than a request can take.
      await suite.handle.db.execute(sql`delete from alerts where q = 'tutor'`);
      await suite.handle.db.execute(sql`update idempotency_keys set started_at = now() - interval '2 minutes' where key = 'key-3'`);
      assert.equal((await saveAlert('key-3', { ...ALERT, q: 'tutor' })).statusCode, 201);
      assert.equal(await countOf('alerts'), 2);
    });

    it('keeps only 2xx answers, scopes keys to the member, forgets them after 24 hours, and refuses a malformed key', async () => {
      await emptyDatabaseRows(suite.handle);
      const refused = await saveAlert('key-4', { ...ALERT, offerType: 'nonsense' });
      assert.equal(refused.statusCode, 400);
      assert.equal(
        (await saveAlert('key-4', { ...ALERT, offerType: 'nonsense' })).statusCode,
        400,
        'a refusal is not kept: it is refused again, by the route',
      );
      assert.equal((await saveAlert('key-4')).statusCode, 201, 'the corrected request goes through under the same key');

      assert.equal((await saveAlert('key-4', ALERT, other)).statusCode, 201, "another member's key of the same name is theirs");
      assert.equal(await countOf('alerts'), 2);

      await suite.handle.db.execute(sql`update idempotency_keys set started_at = now() - interval '25 hours' where key = 'key-4'`);
      assert.equal((await saveAlert('key-4', { ...ALERT, q: 'sofa' })).statusCode, 201, 'an expired key is a new one');

      const malformed = await saveAlert('has spaces');
      assert.equal(malformed.statusCode, 400);
      assert.deepEqual(malformed.json().fields, { idempotencyKey: 'invalidRequest' });
      assert.equal((await saveAlert(undefined, { ...ALERT, q: 'dog' })).statusCode, 201, 'without a key, every call creates');
    });

    it('publishes a listing once under one key, whatever the multipart boundary', async () => {
      await emptyDatabaseRows(suite.handle);
      // Each body gets a boundary of its own, as each send of a browser's form does.
      const post = () => {
        const body = multipartBody(validPostFields({ jobTitle: 'Move a sofa' }));
        return suite.server.app.inject({
          method: 'POST',
          url: '/api/v1/jobs',
          payload: body.payload,
          headers: { ...body.headers, authorization: `Bearer ${token}`, 'idempotency-key': 'post-1' },
          remoteAddress: freshClientAddress(),
        });
      };
      const first = await post();
      assert.equal(first.statusCode, 201, first.body);
      const again = await post();
      assert.equal(again.statusCode, 201);
      assert.equal(again.json().job_id, first.json().job_id);
      assert.equal(await countOf('listings'), 1);
      // Kept in the listing's own transaction, as the route's serializer wrote it: a resend gets the same bytes.
      const [kept] = rowsOf<{ body: string; status: number }>(
        await suite.handle.db.execute(sql`select body, status from idempotency_keys where key = 'post-1'`),
      );
      assert.deepEqual(kept, { body: first.body, status: 201 });
      assert.equal(again.body, first.body);
    });
  });
}

/** Alerts, listings and keys gone, members kept: each test counts what it made. */
async function emptyDatabaseRows(handle: DatabaseHandle): Promise<void> {
  await handle.db.execute(sql`truncate table alerts, listings, idempotency_keys restart identity cascade`);
}
