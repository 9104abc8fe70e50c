import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from './client.js';
import { serverSecrets } from './schema.js';

/**
 * A 32-byte key of the server's, generated the first time it is asked for and kept in the database, so every
 * instance shares it and a restart keeps it. Two instances starting at once agree: the first insert wins.
 */
export async function serverSecret(db: Database, name: string): Promise<Buffer> {
  const generated = crypto.randomBytes(32).toString('base64url');
  await db.insert(serverSecrets).values({ name, value: generated }).onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`server secret ${name} missing`);
  return Buffer.from(row.value, 'base64url');
}
