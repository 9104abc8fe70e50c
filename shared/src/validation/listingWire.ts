import { z } from 'zod';
import type { Listing } from '../domain/listing';
import type { ValidationKey } from './messageKeys';
import {
  LISTING_FIELDS,
  POSTED_FIELDS,
  type ListingFieldName,
  type ListingFields,
  type ListingFieldSpec,
  type PostedAs,
  type PostedFieldName,
  type WireAudience,
} from './listingContract';

// The server's side of the listing contract (docs/architecture.md#the-listing-contract): the wire schemas the API
// answers with and the decoder of a multipart post. An entry of its own (`@tasko/shared/listingWire`), so the
// posting form's bundle, which reads the contract, carries none of it.

type WireFieldName<A extends WireAudience> = {
  [K in ListingFieldName]: ListingFields[K]['audience'] extends A ? K : never;
}[ListingFieldName];
type WireShape<A extends WireAudience> = { [K in WireFieldName<A> as ListingFields[K]['wire']]: ListingFields[K]['wireType'] };

function wireShapeOf<A extends WireAudience>(audience: A): WireShape<A> {
  const fields: readonly ListingFieldSpec[] = Object.values(LISTING_FIELDS);
  return Object.fromEntries(
    fields.filter((field) => field.audience === audience).map((field) => [field.wire, field.wireType]),
  ) as WireShape<A>;
}

/** A listing as anyone may read it: never its phone or email (the serializer writes only what is named here). */
export const publicListingSchema = z.object(wireShapeOf('public'));
/** The owner's own listing: its contact details too, and whether a moderator took it down. */
export const ownListingSchema = publicListingSchema.extend(wireShapeOf('owner'));
export type PublicListingWire = z.output<typeof publicListingSchema>;
export type OwnListingWire = z.output<typeof ownListingSchema>;

/** True when two object types have the same keys and each is assignable to the other; otherwise the keys that differ. */
export type SameShape<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends [never, never]
  ? [A] extends [B]
    ? [B] extends [A]
      ? true
      : { notAssignableFrom: A }
    : { notAssignableTo: B }
  : { onlyInFirst: Exclude<keyof A, keyof B>; onlyInSecond: Exclude<keyof B, keyof A> };

/** What `GET /jobs/{id}` and `GET /me/jobs` add to a listing: not fields of the listing itself. */
type ListingAnswerExtras = 'viewer_is_owner' | 'updated_at' | 'publisher' | 'stats';
type OwnerOnlyWire = Exclude<keyof OwnListingWire, keyof PublicListingWire>;
// The pages' `Listing` type is the wire's, field for field: a field added to the table and not to it, or the
// other way round, fails here.
const publicWireIsListing: SameShape<PublicListingWire, Omit<Listing, ListingAnswerExtras | OwnerOnlyWire>> = true;
// Optional in `Listing`: only the owner's answers carry them.
const ownerWireIsListing: SameShape<Partial<Pick<OwnListingWire, OwnerOnlyWire>>, Pick<Listing, OwnerOnlyWire>> = true;
void publicWireIsListing;
void ownerWireIsListing;

/** The posted fields as the server read them from a multipart body, ready for the post schema. */
export type DecodedListingForm = { [K in PostedFieldName]: unknown };
export type ListingFormDecoding = { ok: true; values: DecodedListingForm } | { ok: false; field: PostedFieldName; key: ValidationKey };

/** The multipart post's text parts read back: an absent part is `undefined`, a JSON part parsed (or its error). */
export function decodeListingForm(parts: Readonly<Record<string, string>>): ListingFormDecoding {
  const values: Partial<Record<PostedFieldName, unknown>> = {};
  for (const name of POSTED_FIELDS) {
    const posted: PostedAs = LISTING_FIELDS[name].posted;
    const raw = Object.hasOwn(parts, name) ? parts[name] : undefined;
    if (posted.encoding === 'json') {
      try {
        values[name] = raw === undefined ? undefined : (JSON.parse(raw) as unknown);
      } catch {
        return { ok: false, field: name, key: posted.jsonErrorKey };
      }
    } else {
      values[name] = posted.encoding === 'textOrAbsent' ? raw || undefined : raw;
    }
  }
  return { ok: true, values: values as DecodedListingForm };
}
