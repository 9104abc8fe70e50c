import {
  CATEGORIES,
  LIMITS,
  PAYMENT_FILTERS,
  RADIUS_KM_OPTIONS,
  SORT_OPTIONS,
  type Category,
  type OfferType,
  type PaymentFilter,
  type RadiusKm,
  type SortOption,
} from './listing';
import { isLanguage, type Language } from './languages';

/**
 * A listing search as the URL holds it (`?q=&location=&placeId=&radiusKm=&category=&paymentType=
 * &listingLanguage=&sort=&page=&cursor=`), so it can be shared and Back works. `cursor` is where the page
 * starts (the API's `nextCursor` or `previousCursor`): with it, a page deep in a long list costs what the
 * first costs. `placeId` is the place chosen from the suggestions (0: none, `location` is then free text);
 * `radiusKm` and the `nearest` sort apply only with a place.
 */
export interface ListingSearch {
  q: string;
  location: string;
  placeId: number;
  radiusKm: RadiusKm | 0;
  category: Category | 'all';
  paymentType: PaymentFilter;
  /** Only listings written in this language; 'any' for all. */
  listingLanguage: Language | 'any';
  sort: SortOption;
  page: number;
  cursor: string;
}

export const DEFAULT_SEARCH: ListingSearch = {
  q: '',
  location: '',
  placeId: 0,
  radiusKm: 0,
  category: 'all',
  paymentType: 'any',
  listingLanguage: 'any',
  sort: 'newest',
  page: 1,
  cursor: '',
};

/** The order a search is shown in when none is chosen: most relevant first for words, newest first without. */
export function defaultSortOf(q: string): SortOption {
  return q.trim() ? 'relevance' : 'newest';
}

const TEXT_MAX = 100;
const CURSOR_MAX = 200;

/** Anything a hand-edited URL holds reads as a valid search: unknown values fall back to the defaults. */
export function searchFromParams(params: URLSearchParams): ListingSearch {
  const category = params.get('category');
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  const placeId = Number(params.get('placeId'));
  const radiusKm = Number(params.get('radiusKm'));
  const paymentType = params.get('paymentType');
  const listingLanguage = params.get('listingLanguage');
  const hasPlace = Number.isSafeInteger(placeId) && placeId > 0;
  const q = (params.get('q') ?? '').slice(0, TEXT_MAX);
  const parsedSort = (SORT_OPTIONS as readonly string[]).includes(sort ?? '') ? (sort as SortOption) : defaultSortOf(q);
  const isPossible = (parsedSort !== 'nearest' || hasPlace) && (parsedSort !== 'relevance' || q.trim() !== '');
  return {
    q,
    location: (params.get('location') ?? '').slice(0, TEXT_MAX),
    placeId: hasPlace ? placeId : 0,
    radiusKm: hasPlace && (RADIUS_KM_OPTIONS as readonly number[]).includes(radiusKm) ? (radiusKm as RadiusKm) : 0,
    category: (CATEGORIES as readonly string[]).includes(category ?? '') ? (category as Category) : 'all',
    paymentType: (PAYMENT_FILTERS as readonly string[]).includes(paymentType ?? '') ? (paymentType as PaymentFilter) : 'any',
    listingLanguage: isLanguage(listingLanguage) ? listingLanguage : 'any',
    sort: isPossible ? parsedSort : defaultSortOf(q),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    cursor: (params.get('cursor') ?? '').slice(0, CURSOR_MAX),
  };
}

/** Only what differs from the defaults, in a fixed order: the same search is always the same URL. */
export function searchToParams(search: ListingSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.q.trim()) params.set('q', search.q.trim());
  if (search.location.trim()) params.set('location', search.location.trim());
  if (search.placeId) params.set('placeId', String(search.placeId));
  if (search.placeId && search.radiusKm) params.set('radiusKm', String(search.radiusKm));
  if (search.category !== 'all') params.set('category', search.category);
  if (search.paymentType !== 'any') params.set('paymentType', search.paymentType);
  if (search.listingLanguage !== 'any') params.set('listingLanguage', search.listingLanguage);
  if (search.sort !== defaultSortOf(search.q)) params.set('sort', search.sort);
  if (search.page > 1) params.set('page', String(search.page));
  if (search.cursor) params.set('cursor', search.cursor);
  return params;
}

/**
 * A new filter or text starts again at page 1; turning the page keeps the rest, with the new page's cursor.
 * Without a place there is no distance: the radius goes, and "nearest first" becomes the default order. New
 * words keep an order the reader chose, else take the default one (most relevant first for words).
 */
export function changeSearch(current: ListingSearch, change: Partial<ListingSearch>): ListingSearch {
  const isPaging = Object.keys(change).every((key) => key === 'page' || key === 'cursor');
  if (isPaging) return { ...current, page: change.page ?? current.page, cursor: change.cursor ?? '' };
  const next = { ...current, ...change, page: 1, cursor: '' };
  const isDefaultOrder = change.sort === undefined && current.sort === defaultSortOf(current.q);
  if (isDefaultOrder || (next.sort === 'relevance' && !next.q.trim())) next.sort = defaultSortOf(next.q);
  if (next.placeId) return next;
  return { ...next, radiusKm: 0, sort: next.sort === 'nearest' ? defaultSortOf(next.q) : next.sort };
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** What `GET /api/v1/jobs` takes for a public search. */
export interface JobSearchParams {
  q?: string;
  location?: string;
  category?: Category;
  offerType?: OfferType;
  sort?: SortOption;
  page?: number;
  pageSize?: number;
  cursor?: string;
  placeId?: number;
  radiusKm?: RadiusKm;
  paymentType?: PaymentFilter;
  listingLanguage?: Language;
  /** The language the answer names places in (display only). */
  language?: Language;
}

/**
 * The search a page's URL asks the API for (its listings of one offer type, a page of the default size),
 * with the places named in the page's `language`.
 */
export function searchRequest(search: ListingSearch, offerType: OfferType, language?: Language): JobSearchParams {
  return {
    offerType,
    ...(search.q ? { q: search.q } : {}),
    ...(search.location && !search.placeId ? { location: search.location } : {}),
    ...(search.placeId ? { placeId: search.placeId } : {}),
    ...(search.placeId && search.radiusKm ? { radiusKm: search.radiusKm } : {}),
    ...(search.category !== 'all' ? { category: search.category } : {}),
    ...(search.paymentType !== 'any' ? { paymentType: search.paymentType } : {}),
    ...(search.listingLanguage !== 'any' ? { listingLanguage: search.listingLanguage } : {}),
    // The default order is left to the server, which orders a query by relevance when it has words to rank by.
    ...(search.sort !== defaultSortOf(search.q) ? { sort: search.sort } : {}),
    page: search.page,
    pageSize: LIMITS.defaultPageSize,
    ...(search.cursor ? { cursor: search.cursor } : {}),
    ...(language ? { language } : {}),
  };
}

/**
 * The query string of a search, in one fixed order and encoding: the page's request and the server's preload
 * hint for it must be byte for byte the same URL, or the browser fetches twice.
 */
export function searchQueryString(params: JobSearchParams): string {
  const query = new URLSearchParams();
  for (const key of [
    'offerType',
    'q',
    'location',
    'placeId',
    'radiusKm',
    'category',
    'paymentType',
    'listingLanguage',
    'sort',
    'page',
    'pageSize',
    'cursor',
    'language',
  ] as const) {
    const value = params[key];
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  return query.toString();
}
