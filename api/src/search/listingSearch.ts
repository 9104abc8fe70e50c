// The public search (docs/product.md#search, docs/search.md): the listings a visitor's words, place and filters
// find, in the order asked, a page at a time by cursor, at any depth; each query's plan chosen by how many match.
import { and, asc, desc, eq, isNull, like, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  LIMITS,
  OFFER_TYPES,
  searchKey,
  type Category,
  type Language,
  type OfferType,
  type PaymentType,
  type RadiusKm,
  type SortOption,
} from '@tasko/shared/domain';
import { rowsOf, type Database } from '../db/client.js';
import { listings, publicListingCounts, publicSearchable } from '../db/schema.js';
import { publicColumns, type PublicRow } from '../plugins/jobs/listingWire.js';
import { encodeCursor, type SearchCursor } from '../plugins/jobs/searchCursor.js';
import { placeById, placeNamed, placesAround, type Place } from '../plugins/places/places.js';
import { bestScoreOf, matchesQuery, scoreOf } from './ranking.js';
import { readQuery, type ReadQuery } from './terms.js';

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
  /** `q` as `readQuery` reads it, when the caller has read it already (the route, to choose the order). */
  read?: ReadQuery;
  /** The order asked for; without one, `sortOf`'s (most relevant first for words, else newest first). */
  sort?: SortOption;
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

/**
 * The sorts an index gives in order; `nearest` walks places in turn instead (`nearestMatches`), `relevance`
 * ranks the matches (`relevanceMatches`).
 */
