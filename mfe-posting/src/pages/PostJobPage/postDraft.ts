import {
  CONTACT_METHODS,
  DEFAULT_CONTACT_METHODS,
  DEFAULT_LANGUAGE,
  detectListingLanguage,
  formatIsraeliPhone,
  isLanguage,
  STORAGE_KEYS,
  type Category,
  type ContactMethod,
  type Language,
  type Listing,
  type OfferType,
  type PaymentType,
} from '@tasko/shared';
import { fieldErrorsOf, postSchema, type FieldErrors, type PostInput } from '@tasko/shared/validation';

/** What the form holds, all as typed: kept in local storage until published, so nothing is ever lost. */
export interface PostDraft {
  jobTitle: string;
  description: string;
  category: Category | '';
  paymentType: PaymentType | '';
  amount: string;
  contactPersonName: string;
  phone: string;
  contactEmail: string;
  city: string;
  /** The place chosen from the suggestions (0: none; the server then looks the city up by name). */
  placeId: number;
  address: string;
  contactMethods: ContactMethod[];
  /** The language the poster chose for the listing; '' follows the script of the title and description. */
  language: Language | '';
}

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

/** The fields in the order of the form: the first invalid one of these gets the focus. */
export const FIELD_ORDER = ['jobTitle', 'description', 'category', 'paymentType', 'amount', 'location', 'contactPersonName', 'phone', 'contactEmail', 'contactMethods', 'photos'] as const;
export type FieldName = (typeof FIELD_ORDER)[number];

export function emptyDraft(): PostDraft {
  return { jobTitle: '', description: '', category: '', paymentType: 'fixed', amount: '', contactPersonName: '', phone: '', contactEmail: '', city: '', placeId: 0, address: '', contactMethods: [...DEFAULT_CONTACT_METHODS], language: '' };
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

/** The draft as the shared schema reads it; `pageLanguage` is only for what is sent (validation takes any). */
export function toInput(draft: PostDraft, offerType: OfferType, pageLanguage: Language = DEFAULT_LANGUAGE): PostInput {
  return {
    jobTitle: draft.jobTitle,
    description: draft.description,
    category: draft.category as Category,
    paymentType: draft.paymentType as PaymentType,
    amount: draft.amount,
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
  const parsed = postSchema.safeParse(toInput(draft, offerType));
  return parsed.success ? {} : fieldErrorsOf(parsed.error);
}

function fileNameOf(photo: Blob, index: number): string {
  const extension = photo.type === 'image/gif' ? 'gif' : photo.type === 'image/png' ? 'png' : 'jpg';
  return `photo-${index + 1}.${extension}`;
}

/** The multipart post payload of SPEC §3, as `api/src/plugins/jobs/postForm.ts` reads it. */
export function toFormData(draft: PostDraft, offerType: OfferType, pageLanguage: Language, photos: Blob[], keepImages?: string[]): FormData {
  const data = new FormData();
  const text: Record<string, string> = {
    jobTitle: draft.jobTitle,
    description: draft.description,
    category: draft.category,
    paymentType: draft.paymentType,
    amount: draft.amount.trim(),
    contactPersonName: draft.contactPersonName,
    phone: draft.phone,
    contactEmail: draft.contactEmail,
    offerType,
    language: languageOf(draft, pageLanguage),
  };
  for (const [name, value] of Object.entries(text)) data.append(name, value);
  data.append('location', JSON.stringify(toInput(draft, offerType).location));
  data.append('contactMethods', JSON.stringify(draft.contactMethods));
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
      if (Array.isArray(value)) draft.contactMethods = value.filter((m): m is ContactMethod => (CONTACT_METHODS as readonly unknown[]).includes(m));
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
