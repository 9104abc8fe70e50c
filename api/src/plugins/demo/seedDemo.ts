import { sql } from 'drizzle-orm';
import { DEFAULT_SETTINGS } from '@tasko/shared/domain';
import type { Database } from '../../db/client.js';
import { listings, users } from '../../db/schema.js';
import { searchColumnsOf } from '../jobs/listingKeys.js';
import { DEMO_LISTINGS } from './demoListings.js';

export const DEMO_EMAIL = 'demo@tasko.local';

/** On an empty database only: a fresh `npm start` shows a living site; listings are flagged as demo. */
export async function seedDemoListings(db: Database): Promise<number> {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)` }).from(listings);
  if (Number(n) > 0) return 0;
  const [demo] = await db
    .insert(users)
    .values({ email: DEMO_EMAIL, name: 'Tasko demo', settings: DEFAULT_SETTINGS })
    .onConflictDoUpdate({ target: users.email, set: { name: 'Tasko demo' } })
    .returning();
  if (!demo) return 0;
  const now = Date.now();
  await db.insert(listings).values(
    DEMO_LISTINGS.map((listing, i) => ({
      ...listing,
      ...searchColumnsOf(listing, {}),
      contactEmail: '',
      publisherId: demo.id,
      isDemo: true,
      // Spread over the last days so "newest" has a meaningful order.
      createdAt: new Date(now - i * 5 * 3600 * 1000),
    })),
  );
  return DEMO_LISTINGS.length;
}
