import type { Category, Listing, ListingContact, ListingStatus, OfferType, PaymentType } from '@tasko/shared/domain';
import type { listings } from '../../db/schema.js';

type ListingRow = typeof listings.$inferSelect;

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
 * A stored listing as the pages read it: the field names of SPEC §3, kept literally. The phone and email go
 * to the owner only (to edit them); anyone else reveals them one listing at a time, so lists cannot be
 * harvested.
 */
export function toWire(row: ListingRow, audience: 'public' | 'owner' = 'public'): Listing {
  return {
    job_id: row.id,
    jobTitle: row.title,
    status: row.status as ListingStatus,
    contact_person_name: row.contactPersonName,
    contact_methods: row.contactMethods,
    ...(audience === 'owner' ? { phone: row.phone, contact_email: row.contactEmail, ...(row.hiddenAt ? { hidden: true } : {}) } : {}),
    payment_type: row.paymentType as PaymentType,
    offerType: row.offerType as OfferType,
    description: row.description,
    amount: row.amount,
    category: row.category as Category,
    location: { city: row.city, address: row.address },
    image_url: row.images,
    publisher_id: row.publisherId,
    created_at: row.createdAt.toISOString(),
    ...(row.isDemo ? { is_demo: true } : {}),
  };
}
