import { z } from 'zod';
import { CONTACT_METHODS, type ListingContact, type ListingPublisher, type Rating } from '@tasko/shared/domain';
import { ownListingSchema, publicListingSchema } from '@tasko/shared/listingWire';

// Response schemas: the serializer writes only the fields named here, so a field left out of a schema
// cannot reach the client whatever the handler returns. The public listing names no phone and no email.

// A listing's own fields, public and the owner's, are the listing contract's (@tasko/shared/validation):
// `publicListingSchema` and `ownListingSchema`. What follows adds what answers carry around a listing.

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
  publicListingSchema.extend({ ...pageExtras, viewer_is_owner: z.literal(false) }),
  ownListingSchema.extend({ ...pageExtras, viewer_is_owner: z.literal(true) }),
]);

const pageOf = <T extends z.ZodType>(listing: T) =>
  z.object({ jobs: z.array(listing), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export const publicListingPage = pageOf(publicListingSchema).extend({
  totalIsCapped: z.boolean().optional(),
  nextCursor: z.string().optional(),
  previousCursor: z.string().optional(),
  /** For words that found nothing: a spelling or a task that finds something, in the reader's language. */
  didYouMean: z.string().optional(),
});
/** My listings, each with its views and reveals of the last 30 days. */
export const ownListingPage = pageOf(
  ownListingSchema.extend({ stats: z.object({ views: z.number().int(), reveals: z.number().int(), applications: z.number().int() }) }),
);

export const listingContact = z.object({
  contact_person_name: z.string(),
  contact_methods: z.array(z.enum(CONTACT_METHODS)),
  phone: z.string().optional(),
  contact_email: z.string().optional(),
}) satisfies z.ZodType<ListingContact>;
