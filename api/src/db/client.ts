import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Logger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PGlite } from '@electric-sql/pglite';
import * as schema from './schema.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

interface DatabaseHandleBase {
  db: Database;
  check(): Promise<void>;
  close(): Promise<void>;
}

/**
 * 'postgres' (node-postgres pool) or 'pglite' (embedded). What else talks to the same database (the
 * pg-boss queue of the alerts) needs the connection string, or the one embedded instance itself.
 */
export type DatabaseHandle =
  | (DatabaseHandleBase & { kind: 'postgres'; connectionString: string })
  | (DatabaseHandleBase & { kind: 'pglite'; pglite: PGlite });

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'drizzle');

/**
 * PostgreSQL only, one SQL dialect (docs/operations.md#the-database): DATABASE_URL → a node-postgres pool; otherwise
 * the embedded PGlite, on disk in `pgliteDir` or in memory ('memory', for tests). Migrations run first.
 * `logger` hears every query with its parameters (the query-plan tests explain what the search runs).
 */
export async function openDatabase(options: { databaseUrl?: string; pgliteDir: string; logger?: Logger }): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: Number(process.env.PG_POOL_SIZE ?? 10) });
    const db = drizzle(pool, { schema, ...(options.logger ? { logger: options.logger } : {}) });
    await migrate(db, { migrationsFolder: MIGRATIONS });
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      connectionString: options.databaseUrl,
      check: async () => void (await pool.query('select 1')),
      close: () => pool.end(),
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
  await migrate(db, { migrationsFolder: MIGRATIONS });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    pglite: client,
    check: async () => void (await db.execute(sql`select 1`)),
    close: () => client.close(),
  };
}

/** node-postgres answers `{ rows }`, PGlite answers `{ rows }` too, but typed differently: one reader. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? (result as T[]);
}
