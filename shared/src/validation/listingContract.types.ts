import type { Listing } from '../domain/listing';
import { listingFormEntries, type ListingDraft, type ListingFormValues } from './listingContract';
import { decodeListingForm, type OwnListingWire, type PublicListingWire, type SameShape } from './listingWire';

// Type tests (checked by `npm run typecheck`, never run): each boundary of the listing contract refuses a
// field missing or a field too many at compile time.

const complete: ListingFormValues = {
  jobTitle: 'Help carrying a sofa',
  description: 'Third floor.',
  category: 'homeServices',
  paymentType: 'fixed',
  amount: '250',
  contactPersonName: 'Dana',
  phone: '054-123-4567',
  contactEmail: '',
  location: { city: 'Haifa', address: '' },
  offerType: 'job',
  language: 'en',
  contactMethods: ['phone'],
};
export const encoded = listingFormEntries(complete);

const { amount: _amount, ...withoutAmount } = complete;
// @ts-expect-error the form's encoder: a posted field missing
listingFormEntries(withoutAmount);
// @ts-expect-error the form's encoder: a field the contract does not have
listingFormEntries({ ...complete, salary: '250' } satisfies ListingFormValues);
// @ts-expect-error the form's encoder: a JSON field given as text
listingFormEntries({ ...complete, location: 'Haifa' });

export function decodedFields(parts: Record<string, string>): unknown[] {
  const decoded = decodeListingForm(parts);
  if (!decoded.ok) return [];
  // @ts-expect-error the server's decoder: a field the contract does not have
  return [decoded.values.jobTitle, decoded.values.salary];
}

// @ts-expect-error the draft: a field missing (the amount)
export const draftWithoutAmount: ListingDraft = {
  jobTitle: '',
  description: '',
  language: '',
  category: '',
  paymentType: 'fixed',
  contactPersonName: '',
  phone: '',
  contactEmail: '',
  contactMethods: [],
  city: '',
  address: '',
  placeId: 0,
};

// @ts-expect-error the pages' `Listing` type and the wire: a wire field the type lacks
export const wireFieldTheTypeLacks: SameShape<
  PublicListingWire & { salary: number },
  Omit<Listing, 'viewer_is_owner' | 'updated_at' | 'publisher' | 'stats' | 'phone' | 'contact_email' | 'hidden'>
> = true;
// @ts-expect-error the pages' `Listing` type and the wire: a type field the wire lacks
export const typeFieldTheWireLacks: SameShape<
  Omit<PublicListingWire, 'amount'>,
  Omit<Listing, 'viewer_is_owner' | 'updated_at' | 'publisher' | 'stats' | 'phone' | 'contact_email' | 'hidden'>
> = true;
// @ts-expect-error the owner's fields are not the public listing's
export const ownerIsPublic: SameShape<OwnListingWire, PublicListingWire> = true;
