import { z } from 'zod';
import { LANGUAGE_CODES, type Language } from '../domain/languages';
import {
  CATEGORIES,
  CONTACT_METHODS,
  DEFAULT_CONTACT_METHODS,
  LIMITS,
  LISTING_STATUSES,
  OFFER_TYPES,
  PAYMENT_TYPES,
} from '../domain/listing';
import { normalizeIsraeliPhone } from './phone';
import { freeText, lineText } from './text';
import type { ValidationKey } from './messageKeys';

// The listing contract (docs/architecture.md#the-listing-contract): one table of a listing's fields, each with
// its name in code, its wire name, who may read it, the column it is stored in and, when its poster writes it,
// its input schema, form control and multipart encoding. The post schema, the wire schemas, the form's
// multipart encoder and the server's decoder (listingWire.ts, which the browser never loads), the draft's shape
// and the form's field order all derive from it; the API checks the table against the `listings` columns at
// compile time (api/src/db/listingColumns.ts).

// Every issue carries a message key, never text (docs/product.md#messages).
const message = (key: ValidationKey) => ({ message: key });

/** The amount arrives as text from a form or multipart body: a whole number of 1 to 4 digits. */
const amountSchema = z.union([z.string(), z.number()], message('amountInvalid')).transform((value, ctx): number => {
  const text = String(value).trim();
  if (/^\d+$/.test(text)) {
    if (text.replace(/^0+(?=\d)/, '').length > LIMITS.maxAmountDigits) {
      ctx.addIssue({ code: 'custom', message: 'amountTooLong' });
      return z.NEVER;
    }
    const amount = Number(text);
    if (amount > 0) return amount;
  } else if (/^\d+[.,]\d*$/.test(text)) {
    ctx.addIssue({ code: 'custom', message: 'amountTooLong' });
    return z.NEVER;
  }
  ctx.addIssue({ code: 'custom', message: 'amountInvalid' });
  return z.NEVER;
});

const locationSchema = z.object(
  {
    city: lineText('locationRequired').trim().min(1, message('locationRequired')).max(LIMITS.cityMaxLength, message('locationTooLong')),
    address: lineText('locationInvalid').trim().max(LIMITS.addressMaxLength, message('locationTooLong')).default(''),
    /**
     * The place chosen from the suggestions (GeoNames id). Without one, the server looks the city up by every
     * one of its names; a city no place has is kept as typed.
     */
    placeId: z.number(message('locationInvalid')).int(message('locationInvalid')).positive(message('locationInvalid')).nullish(),
  },
  message('locationRequired'),
);

const phoneSchema = z.string(message('phoneInvalid')).transform((value, ctx): string => {
  const national = normalizeIsraeliPhone(value);
  if (national) return national;
  ctx.addIssue({ code: 'custom', message: 'phoneInvalid' });
  return z.NEVER;
});

/** A required line of text (text.ts), trimmed: blank is `required`, longer than `max` is `tooLong`. */
const requiredText = (required: ValidationKey, tooLong: ValidationKey, max: number) =>
  lineText(required).trim().min(1, message(required)).max(max, message(tooLong));

/** The place a listing's city names, in the language the answer was asked in (GeoNames). */
export const listingPlaceSchema = z.object({ id: z.number().int(), name: z.string(), lat: z.number(), lon: z.number() });

/** How the form asks for a field: what the draft holds for it follows from this (`ListingDraft`). */
export type FormControl = 'text' | 'multiline' | 'choice' | 'amount' | 'tel' | 'email' | 'place' | 'checkboxes' | 'language' | 'page';
/**
 * How a field travels in the multipart post: `text` as typed; `textOrAbsent` the same, with '' meaning "not
 * given" (the server then decides); `json` as JSON text, whose parse failure is the field's `jsonErrorKey`.
 */
export type FormEncoding = 'text' | 'textOrAbsent' | 'json';
/** Who reads a field on the wire: everyone, or the listing's owner only (and nobody else, ever). */
export type WireAudience = 'public' | 'owner';

export type PostedAs = { schema: z.ZodType; control: FormControl } & (
  { encoding: Exclude<FormEncoding, 'json'> } | { encoding: 'json'; jsonErrorKey: ValidationKey }
);

export interface ListingFieldSpec {
  /** The name on the wire (kept literally as the pages and the API have always written it). */
  wire: string;
  wireType: z.ZodType;
  audience: WireAudience;
  /** The `listings` column (Drizzle's name) it is stored in, or one column per part of a composite value. */
  column?: string | Readonly<Record<string, string>>;
  /** The column's value is turned into the wire's by the API (an instant into ISO text, a moment into "is set"). */
  convertedOnTheWay?: true;
  /** The poster writes it: how it is validated, asked for and sent. */
  posted?: PostedAs;
}

