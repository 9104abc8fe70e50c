import { z } from 'zod';
import { placeSuggestion } from '../places/places.js';
import { CATEGORIES, CONTACT_METHODS, LANGUAGE_CODES, LISTING_STATUSES, OFFER_TYPES, PAYMENT_TYPES, type Language, type Listing, type ListingContact, type ListingPublisher, type Rating } from '@tasko/shared/domain';

// Response schemas: the serializer writes only the fields named here, so a field left out of a schema
// cannot reach the client whatever the handler returns. The public listing names no phone and no email.

export const publicListing = z.object({
  job_id: z.number().int(),
  jobTitle: z.string(),
  status: z.enum(LISTING_STATUSES),
  contact_person_name: z.string(),
  contact_methods: z.array(z.enum(CONTACT_METHODS)),
  payment_type: z.enum(PAYMENT_TYPES),
  offerType: z.enum(OFFER_TYPES),
  description: z.string(),
  amount: z.number(),
  category: z.enum(CATEGORIES),
  location: z.object({ city: z.string(), address: z.string() }),
  /** Always sent by this API (null when the city names no known place); optional for the shared type's older readers. */
  place: placeSuggestion.nullable().optional(),
  language: z.enum(LANGUAGE_CODES as [Language, ...Language[]]).optional(),
  /** In a search around a chosen place: the listing's place's distance from it, in whole kilometres. */
  distance_km: z.number().int().optional(),
  image_url: z.array(z.string()),
  publisher_id: z.number().int(),
  created_at: z.string(),
  is_demo: z.boolean().optional(),
}) satisfies z.ZodType<Listing>;

/** What the listing's owner reads, to edit it: its contact details and whether moderators hid it. */
export const ownListing = publicListing.extend({
  phone: z.string(),
  contact_email: z.string(),
  hidden: z.boolean().optional(),
}) satisfies z.ZodType<Listing>;

/** An average of 1–5 stars (null without reviews) and how many published reviews it is of (docs/deal.md). */
export const rating = z.object({ average: z.number().nullable(), count: z.number().int() }) satisfies z.ZodType<Rating>;

/** What anyone may see of a listing's poster: no email, no surname, no exact date of joining. */
export const listingPublisher = z.object({
  displayName: z.string(),
  picture: z.string().optional(),
  memberSince: z.string().regex(/^\d{4}-\d{2}$/),
  activeListings: z.number().int(),
  emailVerified: z.boolean(),
  /** Both roles together; always sent by this API, optional for the shared type's older readers. */
  rating: rating.optional(),
}) satisfies z.ZodType<ListingPublisher>;

/** The listing page's extras: when it last changed, and who posted it. */
const pageExtras = { updated_at: z.string(), publisher: listingPublisher };

/** One listing: the owner's view or the public one, told apart by `viewer_is_owner`. */
export const listingForViewer = z.discriminatedUnion('viewer_is_owner', [
  publicListing.extend({ ...pageExtras, viewer_is_owner: z.literal(false) }),
  ownListing.extend({ ...pageExtras, viewer_is_owner: z.literal(true) }),
]);

const pageOf = <T extends z.ZodType>(listing: T) =>
  z.object({ jobs: z.array(listing), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export const publicListingPage = pageOf(publicListing).extend({
  totalIsCapped: z.boolean().optional(),
  nextCursor: z.string().optional(),
  previousCursor: z.string().optional(),
});
/** My listings, each with its views and reveals of the last 30 days. */
export const ownListingPage = pageOf(ownListing.extend({ stats: z.object({ views: z.number().int(), reveals: z.number().int(), applications: z.number().int() }) }));

export const listingContact = z.object({
  contact_person_name: z.string(),
  contact_methods: z.array(z.enum(CONTACT_METHODS)),
  phone: z.string().optional(),
  contact_email: z.string().optional(),
}) satisfies z.ZodType<ListingContact>;

