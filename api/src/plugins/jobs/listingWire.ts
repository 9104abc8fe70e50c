import { displayNameOf, type Language, type ListingContact, type ListingPublisher, type Rating } from '@tasko/shared/domain';
import type { OwnListingWire, PublicListingWire } from '@tasko/shared/listingWire';
import { distanceKm, placeById, placeIn, type Place } from '../places/places.js';
import { listings, users } from '../../db/schema.js';

type ListingRow = typeof listings.$inferSelect;

/** The columns a public listing is made of: a search reads these and never the phone or the email. */
export const publicColumns = {
  id: listings.id,
  title: listings.title,
  status: listings.status,
  contactPersonName: listings.contactPersonName,
  contactMethods: listings.contactMethods,
  paymentType: listings.paymentType,
  offerType: listings.offerType,
  description: listings.description,
  amount: listings.amount,
  category: listings.category,
  city: listings.city,
  address: listings.address,
  placeId: listings.placeId,
  language: listings.language,
  images: listings.images,
  publisherId: listings.publisherId,
  createdAt: listings.createdAt,
  isDemo: listings.isDemo,
};
export type PublicRow = Pick<ListingRow, keyof typeof publicColumns>;

/** The contact details the poster chose to share: the phone for a call or WhatsApp, the address for email. */
export function contactOf(row: ListingRow): ListingContact {
  const methods = row.contactMethods;
  return {
    contact_person_name: row.contactPersonName,
    contact_methods: methods,
    ...(methods.includes('phone') || methods.includes('whatsapp') ? { phone: row.phone } : {}),
    ...(methods.includes('email') && row.contactEmail ? { contact_email: row.contactEmail } : {}),
  };
}

/**
 * A stored listing as the pages read it: the wire names of docs/product.md#listings (docs/architecture.md#the-listing-contract), kept literally, the place its city
 * names in the reader's `language`, the language it is written in, and in a search around a place, how far
 * it is. The phone and email go to the owner only (`ownerWire`, to edit them); anyone else reveals them one
 * listing at a time, so lists cannot be harvested.
 */
export function publicWire(row: PublicRow, language: Language, center?: Place): PublicListingWire {
  const place = placeById(row.placeId);
  return {
    job_id: row.id,
    jobTitle: row.title,
    status: row.status,
    contact_person_name: row.contactPersonName,
    contact_methods: row.contactMethods,
    payment_type: row.paymentType,
    offerType: row.offerType,
    description: row.description,
    amount: row.amount,
    category: row.category,
    location: { city: row.city, address: row.address },
    place: placeIn(place, language),
    language: row.language,
    ...(center && place ? { distance_km: Math.round(distanceKm(center, place)) } : {}),
    image_url: row.images,
    publisher_id: row.publisherId,
    created_at: row.createdAt.toISOString(),
    ...(row.isDemo ? { is_demo: true } : {}),
  };
}

/** The owner's own listing: its contact details, and whether a moderator took it down. */
export function ownerWire(row: ListingRow, language: Language): OwnListingWire {
  return { ...publicWire(row, language), phone: row.phone, contact_email: row.contactEmail, ...(row.hiddenAt ? { hidden: true } : {}) };
}

/** The month an account was made, as Israel's calendar has it: `YYYY-MM`, no finer. */
function monthOf(date: Date): string {
  const parts = new Intl.DateTimeFormat('en', { timeZone: 'Asia/Jerusalem', year: 'numeric', month: '2-digit' }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}`;
}

export type PublisherRow = Pick<typeof users.$inferSelect, 'name' | 'picture' | 'createdAt' | 'emailVerifiedByGoogle' | 'blockedAt'> & {
  activeListings: number;
};

/**
 * The poster as anyone may see them on a listing page: never the email, the surname or the day they joined.
 * Their rating (reviews/ratings.ts) is both roles together; their profile splits it.
 */
export function publisherWire(row: PublisherRow, rating?: Rating): ListingPublisher {
  // Only a picture the page can show over https (Google's); anything else is left out.
  const picture = row.picture?.startsWith('https://') ? row.picture : undefined;
  return {
    displayName: displayNameOf(row.name),
    ...(picture ? { picture } : {}),
    memberSince: monthOf(row.createdAt),
    activeListings: row.activeListings,
    emailVerified: row.emailVerifiedByGoogle,
    ...(rating ? { rating: { average: rating.average, count: rating.count } } : {}),
  };
}
