import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { LANGUAGE_CODES, LIMITS, OFFER_TYPES, type Category, type ListingStats, type OfferType, type SortOption } from '@tasko/shared/domain';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Post } from '@tasko/shared/validation';
import { rowsOf, type Database } from '../../db/client.js';
import { listings, publicListingCounts, publicSearchable } from '../../db/schema.js';
import { publicColumns, type PublicRow } from './listingWire.js';
import { encodeCursor, type SearchCursor } from './searchCursor.js';

export type ListingRow = typeof listings.$inferSelect;

export interface SearchParams {
  q?: string;
  location?: string;
  category?: Category;
  offerType?: OfferType;
  sort: SortOption;
  page: number;
  pageSize: number;
  /** Where the page starts; without one, `page` counts from the first (at most `searchCountCap` rows deep). */
  cursor?: SearchCursor | null;
}

export interface SearchAnswer {
  rows: PublicRow[];
  /** Exact up to `LIMITS.searchCountCap`; past it, the cap and `totalIsCapped`. */
  total: number;
  totalIsCapped: boolean;
  nextCursor?: string;
  previousCursor?: string;
}

/** A user's text inside LIKE: its own % and _ are literal characters, not wildcards. */
function contains(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

interface SortColumns {
  id: AnyPgColumn;
  createdAt: AnyPgColumn;
  amount: AnyPgColumn;
}

/**
 * Each sort as a key (one column, then the id as a tie-break in the same direction), which an index of the
 * schema gives in order: newest first; pay high to low; pay low to high, the older of equal pay first (the
 * pay index read forwards).
 */
const SORTS: Record<SortOption, { key: (t: SortColumns) => AnyPgColumn; isDescending: boolean; valueType: SQL }> = {
  newest: { key: (t) => t.createdAt, isDescending: true, valueType: sql.raw('timestamptz') },
  'salary-high': { key: (t) => t.amount, isDescending: true, valueType: sql.raw('integer') },
  'salary-low': { key: (t) => t.amount, isDescending: false, valueType: sql.raw('integer') },
};

/** The sort key as the cursor carries it: `created_at` in UTC to the microsecond (a JS Date keeps only milliseconds). */
function sortValueOf(sort: SortOption, t: SortColumns): SQL<string> {
  return sort === 'newest' ? sql<string>`to_char(${t.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` : sql<string>`${t.amount}::text`;
}

/** Rows in the order they are read: the sort's own order, or its reverse when paging backwards. */
function readingOrder(sort: SortOption, t: SortColumns, isBackwards: boolean): SQL[] {
  const isDescending = SORTS[sort].isDescending !== isBackwards;
  const key = SORTS[sort].key(t);
  return isDescending ? [desc(key), desc(t.id)] : [asc(key), asc(t.id)];
}

/** The rows past the cursor, in reading order: a row comparison the index seeks to. */
function pastCursor(cursor: Pick<SearchCursor, 'sort' | 'direction'> & { value: unknown; id: unknown }, t: SortColumns): SQL {
  const { key, isDescending, valueType } = SORTS[cursor.sort];
  const goesDown = isDescending === (cursor.direction === 'after');
  return sql`(${key(t)}, ${t.id}) ${sql.raw(goesDown ? '<' : '>')} (${cursor.value}::${valueType}, ${cursor.id})`;
}

type SortedRow = { listing: PublicRow; sortValue: string };

/** Not taken down by a moderator, and not by a blocked publisher: what anyone but the owner may see. */
export const publiclyVisible: SQL = and(isNull(listings.hiddenAt), eq(listings.isPublisherBlocked, false)) as SQL;

/**
 * The words of a search (SPEC §5: the text in the title or the publisher's name, the location in the city
 * or the address, any case) as conditions. Through the trigram index, as LIKE; or, where the sort's own
 * index is walked, as `strpos`, which no index serves: the planner then cannot trade the walk, which stops
 * at its limit, for fetching every match by the trigram index and sorting them.
 */
function wordsMatch(params: Pick<SearchParams, 'q' | 'location'>, how: 'trigram index' | 'row by row'): SQL[] {
  const has = (column: SQL, text: string) =>
    how === 'trigram index' ? ilike(column, contains(text)) : sql`strpos(${column}, ${text.toLowerCase()}) > 0`;
  const conditions: SQL[] = [];
  if (params.q) conditions.push(or(has(sql`lower(${listings.title})`, params.q), has(sql`lower(${listings.contactPersonName})`, params.q)) as SQL);
  if (params.location) conditions.push(has(sql`lower(${listings.city} || ' ' || ${listings.address})`, params.location));
  return conditions;
}

/** The matches of one offer type counted up to the cap (plus one, to know the cap is passed). */
function cappedCount(where: SQL): SQL<number> {
  return sql<number>`(select count(*)::int from (select 1 from ${listings} where ${where} limit ${LIMITS.searchCountCap + 1}) as capped)`;
}

/** Without words, the total is the kept count of the offer type (and category): no row is read for it. */
function keptCount(offerType: string | SQLWrapper, category: string | SQLWrapper | undefined): SQL<number> {
  const { count, offerType: countedType, category: countedCategory } = publicListingCounts;
  const counted = category === undefined ? eq(countedType, offerType) : and(eq(countedType, offerType), eq(countedCategory, category));
  return sql<number>`(select coalesce(sum(${count}), 0)::int from ${publicListingCounts} where ${counted})`;
}

/**
 * A search without words, of one sort, with or without a category, from the first row or from a cursor:
 * built once and prepared, so each request neither builds its SQL nor (on PostgreSQL, after a few runs)
 * plans it. Values come as placeholders.
 */
function plainSearch(db: Database, sort: SortOption, hasCategory: boolean, direction: SearchCursor['direction'] | 'first') {
  const offerType = sql.placeholder('offerType');
  const category = hasCategory ? sql.placeholder('category') : undefined;
  const conditions = [publicSearchable(listings), eq(listings.offerType, offerType)];
  if (category) conditions.push(eq(listings.category, category));
  if (direction !== 'first') conditions.push(pastCursor({ sort, direction, value: sql.placeholder('cursorValue'), id: sql.placeholder('cursorId') }, listings));
  return db
    .select({ listing: publicColumns, sortValue: sortValueOf(sort, listings), total: keptCount(offerType, category) })
    .from(listings)
    .where(and(...conditions))
    .orderBy(...readingOrder(sort, listings, direction === 'before'))
    .limit(sql.placeholder('take'))
    .offset(sql.placeholder('skip'))
    .prepare(`public_search_${sort.replace('-', '_')}_${hasCategory ? 'category' : 'any'}_${direction}`);
}

const plainSearches = new WeakMap<Database, Map<string, ReturnType<typeof plainSearch>>>();

function preparedPlainSearch(db: Database, sort: SortOption, hasCategory: boolean, direction: SearchCursor['direction'] | 'first') {
  const prepared = plainSearches.get(db) ?? new Map<string, ReturnType<typeof plainSearch>>();
  plainSearches.set(db, prepared);
  const key = `${sort}|${hasCategory}|${direction}`;
  const query = prepared.get(key) ?? plainSearch(db, sort, hasCategory, direction);
  prepared.set(key, query);
  return query;
}

/**
 * One offer type's matches: `take` rows in reading order after skipping `skip`, and the count. Without
 * words, the partial B-tree index of the sort gives the rows (its scan stops at its limit) and the total is
 * the one triggers keep. With words, the count through the offer type's trigram index, capped, decides: a
 * few matches are all fetched by that index and sorted (no more than the cap); many are found by walking
 * the sort's index, where matches are dense enough that the walk stops soon.
 */
async function matchesOfOfferType(db: Database, params: SearchParams & { offerType: OfferType }, skip: number, take: number) {
  const filters: SQL[] = [publicSearchable(listings), eq(listings.offerType, params.offerType)];
  if (params.category) filters.push(eq(listings.category, params.category));
  const where = and(...filters, ...wordsMatch(params, 'trigram index')) as SQL;
  const { sort, cursor } = params;
  const isBackwards = cursor?.direction === 'before';
  const countOnly = async (count: SQL<number>) => Number(rowsOf<{ n: number }>(await db.execute(sql`select ${count} as n`))[0]?.n ?? 0);

  if (!params.q && !params.location) {
    const rows = await preparedPlainSearch(db, sort, params.category !== undefined, cursor?.direction ?? 'first').execute({
      offerType: params.offerType,
      category: params.category,
      cursorValue: cursor?.value,
      cursorId: cursor?.id,
      take,
      skip,
    });
    // Past the last row, no row carries the count.
    return { rows, total: rows[0] ? Number(rows[0].total) : await countOnly(keptCount(params.offerType, params.category)) };
  }
  const total = await countOnly(cappedCount(where));
  if (total > LIMITS.searchCountCap) {
    const walked = and(...filters, ...wordsMatch(params, 'row by row'), ...(cursor ? [pastCursor(cursor, listings)] : []));
    const rows = await db
      .select({ listing: publicColumns, sortValue: sortValueOf(sort, listings) })
      .from(listings)
      .where(walked)
      .orderBy(...readingOrder(sort, listings, isBackwards))
      .limit(take)
      .offset(skip);
    return { rows, total };
  }
  // At most the cap matches, all of them: the subquery's LIMIT also keeps the planner from merging it into
  // the outer query, whose ORDER BY … LIMIT would tempt it to walk the sort's index past every non-match.
  const matches = db
    .select({ ...publicColumns, sortValue: sortValueOf(sort, listings).as('sort_value') })
    .from(listings)
    .where(where)
    .limit(LIMITS.searchCountCap)
    .as('matches');
  const rows = await db
    .select()
    .from(matches)
    .where(cursor ? pastCursor(cursor, matches) : undefined)
    .orderBy(...readingOrder(sort, matches, isBackwards))
    .limit(take)
    .offset(skip);
  return { rows: rows.map(({ sortValue, ...listing }) => ({ listing, sortValue })), total };
}

/** The page's rows and the number of matches; past the last page the window count has no row to ride on. */
async function pageWithTotal(db: Database, where: SQL | undefined, rows: { listing: ListingRow; total: number }[], page: number) {
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && page > 1) {
    const [count] = await db.select({ n: sql<number>`count(*)` }).from(listings).where(where);
    total = Number(count?.n ?? 0);
  }
  return { rows: rows.map((r) => r.listing), total };
}

