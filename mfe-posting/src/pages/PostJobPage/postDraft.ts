import {
  CONTACT_METHODS,
  DEFAULT_CONTACT_METHODS,
  DEFAULT_LANGUAGE,
  detectListingLanguage,
  formatIsraeliPhone,
  isLanguage,
  STORAGE_KEYS,
  type ContactMethod,
  type Language,
  type Listing,
  type OfferType,
} from '@tasko/shared';
import {
  fieldErrorsOf,
  LISTING_FORM_ORDER,
  listingFormEntries,
  postSchema,
  type FieldErrors,
  type ListingDraft,
  type ListingFormValues,
} from '@tasko/shared/validation';

/** What the form holds, as the listing contract shapes it (listingContract.ts): kept on the device until published. */
export type PostDraft = ListingDraft;

/** The language the script of the title and description says, or nothing while they have no letters. */
export function detectedLanguageOf(draft: Pick<PostDraft, 'jobTitle' | 'description'>): Language | undefined {
  return detectListingLanguage(`${draft.jobTitle} ${draft.description}`, undefined);
}

/**
 * The listing's language: the poster's choice, else the script most of its title and description are in,
 * else (nothing written yet) the page's: the form shows what will be sent.
 */
export function languageOf(draft: Pick<PostDraft, 'jobTitle' | 'description' | 'language'>, pageLanguage: Language): Language {
  return draft.language || detectedLanguageOf(draft) || pageLanguage;
}

/** The fields in the order of the form, the photos last: the first invalid one of these gets the focus. */
export const FIELD_ORDER = [...LISTING_FORM_ORDER, 'photos'] as const;
export type FieldName = (typeof FIELD_ORDER)[number];

export function emptyDraft(): PostDraft {
  return {
    jobTitle: '',
    description: '',
    category: '',
    paymentType: 'fixed',
    amount: '',
    contactPersonName: '',
    phone: '',
    contactEmail: '',
    city: '',
    placeId: 0,
    address: '',
    contactMethods: [...DEFAULT_CONTACT_METHODS],
    language: '',
  };
}

/** A new post starts with the account's name and email: most people post for themselves. */
export function newDraftFor(account: { name: string; email: string } | undefined): PostDraft {
  return { ...emptyDraft(), contactPersonName: account?.name ?? '', contactEmail: account?.email ?? '' };
}

/** A listing being edited, as the form shows it (the owner's read carries the phone and email). */
export function draftOf(listing: Listing): PostDraft {
  return {
    jobTitle: listing.jobTitle,
    description: listing.description,
    category: listing.category,
    paymentType: listing.payment_type,
    amount: String(listing.amount),
    contactPersonName: listing.contact_person_name,
    // Stored as digits only; shown the way people write it.
    phone: listing.phone ? formatIsraeliPhone(listing.phone) : '',
    contactEmail: listing.contact_email ?? '',
    city: listing.location.city,
    placeId: listing.place?.id ?? 0,
    address: listing.location.address,
    contactMethods: [...listing.contact_methods],
    // As stored: editing the text does not change it unless the poster does.
    language: listing.language ?? '',
  };
}

/**
 * The draft as the form sends it and the shared schema reads it (the listing contract's posted fields);
 * `pageLanguage` is only for what is sent (validation takes every language).
 */
export function formValuesOf(draft: PostDraft, offerType: OfferType, pageLanguage: Language = DEFAULT_LANGUAGE): ListingFormValues {
  return {
    jobTitle: draft.jobTitle,
    description: draft.description,
    category: draft.category,
    paymentType: draft.paymentType,
    amount: draft.amount.trim(),
    contactPersonName: draft.contactPersonName,
    phone: draft.phone,
    contactEmail: draft.contactEmail,
    location: { city: draft.city, address: draft.address, ...(draft.placeId ? { placeId: draft.placeId } : {}) },
    offerType,
    language: languageOf(draft, pageLanguage),
    contactMethods: draft.contactMethods,
  };
}

/** The shared schema's verdict, one message key per field (the same keys the API answers with). */
export function validateDraft(draft: PostDraft, offerType: OfferType): FieldErrors {
  const parsed = postSchema.safeParse(formValuesOf(draft, offerType));
  return parsed.success ? {} : fieldErrorsOf(parsed.error);
}

function fileNameOf(photo: Blob, index: number): string {
  const extension = photo.type === 'image/gif' ? 'gif' : photo.type === 'image/png' ? 'png' : 'jpg';
  return `photo-${index + 1}.${extension}`;
}

/** The multipart post as `api/src/plugins/jobs/postForm.ts` reads it: the contract's fields, then the photos. */
export function toFormData(
  draft: PostDraft,
  offerType: OfferType,
  pageLanguage: Language,
  photos: Blob[],
  keepImages?: string[],
): FormData {
  const data = new FormData();
  for (const [name, value] of listingFormEntries(formValuesOf(draft, offerType, pageLanguage))) data.append(name, value);
  if (keepImages) data.append('keepImages', JSON.stringify(keepImages));
  photos.forEach((photo, i) => data.append('photos', photo, fileNameOf(photo, i)));
  return data;
}

/**
 * Which draft: one for a new post and one per listing being edited, per account, so that someone else
 * signing in on the same device never sees another person's draft.
 */
export function draftKeyOf(accountEmail: string, editedId?: number): string {
  return `${accountEmail.toLowerCase()}|${editedId === undefined ? 'new' : `edit:${editedId}`}`;
}

type StoredDrafts = Record<string, unknown>;

function readAll(): StoredDrafts {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.postDraft) ?? '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as StoredDrafts) : {};
  } catch {
    return {};
  }
}

function writeAll(drafts: StoredDrafts): void {
  try {
    if (Object.keys(drafts).length) localStorage.setItem(STORAGE_KEYS.postDraft, JSON.stringify(drafts));
    else localStorage.removeItem(STORAGE_KEYS.postDraft);
  } catch {
    // Storage full or blocked: the form still holds everything in memory.
  }
}

/** A stored draft, checked field by field: a hand-edited value never breaks the form. */
export function loadDraft(key: string): PostDraft | null {
  const stored = readAll()[key];
  if (!stored || typeof stored !== 'object') return null;
  const values = stored as Record<string, unknown>;
  const draft = emptyDraft();
  for (const field of Object.keys(draft) as (keyof PostDraft)[]) {
    const value = values[field];
    if (field === 'contactMethods') {
      if (Array.isArray(value))
        draft.contactMethods = value.filter((m): m is ContactMethod => (CONTACT_METHODS as readonly unknown[]).includes(m));
    } else if (field === 'placeId') {
      if (Number.isSafeInteger(value) && (value as number) > 0) draft.placeId = value as number;
    } else if (field === 'language') {
      if (isLanguage(value)) draft.language = value;
    } else if (typeof value === 'string') {
      (draft as unknown as Record<string, string>)[field] = value;
    }
  }
  return draft;
}

export function saveDraft(key: string, draft: PostDraft): void {
  writeAll({ ...readAll(), [key]: draft });
}

export function clearDraft(key: string): void {
  const all = readAll();
  delete all[key];
  writeAll(all);
}