/** A listing's fields, in the order the wire writes them (public ones first, then the owner's). */
export const LISTING_FIELDS = {
  id: { wire: 'job_id', wireType: z.number().int(), audience: 'public', column: 'id' },
  jobTitle: {
    wire: 'jobTitle',
    wireType: z.string(),
    audience: 'public',
    column: 'title',
    // Required (no "Untitled" fallback): a listing is found and told apart by its title.
    posted: { schema: requiredText('titleRequired', 'titleTooLong', LIMITS.titleMaxLength), control: 'text', encoding: 'text' },
  },
  status: { wire: 'status', wireType: z.enum(LISTING_STATUSES), audience: 'public', column: 'status' },
  contactPersonName: {
    wire: 'contact_person_name',
    wireType: z.string(),
    audience: 'public',
    column: 'contactPersonName',
    posted: {
      schema: requiredText('contactNameRequired', 'contactNameTooLong', LIMITS.contactNameMaxLength),
      control: 'text',
      encoding: 'text',
    },
  },
  contactMethods: {
    wire: 'contact_methods',
    wireType: z.array(z.enum(CONTACT_METHODS)),
    audience: 'public',
    column: 'contactMethods',
    posted: {
      // May be empty: such a listing is reached only through applications, its phone never shown (docs/deal.md).
      schema: z
        .array(z.enum(CONTACT_METHODS, message('contactMethodRequired')), message('contactMethodRequired'))
        .transform((methods) => CONTACT_METHODS.filter((m) => methods.includes(m)))
        .default([...DEFAULT_CONTACT_METHODS]),
      control: 'checkboxes',
      encoding: 'json',
      jsonErrorKey: 'contactMethodRequired',
    },
  },
  paymentType: {
    wire: 'payment_type',
    wireType: z.enum(PAYMENT_TYPES),
    audience: 'public',
    column: 'paymentType',
    posted: { schema: z.enum(PAYMENT_TYPES, message('paymentTypeRequired')), control: 'choice', encoding: 'text' },
  },
  offerType: {
    wire: 'offerType',
    wireType: z.enum(OFFER_TYPES),
    audience: 'public',
    column: 'offerType',
    // Chosen by the page the form is on (a job or a service), not by a control.
    posted: { schema: z.enum(OFFER_TYPES, message('offerTypeInvalid')).default('job'), control: 'page', encoding: 'textOrAbsent' },
  },
  description: {
    wire: 'description',
    wireType: z.string(),
    audience: 'public',
    column: 'description',
    posted: {
      // Free text (text.ts): what cannot be stored is removed, never refused.
      schema: freeText('descriptionRequired')
        .transform((s) => s.trim())
        .pipe(z.string().min(1, message('descriptionRequired')).max(LIMITS.descriptionMaxLength, message('descriptionTooLong'))),
      control: 'multiline',
      encoding: 'text',
    },
  },
  amount: {
    wire: 'amount',
    wireType: z.number(),
    audience: 'public',
    column: 'amount',
    posted: { schema: amountSchema, control: 'amount', encoding: 'text' },
  },
  category: {
    wire: 'category',
    wireType: z.enum(CATEGORIES),
    audience: 'public',
    column: 'category',
    posted: { schema: z.enum(CATEGORIES, message('categoryRequired')), control: 'choice', encoding: 'text' },
  },
  location: {
    wire: 'location',
    wireType: z.object({ city: z.string(), address: z.string() }),
    audience: 'public',
    column: { city: 'city', address: 'address', placeId: 'placeId' },
    posted: { schema: locationSchema, control: 'place', encoding: 'json', jsonErrorKey: 'locationInvalid' },
  },
  /** The place `location.placeId` names, in the answer's language; always sent by this API (null for no known place). */
  place: { wire: 'place', wireType: listingPlaceSchema.nullable().optional(), audience: 'public' },
  language: {
    wire: 'language',
    wireType: z.enum(LANGUAGE_CODES as [Language, ...Language[]]).optional(),
    audience: 'public',
    column: 'language',
    // Without it, the server detects the language from the text.
    posted: {
      schema: z.enum(LANGUAGE_CODES as [Language, ...Language[]], message('languageInvalid')).optional(),
      control: 'language',
      encoding: 'textOrAbsent',
    },
  },
  /** In a search around a chosen place: how far the listing's place is from it, in whole kilometres. */
  distanceKm: { wire: 'distance_km', wireType: z.number().int().optional(), audience: 'public' },
  images: { wire: 'image_url', wireType: z.array(z.string()), audience: 'public', column: 'images' },
  publisherId: { wire: 'publisher_id', wireType: z.number().int(), audience: 'public', column: 'publisherId' },
  createdAt: { wire: 'created_at', wireType: z.string(), audience: 'public', column: 'createdAt', convertedOnTheWay: true },
  isDemo: { wire: 'is_demo', wireType: z.boolean().optional(), audience: 'public', column: 'isDemo' },
  phone: {
    wire: 'phone',
    wireType: z.string(),
    audience: 'owner',
    column: 'phone',
    posted: { schema: phoneSchema, control: 'tel', encoding: 'text' },
  },
  contactEmail: {
    wire: 'contact_email',
    wireType: z.string(),
    audience: 'owner',
    column: 'contactEmail',
    posted: {
      schema: z
        .string(message('emailInvalid'))
        .trim()
        .max(LIMITS.emailMaxLength, message('emailInvalid'))
        .refine((s) => s === '' || z.email().safeParse(s).success, message('emailInvalid'))
        .default(''),
      control: 'email',
      encoding: 'text',
    },
  },
  /** A moderator took the listing down: its owner still sees it, and why it is gone for everyone else. */
  hidden: { wire: 'hidden', wireType: z.boolean().optional(), audience: 'owner', column: 'hiddenAt', convertedOnTheWay: true },
} as const satisfies Record<string, ListingFieldSpec>;

