import type { Rating } from './rating';
// The vocabulary of docs/product.md#listings and docs/product.md#limits, as data: every list the pages, the schemas and the API agree on.
import { directionOf, type Language } from './languages';

export const CATEGORIES = ['homeServices', 'eventAndErrands', 'petAndAnimalCare', 'educationAndTutoring', 'other'] as const;
export type Category = (typeof CATEGORIES)[number];

export const LISTING_STATUSES = ['active', 'close', 'deleted'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export const PAYMENT_TYPES = ['fixed', 'hourly'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const OFFER_TYPES = ['job', 'service'] as const;
export type OfferType = (typeof OFFER_TYPES)[number];

/** How a poster lets people reach them; the listing page offers only these (docs/product.md#listings, "Contact on request"). */
export const CONTACT_METHODS = ['phone', 'whatsapp', 'email'] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number];
export const DEFAULT_CONTACT_METHODS: readonly ContactMethod[] = ['phone', 'whatsapp'];

/** Why a listing is reported (docs/product.md#legal: users can report discriminatory content). */
export const REPORT_REASONS = ['discriminatory', 'scam', 'offensive', 'illegal', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_NOTE_MAX_LENGTH = 500;

/**
 * `salary-high` and `salary-low` rank by pay in two runs, one per payment type (hourly and fixed amounts are
 * not comparable), unless the search asks for one payment type. `nearest` needs a chosen place.
 */
export const SORT_OPTIONS = ['relevance', 'newest', 'salary-high', 'salary-low', 'nearest'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

/** The distances a search around a chosen place offers, in kilometres. */
export const RADIUS_KM_OPTIONS = [5, 10, 25, 50] as const;
export type RadiusKm = (typeof RADIUS_KM_OPTIONS)[number];

/** The payment-type filter of a search: every payment type ("any"), or one of them. */
export const PAYMENT_FILTERS = ['any', ...PAYMENT_TYPES] as const;
export type PaymentFilter = (typeof PAYMENT_FILTERS)[number];

/** Intents carried through sign-in so that the user lands on the form they asked for (docs/product.md#accounts-and-sign-in). */
export const LOGIN_INTENTS = ['post_job', 'post_service'] as const;
export type LoginIntent = (typeof LOGIN_INTENTS)[number];

export const intentOfferType: Record<LoginIntent, OfferType> = {
  post_job: 'job',
  post_service: 'service',
};

export const LIMITS = {
  maxImages: 5,
  /** Amount: a whole number of at most 4 digits (docs/product.md#posting-a-listing). */
  maxAmountDigits: 4,
  titleMaxLength: 80,
  descriptionMaxLength: 1000,
  contactNameMaxLength: 60,
  emailMaxLength: 254,
  addressMaxLength: 120,
  cityMaxLength: 60,
  /** Per photo, after the browser has resized it; the server refuses anything larger. */
  maxImageBytes: 5 * 1024 * 1024,
  acceptedImageTypes: ['image/jpeg', 'image/png', 'image/gif'] as const,
  defaultPageSize: 12,
  maxPageSize: 50,
  /**
   * A public search counts its matches up to here and answers "1,000+" beyond: counting every match of a
   * broad search would read every matching row on every request. Pages by number reach this far; deeper
   * pages are reached with Next (a cursor), which costs the same at any depth.
   */
  searchCountCap: 1000,
} as const;

export interface ListingLocation {
  city: string;
  address: string;
}

/**
 * A listing as the API sends it: the wire names of docs/product.md#listings, kept literally. `phone` and `contact_email` are
 * sent to the listing's owner only; everyone else asks for them one listing at a time (`ListingContact`).
 */
/** The locality a listing's city names, in the language the answer was asked in (GeoNames). */
export interface ListingPlace {
  id: number;
  name: string;
  lat: number;
  lon: number;
}

export interface Listing {
  job_id: number;
  jobTitle: string;
  status: ListingStatus;
  contact_person_name: string;
  contact_methods: ContactMethod[];
  phone?: string;
  contact_email?: string;
  /** Owner only: a moderator took the listing down. */
  hidden?: boolean;
  payment_type: PaymentType;
  offerType: OfferType;
  description: string;
  amount: number;
  category: Category;
  location: ListingLocation;
  /** The place the city names, named in the answer's language; null when the city matches no known place. */
  place?: ListingPlace | null;
  /** The language the listing is written in (detected from its script when posted, or chosen by its poster). */
  language?: Language;
  /** In a search around a chosen place: how far the listing's place is from it, in whole kilometres. */
  distance_km?: number;
  image_url: string[];
  publisher_id: number;
  created_at: string;
  is_demo?: boolean;
  /** On `GET /jobs/{id}` only: whether the signed-in viewer posted it. */
  viewer_is_owner?: boolean;
  /** On `GET /jobs/{id}` only: when its poster last changed it (an edit, closing or reactivating). */
  updated_at?: string;
  /** On `GET /jobs/{id}` only: what anyone may see of its poster. */
  publisher?: ListingPublisher;
  /** On `GET /me/jobs` only: views and "Show phone" reveals of the last 30 days. */
  stats?: ListingStats;
}

/** Views and "Show phone" reveals of one of my listings over the last 30 days (/my-posted-jobs). */
export interface ListingStats {
  views: number;
  reveals: number;
  /** Applications (a service: requests) ever sent to the listing, whatever became of them. */
  applications: number;
}

/**
 * The public face of a listing's poster: never their email or surname. `memberSince` is the month they
 * joined (`YYYY-MM`); `emailVerified` is true only when Google verified the address, never under the local
 * sign-in.
 */
export interface ListingPublisher {
  /** First name and the surname's initial ("Dana K."); '' when the account has no usable name. */
  displayName: string;
  /** The Google profile picture, when the account has one. */
  picture?: string;
  memberSince: string;
  /** Listings of theirs anyone can find now. */
  activeListings: number;
  emailVerified: boolean;
  /** Reviews of their deals on the site, both roles together (their profile, `/user/{publisher_id}`, splits them). */
  rating?: Rating;
}

export interface ListingPage {
  jobs: Listing[];
  /** Exact, or `LIMITS.searchCountCap` with `totalIsCapped` when a public search matches more. */
  total: number;
  page: number;
  pageSize: number;
  totalIsCapped?: boolean;
  /** Public searches: where the next and the previous page start (opaque; absent at either end). */
  nextCursor?: string;
  previousCursor?: string;
  /** Public searches whose words found nothing: a spelling or a task that finds something, in the reader's language. */
  didYouMean?: string;
}

/** A task the search box suggests (`GET /search/suggestions`): its name in the reader's language, and its category. */
export interface SearchSuggestion {
  text: string;
  category: Category;
}

/** A page of the signed-in user's own listings (`GET /me/jobs`): 1-based, at most `LIMITS.maxPageSize`. */
export interface MyJobsParams {
  page: number;
  pageSize: number;
}

/** A listing's contact details, revealed on request ("Show phone"): only the methods the poster chose. */
export interface ListingContact {
  contact_person_name: string;
  contact_methods: ContactMethod[];
  phone?: string;
  contact_email?: string;
}

/** Where a listing is, for the reader: the place in the reader's language, or the city as its poster typed it. */
export function placeNameOf(listing: Pick<Listing, 'place' | 'location'>): string {
  return listing.place?.name ?? listing.location.city;
}

/**
 * The language and direction a listing's own text is set in, as one block (title and description alike):
 * an English listing on a Hebrew page reads left to right as a whole. Nothing for a listing of unknown
 * language (an older API), which then follows each paragraph's own script.
 */
export function listingTextAttributes(listing: Pick<Listing, 'language'>): { lang?: Language; dir?: 'ltr' | 'rtl' } {
  return listing.language ? { lang: listing.language, dir: directionOf(listing.language) } : {};
}
