import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { MIGRATIONS_FOLDER, rowsOf, type Database } from './client.js';

let newestKnown: number | undefined;
/** The newest migration this code was written for: drizzle records each applied one by its folder time. */
function newestMigrationMillis(): number {
  newestKnown ??= Math.max(0, ...readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((migration) => migration.folderMillis));
  return newestKnown;
}

/** `applied`: the database holds every migration this code knows (or newer ones); `behind`: it lacks some. */
export type MigrationState = 'applied' | 'behind';

export async function migrationState(db: Database): Promise<MigrationState> {
  try {
    const [row] = rowsOf<{ newest: string | number | null }>(
      await db.execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`),
    );
    return Number(row?.newest ?? 0) >= newestMigrationMillis() ? 'applied' : 'behind';
  } catch {
    // No migrations table yet, or no database to ask: not ready to serve this code.
    return 'behind';
  }
}
