import { and, asc, desc, eq, inArray, isNull, like, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  LIMITS,
  OFFER_TYPES,
  searchKey,
  type Category,
  type Language,
  type ListingStats,
  type OfferType,
  type PaymentType,
  type RadiusKm,
  type SortOption,
} from '@tasko/shared/domain';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Post } from '@tasko/shared/validation';
import { rowsOf, type Database } from '../../db/client.js';
import { listings, publicListingCounts, publicSearchable, users } from '../../db/schema.js';
import type { PostedColumn } from '../../db/listingColumns.js';
import { publicColumns, type PublicRow, type PublisherRow } from './listingWire.js';
import { encodeCursor, type SearchCursor } from './searchCursor.js';
import { searchColumnsOf } from './listingKeys.js';
import { placeById, placeNamed, placesAround, type Place } from '../places/places.js';

export type ListingRow = typeof listings.$inferSelect;

export interface SearchParams {
  q?: string;
  location?: string;
  /** A place chosen from the suggestions: its listings, or with `radiusKm` those of every place that near. */
  placeId?: number;
  radiusKm?: RadiusKm;
  category?: Category;
  offerType?: OfferType;
  paymentType?: PaymentType;
  listingLanguage?: Language;
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

/** A search key inside LIKE: its own % and _ are literal characters, not wildcards. */
function contains(key: string): string {
  return `%${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

interface SortColumns {
  id: AnyPgColumn;
  createdAt: AnyPgColumn;
  amount: AnyPgColumn;
  paymentType: AnyPgColumn;
}

/** One sort of an index: its key columns (then the id, in the same direction) and how a cursor carries them. */
interface IndexedSort {
  keys: (t: SortColumns) => AnyPgColumn[];
  isDescending: boolean;
  /** The key as the cursor carries it, one text. */
  value: (t: SortColumns) => SQL<string>;
  /** The cursor's text back as the key's values, typed. */
  seek: (value: unknown) => SQL[];
}

/** `created_at` in UTC to the microsecond (a JS Date keeps only milliseconds). */
const timestampText = (t: SortColumns) => sql<string>`to_char(${t.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const NEWEST: IndexedSort = { keys: (t) => [t.createdAt], isDescending: true, value: timestampText, seek: (v) => [sql`${v}::timestamptz`] };

/**
 * Pay in two runs, one per payment type (payment type, then amount): the pay index read forwards for low to
 * high (fixed, then hourly), backwards for high to low (hourly, then fixed); equal pay by id.
 */
const byPay = (isDescending: boolean): IndexedSort => ({
  keys: (t) => [t.paymentType, t.amount],
  isDescending,
  value: (t) => sql<string>`${t.paymentType} || ':' || ${t.amount}`,
  seek: (v) => [sql`split_part(${v}::text, ':', 1)`, sql`split_part(${v}::text, ':', 2)::integer`],
});

/** The sorts an index gives in order; `nearest` walks places in turn instead (`nearestMatches`). */
const SORTS: Record<Exclude<SortOption, 'nearest'>, IndexedSort> = {
  newest: NEWEST,
  'salary-high': byPay(true),
  'salary-low': byPay(false),
};

/** Rows in the order they are read: the sort's own order, or its reverse when paging backwards. */
function readingOrder(sort: IndexedSort, t: SortColumns, isBackwards: boolean): SQL[] {
  const isDescending = sort.isDescending !== isBackwards;
  return [...sort.keys(t), t.id].map((column) => (isDescending ? desc(column) : asc(column)));
}

/** The rows past the cursor, in reading order: a row comparison the index seeks to. */
function pastCursor(sort: IndexedSort, cursor: Pick<SearchCursor, 'direction'> & { value: unknown; id: unknown }, t: SortColumns): SQL {
  const goesDown = sort.isDescending === (cursor.direction === 'after');
  const columns = sql.join([...sort.keys(t), t.id], sql`, `);
  const values = sql.join([...sort.seek(cursor.value), sql`${cursor.id}`], sql`, `);
  return sql`(${columns}) ${sql.raw(goesDown ? '<' : '>')} (${values})`;
}

type SortedRow = { listing: PublicRow; sortValue: string };

/** Not taken down by a moderator, and not by a blocked publisher: what anyone but the owner may see. */
export const publiclyVisible: SQL = and(isNull(listings.hiddenAt), eq(listings.isPublisherBlocked, false)) as SQL;

/**
 * How a condition is written. In a count, or in fetching the few matches of a narrow search, every filter
 * may use its index ('indexed'). Where the sort's own index is walked and stops at its limit, a filter
 * whose index does not give the sort's order is written so no index serves it ('row by row': `strpos`,
 * `+ 0`, `|| ''`): the planner then cannot trade the walk for fetching every match and sorting them.
 */
type Use = 'indexed' | 'row by row';

/** The search's place: the chosen place (and the places within its radius, nearest first), or none. */
export interface Around {
  center: Place;
  /** Within the radius (every place without one), nearest first, with their distance from the center. */
  near: { id: number; km: number }[];
}

export function aroundOf(params: Pick<SearchParams, 'placeId' | 'radiusKm'>): Around | undefined {
  const center = placeById(params.placeId);
  return center ? { center, near: placesAround(center, params.radiusKm) } : undefined;
}

/**
 * The conditions of a search beyond offer type and category (docs/product.md#search): the words in the title
 * or the publisher's name, the place typed (any of its names, or the street), the chosen place or the places
 * around it, the listing's language and the payment type. Words and places are compared as search keys.
 */
function filtersOf(
  params: SearchParams,
  around: Around | undefined,
  use: (filter: 'words' | 'place' | 'language' | 'paymentType') => Use,
  part?: NamedPlacePart,
): SQL[] {
  const has = (column: AnyPgColumn, key: string, how: Use) =>
    how === 'indexed' ? like(column, contains(key)) : sql`strpos(${column}, ${key}) > 0`;
  const exact = (column: AnyPgColumn, value: unknown, how: Use) =>
    how === 'indexed' ? sql`${column} = ${value}` : sql`${column} || '' = ${value}`;
  const conditions: SQL[] = [];
  const words = searchKey(params.q ?? '');
  if (words) conditions.push(has(listings.searchText, words, use('words')));
  if (around) {
    // One parameter, an array literal (drizzle would spread a JS array into a row of parameters).
    const ids = `{${around.near.map((near) => near.id).join(',')}}`;
    const how = use('place');
    // Nearest first without a radius: every listing with a place, the whole country by distance.
    if (params.radiusKm === undefined && params.sort === 'nearest') conditions.push(sql`${listings.placeId} is not null`);
    else if (params.radiusKm === undefined)
      conditions.push(how === 'indexed' ? eq(listings.placeId, around.center.id) : sql`${listings.placeId} + 0 = ${around.center.id}`);
    else
      conditions.push(
        how === 'indexed' ? sql`${listings.placeId} = any(${ids}::int[])` : sql`${listings.placeId} + 0 = any(${ids}::int[])`,
      );
  } else if (params.location && searchKey(params.location)) {
    const how = use('place');
    const byText = has(listings.placeText, searchKey(params.location), how);
    const named = placeNamed(params.location);
    if (!named) conditions.push(byText);
    else {
      // A name of a place (in any language or spelling): that place's listings, and those whose city no place
      // has but whose text matches. Two disjoint parts, so each can be counted through its own index.
      const ofThePlace = how === 'indexed' ? eq(listings.placeId, named.id) : sql`${listings.placeId} + 0 = ${named.id}`;
      const unplaced = and(isNull(listings.placeId), byText) as SQL;
      conditions.push(part === 'the place' ? ofThePlace : part === 'unplaced' ? unplaced : (or(ofThePlace, unplaced) as SQL));
    }
  }
  if (params.listingLanguage) conditions.push(exact(listings.language, params.listingLanguage, use('language')));
  if (params.paymentType) conditions.push(exact(listings.paymentType, params.paymentType, use('paymentType')));
  return conditions;
}

/** Of a typed name of a place: its listings, or the listings with no place whose text matches. */
type NamedPlacePart = 'the place' | 'unplaced';

/**
 * The matches counted up to the cap: one capped count, or for a typed name of a place, one per part (each
 * stops at the cap through its own index: the place's B-tree, the small trigram index of unplaced rows).
 */
function matchCount(params: SearchParams, scope: SQL[], around: Around | undefined): SQL<number> {
  const where = (part?: NamedPlacePart) => and(...scope, ...filtersOf(params, around, () => 'indexed', part)) as SQL;
  const isNamedPlace = !around && params.location !== undefined && placeNamed(params.location) !== undefined;
  return isNamedPlace ? sql<number>`${cappedCount(where('the place'))} + ${cappedCount(where('unplaced'))}` : cappedCount(where());
}

/** Whether a search is the plain list of an offer type (and category), which a prepared statement serves. */
function isPlain(params: SearchParams): boolean {
  return (
    !searchKey(params.q ?? '') &&
    !searchKey(params.location ?? '') &&
    !params.placeId &&
    !params.listingLanguage &&
    !params.paymentType &&
    params.sort !== 'nearest'
  );
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
function plainSearch(db: Database, sortName: keyof typeof SORTS, hasCategory: boolean, direction: SearchCursor['direction'] | 'first') {
  const sort = SORTS[sortName];
  const offerType = sql.placeholder('offerType');
  const category = hasCategory ? sql.placeholder('category') : undefined;
  const conditions = [publicSearchable(listings), eq(listings.offerType, offerType)];
  if (category) conditions.push(eq(listings.category, category));
  if (direction !== 'first')
    conditions.push(pastCursor(sort, { direction, value: sql.placeholder('cursorValue'), id: sql.placeholder('cursorId') }, listings));
  return db
    .select({ listing: publicColumns, sortValue: sort.value(listings), total: keptCount(offerType, category) })
    .from(listings)
    .where(and(...conditions))
    .orderBy(...readingOrder(sort, listings, direction === 'before'))
    .limit(sql.placeholder('take'))
    .offset(sql.placeholder('skip'))
    .prepare(`public_search_${sortName.replace('-', '_')}_${hasCategory ? 'category' : 'any'}_${direction}`);
}

const plainSearches = new WeakMap<Database, Map<string, ReturnType<typeof plainSearch>>>();

function preparedPlainSearch(db: Database, sort: keyof typeof SORTS, hasCategory: boolean, direction: SearchCursor['direction'] | 'first') {
  const prepared = plainSearches.get(db) ?? new Map<string, ReturnType<typeof plainSearch>>();
  plainSearches.set(db, prepared);
  const key = `${sort}|${hasCategory}|${direction}`;
  const query = prepared.get(key) ?? plainSearch(db, sort, hasCategory, direction);
  prepared.set(key, query);
  return query;
}

type OfferTypeSearch = SearchParams & { offerType: OfferType };

const countOnly = async (db: Database, count: SQL<number>) =>
  Number(rowsOf<{ n: number }>(await db.execute(sql`select ${count} as n`))[0]?.n ?? 0);

/** Public listings of the offer type (and category): where every search of one offer type starts. */
function scopeOf(params: OfferTypeSearch): SQL[] {
  const scope: SQL[] = [publicSearchable(listings), eq(listings.offerType, params.offerType)];
  if (params.category) scope.push(eq(listings.category, params.category));
  return scope;
}

/**
 * One offer type's matches: `take` rows in reading order after skipping `skip`, and the count. Without
 * filters, the partial B-tree index of the sort gives the rows (its scan stops at its limit) and the total is
 * the one triggers keep. With filters, the count through their indexes, capped, decides: a few matches are
 * all fetched by those indexes and sorted (no more than the cap); many are found by walking the sort's
 * index (where a filter's own index gives that order, it is walked instead: one place or one language,
 * newest first; one payment type, by pay), where matches are dense enough that the walk stops soon.
 */
async function matchesOfOfferType(
  db: Database,
  params: OfferTypeSearch,
  skip: number,
  take: number,
): Promise<{ rows: SortedRow[]; total: number }> {
  const around = aroundOf(params);
  const scope = scopeOf(params);
  const total = isPlain(params) ? undefined : await countOnly(db, matchCount(params, scope, around));
  if (params.sort === 'nearest')
    return around ? { rows: await nearestMatches(db, params, around, total ?? 0, skip, take), total: total ?? 0 } : { rows: [], total: 0 };
  const sortName = params.sort;
  const sort = SORTS[sortName];
  const { cursor } = params;
  const isBackwards = cursor?.direction === 'before';

  if (total === undefined) {
    const rows = await preparedPlainSearch(db, sortName, params.category !== undefined, cursor?.direction ?? 'first').execute({
      offerType: params.offerType,
      category: params.category,
      cursorValue: cursor?.value,
      cursorId: cursor?.id,
      take,
      skip,
    });
    // Past the last row, no row carries the count.
    return { rows, total: rows[0] ? Number(rows[0].total) : await countOnly(db, keptCount(params.offerType, params.category)) };
  }
  if (total > LIMITS.searchCountCap) {
    const ordersLikeTheSort = (filter: 'words' | 'place' | 'language' | 'paymentType'): Use => {
      if (filter === 'paymentType') return sortName === 'newest' ? 'row by row' : 'indexed';
      if ((filter === 'place' && params.radiusKm === undefined) || filter === 'language')
        return sortName === 'newest' ? 'indexed' : 'row by row';
      return 'row by row';
    };
    const walked = and(...scope, ...filtersOf(params, around, ordersLikeTheSort), ...(cursor ? [pastCursor(sort, cursor, listings)] : []));
    const rows = await db
      .select({ listing: publicColumns, sortValue: sort.value(listings) })
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
    .select({ ...publicColumns, sortValue: sort.value(listings).as('sort_value') })
    .from(listings)
    .where(and(...scope, ...filtersOf(params, around, () => 'indexed')))
    .limit(LIMITS.searchCountCap)
    .as('matches');
  const rows = await db
    .select()
    .from(matches)
    .where(cursor ? pastCursor(sort, cursor, matches) : undefined)
    .orderBy(...readingOrder(sort, matches, isBackwards))
    .limit(take)
    .offset(skip);
  return { rows: rows.map(({ sortValue, ...listing }) => ({ listing, sortValue })), total };
}

/** Places walked at a time for nearest first, at most: one index seek each, run together. */
const MOST_PLACES_AT_A_TIME = 16;

/**
 * Nearest first: the chosen place's listings, then those of the next nearest place, and so on (newest
 * first within a place). Its sort value is the place's rank, then the time. A few matches are fetched at
 * once and ordered here; many are read a place at a time from the place index, each read stopping at the
 * rows still wanted, until the page is full.
 */
async function nearestMatches(
  db: Database,
  params: OfferTypeSearch,
  around: Around,
  total: number,
  skip: number,
  take: number,
): Promise<SortedRow[]> {
  const rankOf = new Map(around.near.map((near, rank) => [near.id, rank]));
  const { cursor } = params;
  const isBackwards = cursor?.direction === 'before';
  const at = cursor ? nearestPosition(cursor.value) : undefined;
  const byReadingOrder = (a: SortedRow, b: SortedRow) => (isBackwards ? -1 : 1) * compareNearest(a, b);
  const sorted = (listing: PublicRow, time: string) => ({ listing, sortValue: `${rankOf.get(listing.placeId ?? 0) ?? 0}:${time}` });
  const isPast = (row: SortedRow) =>
    !cursor || byReadingOrder(row, { listing: { id: cursor.id } as PublicRow, sortValue: cursor.value }) > 0;
  const scope = scopeOf(params);

  if (total <= LIMITS.searchCountCap) {
    const rows = await db
      .select({ listing: publicColumns, time: timestampText(listings) })
      .from(listings)
      .where(and(...scope, ...filtersOf(params, around, () => 'indexed')))
      .limit(LIMITS.searchCountCap);
    return rows
      .map((row) => sorted(row.listing, row.time))
      .filter(isPast)
      .sort(byReadingOrder)
      .slice(skip, skip + take);
  }
  const wanted = skip + take;
  // Walked from the cursor's place onwards (backwards: towards the center), or from the center.
  const start = at?.rank ?? 0;
  const ranks = isBackwards
    ? Array.from({ length: start + 1 }, (_, i) => start - i)
    : Array.from({ length: around.near.length - start }, (_, i) => start + i);
  const filters = filtersOf({ ...params, placeId: undefined, radiusKm: undefined, location: undefined }, undefined, () => 'row by row');
  const found: SortedRow[] = [];
  // The center alone first (where there are many matches, it fills the page), then twice as many places each time.
  for (let i = 0, batch = 1; i < ranks.length && found.length < wanted; i += batch, batch = Math.min(batch * 2, MOST_PLACES_AT_A_TIME)) {
    const reads = ranks.slice(i, i + batch).map((rank) => {
      const isCursorPlace = cursor !== undefined && cursor !== null && rank === at?.rank;
      return db
        .select({ listing: publicColumns, time: timestampText(listings) })
        .from(listings)
        .where(
          and(
            ...scope,
            eq(listings.placeId, around.near[rank]!.id),
            ...filters,
            ...(isCursorPlace ? [pastCursor(NEWEST, { direction: cursor.direction, value: at.time, id: cursor.id }, listings)] : []),
          ),
        )
        .orderBy(...readingOrder(NEWEST, listings, isBackwards))
        .limit(wanted - found.length);
    });
    for (const rows of await Promise.all(reads)) found.push(...rows.map((row) => sorted(row.listing, row.time)));
  }
  return found.sort(byReadingOrder).slice(skip, skip + take);
}

/** A nearest-first cursor's value: the place's rank, then the time. */
function nearestPosition(value: string): { rank: number; time: string } {
  const colon = value.indexOf(':');
  return { rank: Number(value.slice(0, colon)), time: value.slice(colon + 1) };
}

/** Nearest first: the nearer place first, then the newer listing, then the higher id. */
function compareNearest(a: SortedRow, b: SortedRow): number {
  const [x, y] = [nearestPosition(a.sortValue), nearestPosition(b.sortValue)];
  return x.rank - y.rank || (x.time < y.time ? 1 : x.time > y.time ? -1 : 0) || b.listing.id - a.listing.id;
}

/** Two rows in the sort's own order (negative: `a` first). */
function compareInSort(sort: SortOption, a: SortedRow, b: SortedRow): number {
  if (sort === 'nearest') return compareNearest(a, b);
  const direction = SORTS[sort].isDescending ? -1 : 1;
  const [x, y] = [a.sortValue, b.sortValue];
  if (sort === 'newest') return direction * ((x < y ? -1 : x > y ? 1 : 0) || a.listing.id - b.listing.id);
  // Pay: the payment type (as text, as the index orders it), then the amount as a number.
  const [typeX, amountX] = x.split(':');
  const [typeY, amountY] = y.split(':');
  const byType = typeX! < typeY! ? -1 : typeX! > typeY! ? 1 : 0;
  return direction * (byType || Number(amountX) - Number(amountY) || a.listing.id - b.listing.id);
}

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

/** Rows of several offer types, merged into one reading order. */
function mergeInReadingOrder(sort: SortOption, isBackwards: boolean, lists: SortedRow[][]): SortedRow[] {
  return lists.flat().sort((a, b) => (isBackwards ? -1 : 1) * compareInSort(sort, a, b));
}

/**
 * The public search (docs/product.md#search): active listings only; words in the title or the contact person's name and
 * a typed place in any name of the city or in the street, compared as search keys; a chosen place, or the
 * places within a radius of it; category, offer type, payment type and the listing's language exact. Every query reads at most the count cap plus a page of rows, whatever the depth:
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
    const found = await Promise.all(
      OFFER_TYPES.map((offerType) => matchesOfOfferType(db, { ...params, offerType }, 0, skip + pageSize + 1)),
    );
    read = mergeInReadingOrder(
      sort,
      isBackwards,
      found.map((f) => f.rows),
    ).slice(skip, skip + pageSize + 1);
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