/** Rows of several offer types, merged into one reading order. */
function mergeInReadingOrder(sort: SortOption, isBackwards: boolean, lists: SortedRow[][]): SortedRow[] {
  const direction = SORTS[sort].isDescending !== isBackwards ? -1 : 1;
  // Timestamps in one fixed ISO form compare as text; amounts as numbers.
  const compareValues = (a: string, b: string) => (sort === 'newest' ? (a < b ? -1 : a > b ? 1 : 0) : Number(a) - Number(b));
  return lists.flat().sort((a, b) => direction * (compareValues(a.sortValue, b.sortValue) || a.listing.id - b.listing.id));
}

/**
 * The public search (SPEC §5): active listings only; text in the title or the publisher's name, any case;
 * location in the city or address; category and offer type exact. The lower(...) forms match the trigram
 * indexes of the schema. Every query reads at most the count cap plus a page of rows, whatever the depth:
 * `page` reaches `searchCountCap` rows deep (the route refuses deeper ones), a cursor seeks anywhere.
 */
export async function searchListings(db: Database, params: SearchParams): Promise<SearchAnswer> {
  const { sort, cursor, pageSize } = params;
  const skip = cursor ? 0 : (params.page - 1) * pageSize;
  const isBackwards = cursor?.direction === 'before';
  let read: SortedRow[];
  let counted: number;
  if (params.offerType) {
    const found = await matchesOfOfferType(db, { ...params, offerType: params.offerType }, skip, pageSize + 1);
    read = found.rows;
    counted = found.total;
  } else {
    // Each offer type has its own indexes: read each as deep as the page, then merge.
    const found = await Promise.all(OFFER_TYPES.map((offerType) => matchesOfOfferType(db, { ...params, offerType }, 0, skip + pageSize + 1)));
    read = mergeInReadingOrder(sort, isBackwards, found.map((f) => f.rows)).slice(skip, skip + pageSize + 1);
    counted = found.reduce((sum, f) => sum + f.total, 0);
  }
  const hasMore = read.length > pageSize;
  const shown = read.slice(0, pageSize);
  if (isBackwards) shown.reverse();
  const first = shown[0];
  const last = shown.at(-1);
  const cursorAt = (row: SortedRow | undefined, direction: SearchCursor['direction']) =>
    row ? encodeCursor({ sort, direction, value: row.sortValue, id: row.listing.id }) : undefined;
  const hasNext = isBackwards ? true : hasMore;
  const hasPrevious = isBackwards ? hasMore : cursor !== undefined && cursor !== null ? true : params.page > 1;
  return {
    rows: shown.map((row) => row.listing),
    total: Math.min(counted, LIMITS.searchCountCap),
    totalIsCapped: counted > LIMITS.searchCountCap,
    ...(hasNext ? { nextCursor: cursorAt(last, 'after') } : {}),
    ...(hasPrevious ? { previousCursor: cursorAt(first, 'before') } : {}),
  };
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
