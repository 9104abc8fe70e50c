import type { Category, OfferType } from './listing';
import { searchRequest, type ListingSearch } from './listingSearch';

// Saved searches ("Notify me about new listings like these"): the filters of GET /jobs that an
// alert keeps, how often it mails, and its limits. A place chosen from the suggestions is kept by its name;
// radius, payment type and listing language are not part of an alert (docs/product.md#alerts).

export const ALERT_FREQUENCIES = ['instant', 'daily'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

export const ALERT_LIMITS = {
  /** Saved searches per user; a 21st answers 409 `tooManyAlerts`. */
  maxPerUser: 20,
  /** The daily digest leaves at this hour, Israel time. */
  digestHour: 8,
  digestTimeZone: 'Asia/Jerusalem',
} as const;

/** What an alert matches: a listing matches when GET /jobs with these filters would list it. */
export interface AlertFilters {
  offerType: OfferType;
  q?: string;
  location?: string;
  category?: Category;
}

export interface Alert extends AlertFilters {
  id: number;
  frequency: AlertFrequency;
  createdAt: string;
}

/**
 * The alert a search page's "Notify me" saves: the offer type, text, place and category of its search, never
 * its sort or page. A place chosen from the suggestions is saved by its name, which a new listing's place
 * matches in any language; its radius, payment type and listing language are not part of an alert.
 */
export function alertFiltersOf(search: ListingSearch, offerType: OfferType): AlertFilters {
  const { q, category } = searchRequest(search, offerType);
  const location = search.location.trim();
  return { offerType, ...(q ? { q } : {}), ...(location ? { location } : {}), ...(category ? { category } : {}) };
}

/**
 * The query parameter that opens a search page's alert form. Signing in to save an alert comes back through
 * it (the sign-in's `redirectTo`, the one way back the login page and the callback keep to this site), so the
 * visitor lands on the same search with the form open, to confirm: nothing is saved without them.
 */
export const ALERT_FORM_PARAM = 'alert';

/** A query string (`?q=dog&alert=new`) without the alert form's parameter, the rest as it was written. */
export function withoutAlertForm(query: string): string {
  const kept = query
    .replace(/^\?/, '')
    .split('&')
    .filter((part) => part !== '' && !new URLSearchParams(part).has(ALERT_FORM_PARAM));
  return kept.length ? `?${kept.join('&')}` : '';
}

/** The search page to come back to after signing in to save an alert: the same search, with the form open. */
export function alertReturnPath(pathname: string, query: string): string {
  const rest = withoutAlertForm(query);
  return `${pathname}${rest ? `${rest}&` : '?'}${ALERT_FORM_PARAM}=new`;
}

/** When the daily digest leaves, as written in Israel in every language of the site: `8:00`. */
export function digestTime(): string {
  return `${ALERT_LIMITS.digestHour}:00`;
}