export type ListingFields = typeof LISTING_FIELDS;
export type ListingFieldName = keyof ListingFields;
/** The fields a poster writes. */
export type PostedFieldName = { [K in ListingFieldName]: ListingFields[K] extends { posted: PostedAs } ? K : never }[ListingFieldName];
type PostedOf<K extends PostedFieldName> = ListingFields[K]['posted'];

/** True when a tuple names each member of `Union` exactly once; otherwise the members it misses or has too many. */
type NamesExactly<Tuple extends readonly string[], Union extends string> = [
  Exclude<Union, Tuple[number]>,
  Exclude<Tuple[number], Union>,
] extends [never, never]
  ? true
  : { missing: Exclude<Union, Tuple[number]>; notAField: Exclude<Tuple[number], Union> };

/**
 * The order the post schema reads the posted fields in, which is the order a refused post's `fields` answer
 * lists its problems in.
 */
export const POSTED_FIELDS = [
  'jobTitle',
  'description',
  'category',
  'paymentType',
  'amount',
  'contactPersonName',
  'phone',
  'contactEmail',
  'location',
  'offerType',
  'language',
  'contactMethods',
] as const;
const postedFieldsAreExact: NamesExactly<typeof POSTED_FIELDS, PostedFieldName> = true;

/** The fields the form shows, in the order it shows them: the first invalid one gets the focus. */
export const LISTING_FORM_ORDER = [
  'jobTitle',
  'description',
  'language',
  'category',
  'paymentType',
  'amount',
  'location',
  'contactPersonName',
  'phone',
  'contactEmail',
  'contactMethods',
] as const;
type FormFieldName = { [K in PostedFieldName]: PostedOf<K>['control'] extends 'page' ? never : K }[PostedFieldName];
const formOrderIsExact: NamesExactly<typeof LISTING_FORM_ORDER, FormFieldName> = true;
void postedFieldsAreExact;
void formOrderIsExact;

/** The post schema's fields (docs/product.md#posting-a-listing), before the checks that span fields. */
type ListingPostShape = { [K in PostedFieldName]: PostedOf<K>['schema'] };
export const listingPostShape = Object.fromEntries(
  POSTED_FIELDS.map((name) => [name, LISTING_FIELDS[name].posted.schema]),
) as ListingPostShape;

/** What the form sends for each posted field before encoding: text as typed, or the value a JSON field carries. */
export type ListingFormValues = {
  [K in PostedFieldName]: PostedOf<K>['encoding'] extends 'json' ? z.input<PostedOf<K>['schema']> : string;
};

/** The multipart post's text parts, one per posted field (photos go beside them as files). */
export function listingFormEntries(values: ListingFormValues): [PostedFieldName, string][] {
  return POSTED_FIELDS.map((name) => {
    const value = values[name];
    return [name, typeof value === 'string' && LISTING_FIELDS[name].posted.encoding !== 'json' ? value : JSON.stringify(value)];
  });
}

/** What the form's draft holds for a field, following its control: text as typed, a choice or nothing yet. */
type DraftValueOf<K extends PostedFieldName> = PostedOf<K>['control'] extends 'choice' | 'language'
  ? Exclude<z.output<PostedOf<K>['schema']>, undefined> | ''
  : PostedOf<K>['control'] extends 'checkboxes'
    ? z.output<PostedOf<K>['schema']>
    : string;

/** A place as the form holds it: the city as typed, the street, and the place chosen from the suggestions (0: none). */
export interface PlaceDraft {
  city: string;
  address: string;
  placeId: number;
}

/**
 * What the posting form holds, all as typed: kept on the device until published, so nothing is ever lost.
 * The place field is held as its three parts, which is how drafts have always been stored.
 */
export type ListingDraft = { [K in Exclude<FormFieldName, 'location'>]: DraftValueOf<K> } & PlaceDraft;
