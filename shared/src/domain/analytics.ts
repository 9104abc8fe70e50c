// First-party analytics (docs/product.md#analytics): the event names the API accepts and the batching rules.

export const ANALYTICS_EVENTS = ['page_view', 'search', 'publish', 'sign_in', 'contact_reveal', 'report'] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

export const ANALYTICS = {
  batchSize: 50,
  flushIntervalMs: 5_000,
  /** Events kept while the API cannot be reached; older ones are dropped first. */
  maxQueued: 500,
  maxProps: 8,
  maxPropLength: 60,
  maxPathLength: 200,
} as const;

/** Facts about an event, never free text a person typed (a search's words could name someone). */
export type AnalyticsProps = Record<string, string | number | boolean>;

export interface AnalyticsEvent {
  name: AnalyticsEventName;
  /** The page's language: daily counts are shown per language. */
  language: string;
  /** The path without its query string, which may hold what someone searched for. */
  path: string;
  props: AnalyticsProps;
  /** A random id for this browser, renewed at logout: not personal data, never linked to an email. */
  visitorId: string;
  at: string;
}

/** Fired on window by the cookie banner when the visitor accepts. */
export const CONSENT_EVENT = 'tasko:consent';
export const COOKIE_ACCEPTED = 'accepted';
/** The stored answer when the visitor declines: remembered like "accepted", and analytics stays off. */
export const COOKIE_DECLINED = 'declined';
