import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Logger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PGlite } from '@electric-sql/pglite';
import type { Pool } from 'pg';
import { primaryOnly, ReplicaReads, type PublicReads } from './replica.js';
import * as schema from './schema.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

interface DatabaseHandleBase {
  /** The primary: every write, and every read that must see the writer's own change. */
  db: Database;
  /** Public reads: a streaming replica's while it is fresh, else the primary's (docs/deploy.md#reads-from-the-replica). */
  reads: PublicReads;
  /** Resolves when the primary answers a trivial query. */
  check(): Promise<void>;
  /** `work` while no other instance runs its own start-up writes (the demo listings on an empty database). */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * 'postgres' (node-postgres pool) or 'pglite' (embedded). What else talks to the same database (the
 * pg-boss queue of the alerts) needs the connection string, or the one embedded instance itself.
 */
export type DatabaseHandle =
  (DatabaseHandleBase & { kind: 'postgres'; connectionString: string }) | (DatabaseHandleBase & { kind: 'pglite'; pglite: PGlite });

export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'drizzle');

/**
 * The advisory lock every instance takes around its start-up writes, the migrations and the demo listings
 * (docs/deploy.md#migrations-once): a fixed number of the site's own, so two instances starting together
 * take turns, and the second finds nothing left to do.
 */
export const START_LOCK_ID = 7_245_001;

/**
 * Runs `work` while this process holds the start lock on a connection of its own. A second instance waits
 * at the lock; pg_advisory_unlock (or the connection's end, if this process dies) lets it in.
 */
async function withStartLock<T>(pool: Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [START_LOCK_ID]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [START_LOCK_ID]);
    }
  } finally {
    client.release();
  }
}

/** A connection that is not made in this time fails, so a stopped server is noticed instead of waited for. */
const CONNECT_TIMEOUT_MS = 5_000;

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** A streaming replica of `databaseUrl` for public reads; ignored without it. */
  replicaUrl?: string | undefined;
  /** How far behind the replica may be before public reads go to the primary again. */
  replicaMaxLagMs?: number;
  pgliteDir: string;
  logger?: Logger;
}

/**
 * PostgreSQL only, one SQL dialect (docs/operations.md#the-database): DATABASE_URL → a node-postgres pool; otherwise
 * the embedded PGlite, on disk in `pgliteDir` or in memory ('memory', for tests). Migrations run first, once
 * however many instances start together (docs/deploy.md#migrations-once). `logger` hears every query with its
 * parameters (the query-plan tests explain what the search runs).
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const poolOf = (connectionString: string) => {
      const made = new pg.Pool({
        connectionString,
        max: Number(process.env.PG_POOL_SIZE ?? 10),
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      });
      // A client checked out of the pool (a transaction's, the start lock's) has no error listener of the pool's:
      // a server that stops under it would raise an unhandled 'error' and end the process. With this one its
      // query fails instead (answered 503), and the pool drops the client when it comes back.
      made.on('connect', (client) => client.on('error', () => undefined));
      return made;
    };
    const drizzleOn = (pool: Pool) => drizzle(pool, { schema, ...(options.logger ? { logger: options.logger } : {}) });
    const pool = poolOf(options.databaseUrl);
    // A server that goes away takes its idle connections with it: the pool replaces them, nothing crashes.
    pool.on('error', () => undefined);
    const primary = drizzleOn(pool);
    await withStartLock(pool, () => migrate(primary, { migrationsFolder: MIGRATIONS_FOLDER }));
    const db = primary as unknown as Database;
    let reads: PublicReads = primaryOnly(db);
    let replicaPool: Pool | null = null;
    if (options.replicaUrl) {
      replicaPool = poolOf(options.replicaUrl);
      replicaPool.on('error', () => undefined);
      const replicaReads = new ReplicaReads(
        { db, pool },
        { db: drizzleOn(replicaPool), pool: replicaPool },
        options.replicaMaxLagMs ?? 5_000,
      );
      await replicaReads.poll();
      reads = replicaReads;
    }
    return {
      db,
      reads,
      kind: 'postgres',
      connectionString: options.databaseUrl,
      check: async () => void (await pool.query('select 1')),
      exclusively: (work) => withStartLock(pool, work),
      close: async () => {
        reads.stop();
        await Promise.all([pool.end(), replicaPool?.end()]);
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const isMemory = options.pgliteDir === 'memory';
  // PGlite's own mkdir is not recursive.
  if (!isMemory) fs.mkdirSync(path.dirname(options.pgliteDir), { recursive: true });
  const client = await PGlite.create({ ...(isMemory ? {} : { dataDir: options.pgliteDir }), extensions: { pg_trgm } });
  const db = drizzle(client, { schema, ...(options.logger ? { logger: options.logger } : {}) });
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db: db as unknown as Database,
    reads: primaryOnly(db),
    kind: 'pglite',
    pglite: client,
    check: async () => void (await db.execute(sql`select 1`)),
    // One process owns an embedded database.
    exclusively: (work) => work(),
    close: () => client.close(),
  };
}

/** node-postgres answers `{ rows }`, PGlite answers `{ rows }` too, but typed differently: one reader. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? (result as T[]);
}
