import { CATEGORIES, LIMITS, SORT_OPTIONS, type Category, type OfferType, type SortOption } from './listing';

/**
 * A listing search as the URL holds it (`?q=&location=&category=&sort=&page=&cursor=`), so it can be shared
 * and Back works. `cursor` is where the page starts (the API's `nextCursor` or `previousCursor`): with it,
 * a page deep in a long list costs what the first costs.
 */
export interface ListingSearch {
  q: string;
  location: string;
  category: Category | 'all';
  sort: SortOption;
  page: number;
  cursor: string;
}

export const DEFAULT_SEARCH: ListingSearch = { q: '', location: '', category: 'all', sort: 'newest', page: 1, cursor: '' };

const TEXT_MAX = 100;
const CURSOR_MAX = 200;

/** Anything a hand-edited URL holds reads as a valid search: unknown values fall back to the defaults. */
export function searchFromParams(params: URLSearchParams): ListingSearch {
  const category = params.get('category');
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').slice(0, TEXT_MAX),
    location: (params.get('location') ?? '').slice(0, TEXT_MAX),
    category: (CATEGORIES as readonly string[]).includes(category ?? '') ? (category as Category) : 'all',
    sort: (SORT_OPTIONS as readonly string[]).includes(sort ?? '') ? (sort as SortOption) : 'newest',
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    cursor: (params.get('cursor') ?? '').slice(0, CURSOR_MAX),
  };
}

/** Only what differs from the defaults, in a fixed order: the same search is always the same URL. */
export function searchToParams(search: ListingSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.q.trim()) params.set('q', search.q.trim());
  if (search.location.trim()) params.set('location', search.location.trim());
  if (search.category !== 'all') params.set('category', search.category);
  if (search.sort !== 'newest') params.set('sort', search.sort);
  if (search.page > 1) params.set('page', String(search.page));
  if (search.cursor) params.set('cursor', search.cursor);
  return params;
}

/** A new filter or text starts again at page 1; turning the page keeps the rest, with the new page's cursor. */
export function changeSearch(current: ListingSearch, change: Partial<ListingSearch>): ListingSearch {
  const isPaging = Object.keys(change).every((key) => key === 'page' || key === 'cursor');
  if (isPaging) return { ...current, page: change.page ?? current.page, cursor: change.cursor ?? '' };
  return { ...current, ...change, page: 1, cursor: '' };
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
}

/** The search a page's URL asks the API for (its listings of one offer type, a page of the default size). */
export function searchRequest(search: ListingSearch, offerType: OfferType): JobSearchParams {
  return {
    offerType,
    ...(search.q ? { q: search.q } : {}),
    ...(search.location ? { location: search.location } : {}),
    ...(search.category !== 'all' ? { category: search.category } : {}),
    sort: search.sort,
    page: search.page,
    pageSize: LIMITS.defaultPageSize,
    ...(search.cursor ? { cursor: search.cursor } : {}),
  };
}

/**
 * The query string of a search, in one fixed order and encoding: the page's request and the server's preload
 * hint for it must be byte for byte the same URL, or the browser fetches twice.
 */
export function searchQueryString(params: JobSearchParams): string {
  const query = new URLSearchParams();
  for (const key of ['offerType', 'q', 'location', 'category', 'sort', 'page', 'pageSize', 'cursor'] as const) {
    const value = params[key];
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  return query.toString();
}
