import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ListingStats } from '@tasko/shared/domain';
import type { Post } from '@tasko/shared/validation';
import { rowsOf, type Database } from '../../db/client.js';
import { listings, publicSearchable, users } from '../../db/schema.js';
import type { PostedColumn } from '../../db/listingColumns.js';
import type { PublisherRow } from './listingWire.js';
import { searchColumnsOf } from './listingKeys.js';
import { placeById } from '../places/places.js';

export type ListingRow = typeof listings.$inferSelect;

/** Not taken down by a moderator, and not by a blocked publisher: what anyone but the owner may see. */
export const publiclyVisible: SQL = and(isNull(listings.hiddenAt), eq(listings.isPublisherBlocked, false)) as SQL;

/** The page's rows and the number of matches; past the last page the window count has no row to ride on. */
async function pageWithTotal(db: Database, where: SQL | undefined, rows: { listing: ListingRow; total: number }[], page: number) {
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && page > 1) {
    const [count] = await db
      .select({ n: sql<number>`count(*)` })
      .from(listings)
      .where(where);
    total = Number(count?.n ?? 0);
  }
  return { rows: rows.map((r) => r.listing), total };
}

/** The publisher's own listings, open and closed, newest first. */
export async function listingsOf(db: Database, publisherId: number, page: number, pageSize: number) {
  const where = and(eq(listings.publisherId, publisherId), inArray(listings.status, ['active', 'close']));
  const rows = await db
    .select({ listing: listings, total: sql<number>`count(*) over ()` })
    .from(listings)
    .where(where)
    .orderBy(desc(listings.createdAt), desc(listings.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return pageWithTotal(db, where, rows, page);
}

/** A listing that is not deleted; for anyone but `ownerId`, also not hidden by moderation. */
export async function findListing(db: Database, id: number, ownerId?: number): Promise<ListingRow | null> {
  const visible = ownerId === undefined ? publiclyVisible : or(publiclyVisible, eq(listings.publisherId, ownerId));
  const [row] = await db
    .select()
    .from(listings)
    .where(and(eq(listings.id, id), inArray(listings.status, ['active', 'close']), visible));
  return row ?? null;
}

/**
 * A listing's poster, for its page, or a member, for their profile: their public fields, whether a moderator
 * blocked them, and how many of their listings anyone can find now.
 */
export async function findPublisher(db: Database, publisherId: number): Promise<PublisherRow | null> {
  const [user] = await db
    .select({
      name: users.name,
      picture: users.picture,
      createdAt: users.createdAt,
      emailVerifiedByGoogle: users.emailVerifiedByGoogle,
      blockedAt: users.blockedAt,
    })
    .from(users)
    .where(eq(users.id, publisherId));
  if (!user) return null;
  // By the publisher's index (listings_publisher), in the public search's own words.
  const [active] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(listings)
    .where(and(eq(listings.publisherId, publisherId), publicSearchable(listings)));
  return { ...user, activeListings: Number(active?.count ?? 0) };
}

/** The columns a post is stored in: every posted field's (the listing contract's `PostedColumn`), and the search keys. */
export function columnsOf(post: Post) {
  return {
    offerType: post.offerType,
    title: post.jobTitle,
    description: post.description,
    category: post.category,
    paymentType: post.paymentType,
    amount: post.amount,
    contactPersonName: post.contactPersonName,
    phone: post.phone,
    contactEmail: post.contactEmail,
    contactMethods: post.contactMethods,
    city: post.location.city,
    address: post.location.address,
    ...searchColumnsOf(
      {
        title: post.jobTitle,
        description: post.description,
        contactPersonName: post.contactPersonName,
        city: post.location.city,
        address: post.location.address,
      },
      { place: placeById(post.location.placeId), ...(post.language ? { language: post.language } : {}) },
    ),
  } satisfies Record<PostedColumn, unknown>;
}

/** One more "Show phone" for the listing today (Israel time): a count per listing and day, no identity. */
export async function countReveal(db: Database, listingId: number): Promise<void> {
  await db.execute(sql`
    insert into listing_reveals_daily (listing_id, day, count)
    values (${listingId}, (now() at time zone 'Asia/Jerusalem')::date, 1)
    on conflict (listing_id, day) do update set count = listing_reveals_daily.count + 1`);
}

/** The days an owner's figures cover; older view rows are swept. */
export const STATS_DAYS = 30;

/** The first day (Israel time) of the owners' window: a row of a daily table counts from it on. */
export const STATS_WINDOW_START = sql`(now() at time zone 'Asia/Jerusalem')::date - ${STATS_DAYS - 1}::int`;

/**
 * Views and reveals of these listings over the last 30 days (Israel time), and their applications ever. Views
 * are the server's own record (listing_views: once per address and browser a day), never the browsers'
 * page_view events.
 */
export async function statsOf(db: Database, listingIds: number[]): Promise<Map<number, ListingStats>> {
  const stats = new Map<number, ListingStats>(listingIds.map((id) => [id, { views: 0, reveals: 0, applications: 0 }]));
  if (listingIds.length === 0) return stats;
  const [views, reveals, applied] = await Promise.all([
    db.execute(sql`
      select listing_id as id, count(*)::int as n
      from listing_views
      where listing_id in ${listingIds} and day >= ${STATS_WINDOW_START}
      group by 1`),
    db.execute(sql`
      select listing_id as id, sum(count)::int as n
      from listing_reveals_daily
      where listing_id in ${listingIds} and day >= ${STATS_WINDOW_START}
      group by 1`),
    db.execute(sql`select listing_id as id, count(*)::int as n from applications where listing_id in ${listingIds} group by 1`),
  ]);
  for (const row of rowsOf<{ id: number; n: number }>(views)) stats.get(Number(row.id))!.views = Number(row.n);
  for (const row of rowsOf<{ id: number; n: number }>(reveals)) stats.get(Number(row.id))!.reveals = Number(row.n);
  for (const row of rowsOf<{ id: number; n: number }>(applied)) stats.get(Number(row.id))!.applications = Number(row.n);
  return stats;
}