const SORTS: Record<Exclude<SortOption, 'nearest' | 'relevance'>, IndexedSort> = {
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
  params: ReadSearch,
  around: Around | undefined,
  use: (filter: 'words' | 'place' | 'language' | 'paymentType') => Use,
  part?: NamedPlacePart,
): SQL[] {
  const has = (column: AnyPgColumn, key: string, how: Use) =>
    how === 'indexed' ? like(column, contains(key)) : sql`strpos(${column}, ${key}) > 0`;
  const exact = (column: AnyPgColumn, value: unknown, how: Use) =>
    how === 'indexed' ? sql`${column} = ${value}` : sql`${column} || '' = ${value}`;
  const conditions: SQL[] = [];
  if (params.read.terms.length > 0) conditions.push(matchesQuery(listings.searchTerms, params.read, use('words')));
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
function matchCount(params: ReadSearch, scope: SQL[], around: Around | undefined): SQL<number> {
  const where = (part?: NamedPlacePart) => and(...scope, ...filtersOf(params, around, () => 'indexed', part)) as SQL;
  const isNamedPlace = !around && params.location !== undefined && placeNamed(params.location) !== undefined;
  return isNamedPlace ? sql<number>`${cappedCount(where('the place'))} + ${cappedCount(where('unplaced'))}` : cappedCount(where());
}

/** Whether a search is the plain list of an offer type (and category), which a prepared statement serves. */
function isPlain(params: ReadSearch): boolean {
  return (
    params.read.terms.length === 0 &&
    !searchKey(params.location ?? '') &&
    !params.placeId &&
    !params.listingLanguage &&
    !params.paymentType &&
    params.sort !== 'nearest' &&
    params.sort !== 'relevance'
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

/** A search with its words read (`readQuery`), once for the whole request. */
type ReadSearch = Omit<SearchParams, 'sort'> & { sort: SortOption; read: ReadQuery };
type OfferTypeSearch = ReadSearch & { offerType: OfferType };

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
  if (params.sort === 'relevance')
    return { rows: await relevanceMatches(db, params, scope, around, total ?? 0, skip, take), total: total ?? 0 };
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
    const walked = and(
      ...scope,
      ...filtersOf(params, around, orderedLike(sortName, params)),
      ...(cursor ? [pastCursor(sort, cursor, listings)] : []),
    );
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

/**
 * How each filter is written where the rows are read by walking the sort's index: indexed where the filter's own
 * index gives that order (one place or one language, newest first; one payment type, by pay), else row by row.
 */
function orderedLike(sortName: keyof typeof SORTS, params: SearchParams) {
  return (filter: 'words' | 'place' | 'language' | 'paymentType'): Use => {
    if (filter === 'paymentType') return sortName === 'newest' ? 'row by row' : 'indexed';
    if ((filter === 'place' && params.radiusKm === undefined) || filter === 'language')
      return sortName === 'newest' ? 'indexed' : 'row by row';
    return 'row by row';
  };
}

/**
 * Most relevant first (docs/search.md#relevance): the matches ranked by `scoreOf`, ties broken by the nearer
 * place (with a radius), then the newer listing, then the higher id. Its sort value is `score:rank:time`. A few
 * matches (up to the count cap) are all ranked; of many, the newest `searchCountCap` are, read by walking the
 * newest-first index: a broad query's best answers among the listings of the last while.
 */
async function relevanceMatches(
  db: Database,
  params: OfferTypeSearch,
  scope: SQL[],
  around: Around | undefined,
  total: number,
  skip: number,
  take: number,
): Promise<SortedRow[]> {
  const { cursor } = params;
  const isBackwards = cursor?.direction === 'before';
  const isMany = total > LIMITS.searchCountCap;
  // With a radius, the nearer place first among equals: the place's rank among those around, negated so every key sorts descending.
  const ids = around && params.radiusKm !== undefined ? `{${around.near.map((near) => near.id).join(',')}}` : undefined;
  const negatedRank = ids ? sql<number>`-coalesce(array_position(${ids}::int[], ${listings.placeId}), 0)` : sql<number>`0`;
  const filters = filtersOf(params, around, isMany ? orderedLike('newest', params) : () => 'indexed');
  // A fresh query each time: drizzle's builders change in place.
  const reading = () =>
    db
      .select({
        ...publicColumns,
        score: scoreOf(params.read, listings.searchTerms).as('score'),
        negatedRank: negatedRank.as('negated_rank'),
        time: timestampText(listings).as('sort_time'),
      })
      .from(listings)
      .where(and(...scope, ...filters));
  // Of many, the candidates are the newest matches, read along the newest-first index as deep as they are wanted.
  const newestMatches = (limit: number) =>
    reading()
      .orderBy(...readingOrder(NEWEST, listings, false))
      .limit(limit);
  // Of many matches, the first pages are mostly of the best score a listing can have (every word at its weightiest
  // tier, in a title of one task). When the newest matches, twice as many as the pages asked for, hold enough of
  // those, they are the pages, newest first: nothing outranks them, and every other best-score candidate is older.
  // That walk of the newest-first index stops at its limit, as newest first does; only when it falls short are
  // all the candidates ranked. It stays among the candidates (the newest `searchCountCap`), so a deep page is the
  // ranking's too. Without a radius only: with one, the nearer place comes before the newer listing.
  if (isMany && !ids && !cursor) {
    const bestScore = bestScoreOf(params.read);
    const newest = await newestMatches(Math.min(2 * (skip + take), LIMITS.searchCountCap));
    const best = newest.filter((row) => row.score === bestScore).slice(skip, skip + take);
    if (best.length === take) return best.map(rankedRow);
  }
  const candidates = (isMany ? newestMatches(LIMITS.searchCountCap) : reading().limit(LIMITS.searchCountCap)).as('candidates');
  const keys = [candidates.score, candidates.negatedRank, candidates.createdAt, candidates.id];
  const at = cursor ? relevancePosition(cursor.value) : undefined;
  const past =
    cursor && at
      ? sql`(${sql.join(keys, sql`, `)}) ${sql.raw(cursor.direction === 'after' ? '<' : '>')} (${at.score}::int, ${-at.rank}::int, ${at.time}::timestamptz, ${cursor.id}::int)`
      : undefined;
  const rows = await db
    .select()
    .from(candidates)
    .where(past)
    .orderBy(...keys.map((key) => (isBackwards ? asc(key) : desc(key))))
    .limit(take)
    .offset(skip);
  return rows.map(rankedRow);
}

/** A ranked candidate as a row of the page, its sort value `score:rank:time`. */
function rankedRow({ score, negatedRank, time, ...listing }: PublicRow & { score: number; negatedRank: number; time: string }): SortedRow {
  return { listing, sortValue: `${score}:${-negatedRank}:${time}` };
}

/** A relevance cursor's value: the score, the place's rank (0 without a radius), then the time. */
function relevancePosition(value: string): { score: number; rank: number; time: string } {
  const [score, rank] = value.split(':', 2);
  return { score: Number(score), rank: Number(rank), time: value.slice(`${score}:${rank}:`.length) };
}

/** Most relevant first: the higher score, then the nearer place, then the newer listing, then the higher id. */
function compareRelevance(a: SortedRow, b: SortedRow): number {
  const [x, y] = [relevancePosition(a.sortValue), relevancePosition(b.sortValue)];
  return y.score - x.score || x.rank - y.rank || (x.time < y.time ? 1 : x.time > y.time ? -1 : 0) || b.listing.id - a.listing.id;
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
  if (sort === 'relevance') return compareRelevance(a, b);
  const direction = SORTS[sort].isDescending ? -1 : 1;
  const [x, y] = [a.sortValue, b.sortValue];
  if (sort === 'newest') return direction * ((x < y ? -1 : x > y ? 1 : 0) || a.listing.id - b.listing.id);
  // Pay: the payment type (as text, as the index orders it), then the amount as a number.
  const [typeX, amountX] = x.split(':');
  const [typeY, amountY] = y.split(':');
  const byType = typeX! < typeY! ? -1 : typeX! > typeY! ? 1 : 0;
  return direction * (byType || Number(amountX) - Number(amountY) || a.listing.id - b.listing.id);
}

/** Rows of several offer types, merged into one reading order. */
function mergeInReadingOrder(sort: SortOption, isBackwards: boolean, lists: SortedRow[][]): SortedRow[] {
  return lists.flat().sort((a, b) => (isBackwards ? -1 : 1) * compareInSort(sort, a, b));
}

/**
 * The public search (docs/product.md#search): active listings only; words as the terms they are read as (stems,
 * tasks and places, in any language: `readQuery`), most relevant first by default; a typed place in any name of
 * the city or in the street, compared as search keys; a chosen place, or the places within a radius of it;
 * category, offer type, payment type and the listing's language exact. Every query reads at most the count cap
 * plus a page of rows, whatever the depth:
 * `page` reaches `searchCountCap` rows deep (the route refuses deeper ones), a cursor seeks anywhere.
 */
export async function searchListings(db: Database, asked: SearchParams): Promise<SearchAnswer> {
  const query = asked.read ?? readQuery(asked.q ?? '');
  const params: ReadSearch = { ...asked, sort: sortOf(query, asked.sort), read: query };
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

/**
 * The order a search is read in: the one asked, else most relevant first for words and newest first without
 * them. Relevance without words (none, or only words such as "the") is newest first.
 */
export function sortOf(read: ReadQuery, asked: SortOption | undefined): SortOption {
  const hasWords = read.terms.length > 0;
  if (asked === undefined) return hasWords ? 'relevance' : 'newest';
  return asked === 'relevance' && !hasWords ? 'newest' : asked;
}
