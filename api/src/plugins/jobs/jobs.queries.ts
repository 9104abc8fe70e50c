import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { LANGUAGE_CODES, type Category, type ListingStats, type OfferType, type SortOption } from '@tasko/shared/domain';
import type { Post } from '@tasko/shared/validation';
import { rowsOf, type Database } from '../../db/client.js';
import { listings } from '../../db/schema.js';

export type ListingRow = typeof listings.$inferSelect;

export interface SearchParams {
  q?: string;
  location?: string;
  category?: Category;
  offerType?: OfferType;
  sort: SortOption;
  page: number;
  pageSize: number;
}

/** A user's text inside LIKE: its own % and _ are literal characters, not wildcards. */
function contains(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const ORDER: Record<SortOption, SQL[]> = {
  newest: [desc(listings.createdAt), desc(listings.id)],
  'salary-high': [desc(listings.amount), desc(listings.id)],
  'salary-low': [asc(listings.amount), desc(listings.id)],
};

/** The page's rows and the number of matches; past the last page the window count has no row to ride on. */
async function pageWithTotal(db: Database, where: SQL | undefined, rows: { listing: ListingRow; total: number }[], page: number) {
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && page > 1) {
    const [count] = await db.select({ n: sql<number>`count(*)` }).from(listings).where(where);
    total = Number(count?.n ?? 0);
  }
  return { rows: rows.map((r) => r.listing), total };
}

/** Not taken down by a moderator, and not by a blocked publisher: what anyone but the owner may see. */
export const publiclyVisible: SQL = and(isNull(listings.hiddenAt), eq(listings.isPublisherBlocked, false)) as SQL;

/**
 * The public search (SPEC §5): active listings only; text in the title or the publisher's name, any case;
 * location in the city or address; category and offer type exact. The lower(...) forms match the
 * trigram indexes of the schema.
 */
export async function searchListings(db: Database, params: SearchParams): Promise<{ rows: ListingRow[]; total: number }> {
  const conditions: SQL[] = [eq(listings.status, 'active'), publiclyVisible];
  if (params.offerType) conditions.push(eq(listings.offerType, params.offerType));
  if (params.category) conditions.push(eq(listings.category, params.category));
  if (params.q) {
    const pattern = contains(params.q);
    conditions.push(or(ilike(sql`lower(${listings.title})`, pattern), ilike(sql`lower(${listings.contactPersonName})`, pattern)) as SQL);
  }
  if (params.location) {
    conditions.push(ilike(sql`lower(${listings.city} || ' ' || ${listings.address})`, contains(params.location)));
  }
  const where = and(...conditions);
  const rows = await db
    .select({ listing: listings, total: sql<number>`count(*) over ()` })
    .from(listings)
    .where(where)
    .orderBy(...ORDER[params.sort])
    .limit(params.pageSize)
    .offset((params.page - 1) * params.pageSize);
  return pageWithTotal(db, where, rows, params.page);
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
  };
}

/** One more "Show phone" for the listing today (Israel time): a count per listing and day, no identity. */
export async function countReveal(db: Database, listingId: number): Promise<void> {
  await db.execute(sql`
    insert into listing_reveals_daily (listing_id, day, count)
    values (${listingId}, (now() at time zone 'Asia/Jerusalem')::date, 1)
    on conflict (listing_id, day) do update set count = listing_reveals_daily.count + 1`);
}

const STATS_DAYS = 30;

/**
 * Views and reveals of these listings over the last 30 days. Views are the page views the first-party
 * analytics stored for the listing's page, in any language (`/job/7`, `/he/job/7`).
 */
export async function statsOf(db: Database, listingIds: number[]): Promise<Map<number, ListingStats>> {
  const stats = new Map<number, ListingStats>(listingIds.map((id) => [id, { views: 0, reveals: 0 }]));
  if (listingIds.length === 0) return stats;
  const paths = listingIds.flatMap((id) => [`/job/${id}`, ...LANGUAGE_CODES.map((language) => `/${language}/job/${id}`)]);
  const [views, reveals] = await Promise.all([
    db.execute(sql`
      select substring(path from '/job/([0-9]+)$')::int as id, count(*)::int as n
      from analytics_events
      where name = 'page_view' and path in ${paths} and occurred_at > now() - make_interval(days => ${STATS_DAYS})
      group by 1`),
    db.execute(sql`
      select listing_id as id, sum(count)::int as n
      from listing_reveals_daily
      where listing_id in ${listingIds} and day > (now() at time zone 'Asia/Jerusalem')::date - ${STATS_DAYS}::int
      group by 1`),
  ]);
  for (const row of rowsOf<{ id: number; n: number }>(views)) stats.get(Number(row.id))!.views = Number(row.n);
  for (const row of rowsOf<{ id: number; n: number }>(reveals)) stats.get(Number(row.id))!.reveals = Number(row.n);
  return stats;
}
