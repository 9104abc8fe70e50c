import { sql } from 'drizzle-orm';
import { DEFAULT_SETTINGS } from '@tasko/shared/domain';
import type { Database } from '../../db/client.js';
import { listings, users } from '../../db/schema.js';
import { searchColumnsOf } from '../jobs/listingKeys.js';
import type { PhotoStorage } from '../jobs/photoStorage.js';
import { DEMO_LISTINGS, DEMO_POSTERS, type DemoPosterKey } from './demoListings.js';
import { storeDemoPhotos } from './demoPhotos.js';

/** A demo poster's address: `.local` is never delivered to, so nothing is ever mailed to one. */
export function demoPosterEmail(key: DemoPosterKey): string {
  return `demo-${key}@tasko.local`;
}

export interface DemoSeeding {
  /** Listings written: none when the database already had listings. */
  listings: number;
  /** Photos drawn and stored. */
  photos: number;
  /** Why the listings went without photos, when they had to (storage refused, say). */
  photoError?: string;
  /** How long the seeding took, drawing included. */
  ms: number;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * On an empty database only: a fresh `npm start` shows a living site. Listings are flagged as demo (the
 * card and the page say they are samples), each by a poster of its own, with drawn photos stored like
 * uploaded ones, posted over the last days before `now`. Without storage, or if storing fails, the
 * listings are written without photos: a site that starts matters more than its pictures.
 */
export async function seedDemoListings(db: Database, storage: PhotoStorage | null, now = new Date()): Promise<DemoSeeding> {
  const started = performance.now();
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)` }).from(listings);
  if (Number(n) > 0) return { listings: 0, photos: 0, ms: performance.now() - started };

  const posterKeys = Object.keys(DEMO_POSTERS) as DemoPosterKey[];
  // Drawing runs on sharp's threads while the posters are written.
  const [photoUrls, posters] = await Promise.all([
    storage
      ? storeDemoPhotos(
          storage,
          DEMO_LISTINGS.map((listing) => listing.photos),
        ).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))))
      : null,
    db
      .insert(users)
      .values(
        posterKeys.map((key) => ({
          email: demoPosterEmail(key),
          name: DEMO_POSTERS[key].name,
          settings: DEFAULT_SETTINGS,
          createdAt: new Date(now.getTime() - DEMO_POSTERS[key].memberForDays * DAY),
        })),
      )
      .onConflictDoUpdate({ target: users.email, set: { name: sql`excluded.name` } })
      .returning({ id: users.id, email: users.email }),
  ]);
  const photosOf = Array.isArray(photoUrls) ? photoUrls : null;
  const posterIds = new Map(posters.map((poster) => [poster.email, poster.id]));

  const rows = DEMO_LISTINGS.map((listing, i) => {
    const { offerType, title, description, category, paymentType, amount, contactPersonName, phone, city, address } = listing;
    const text = { title, description, contactPersonName, city, address };
    const publisherId = posterIds.get(demoPosterEmail(listing.poster));
    if (publisherId === undefined) throw new Error(`demo poster ${listing.poster} was not written`);
    return {
      ...text,
      offerType,
      category,
      paymentType,
      amount,
      phone,
      // The place its city names, the language it is written in and its search keys, as for a posted listing.
      ...searchColumnsOf(text, {}),
      contactEmail: '',
      publisherId,
      isDemo: true,
      images: photosOf?.[i] ?? [],
      createdAt: new Date(now.getTime() - listing.postedMinutesAgo * MINUTE),
      updatedAt: new Date(now.getTime() - (listing.editedMinutesAgo ?? listing.postedMinutesAgo) * MINUTE),
    };
  });
  try {
    await db.insert(listings).values(rows);
  } catch (error) {
    if (storage && photosOf) await Promise.all(photosOf.flat().map((url) => storage.remove(url)));
    throw error;
  }
  return {
    listings: rows.length,
    photos: photosOf?.flat().length ?? 0,
    ...(photoUrls instanceof Error ? { photoError: photoUrls.message } : {}),
    ms: performance.now() - started,
  };
}
