// What a listing is found by, worked out from what its poster wrote: the place its city names, the language
// it is written in, and its text and place as search keys (one normalisation, `searchKey`, for every script:
// a title typed with niqqud is found without it, "تل أبيب" finds "تل ابيب"). Written with the row, so the
// search compares stored keys through trigram indexes and never normalises a row while it reads.
import { and, eq, gt, isNull, isNotNull, lt, or, sql } from 'drizzle-orm';
import { detectListingLanguage, DEFAULT_LANGUAGE, searchKey, type Language } from '@tasko/shared/domain';
import type { Database } from '../../db/client.js';
import { alerts, listings } from '../../db/schema.js';
import { placeNamed, type Place } from '../places/places.js';
import { listingTermsOf, readQuery, TERMS_VERSION } from '../../search/terms.js';
import { requiredWordsOf, textArray } from '../../search/ranking.js';

/**
 * Keys are stored between spaces: never empty (an empty `search_text` marks a row not yet keyed), and a
 * word's start is ' word', whatever it follows.
 */
export function storedKey(text: string): string {
  return ` ${searchKey(text)} `;
}

export interface ListingText {
  title: string;
  description: string;
  contactPersonName: string;
  city: string;
  address: string;
}

/**
 * The city and the street as typed (side by side, so "אביב דיזנגוף" finds "תל אביב, דיזנגוף 10"), then the
 * place's four names: "Хайфа" finds a listing whose poster typed "Haifa".
 */
export function placeTextOf(city: string, address: string, place: Place | undefined): string {
  return storedKey([city, address, ...(place ? Object.values(place.names) : [])].join(' '));
}

/**
 * The columns a listing is searched by. `place` is the one its poster chose, or else the one its city names
 * in any language (none for a name no place has: it is kept as typed, and found by its text). `language`
 * is the poster's choice, or else the script most of its title and description are written in.
 */
export function searchColumnsOf(text: ListingText, chosen: { place?: Place; language?: Language }) {
  const place = chosen.place ?? placeNamed(text.city);
  return {
    placeId: place?.id ?? null,
    language: chosen.language ?? detectListingLanguage(`${text.title} ${text.description}`, DEFAULT_LANGUAGE),
    // The search reads `searchTerms`; the key of the title and the contact name is still written for an API
    // instance of the release before, which reads it while a release rolls out (docs/search.md#terms).
    searchText: storedKey(`${text.title} ${text.contactPersonName}`),
    placeText: placeTextOf(text.city, text.address, place),
    searchTerms: listingTermsOf({ title: text.title, description: text.description, placeId: place?.id ?? null }),
    termsVersion: TERMS_VERSION,
  };
}

const BATCH = 500;

/**
 * Keys the listings stored before keys existed (migration 0007 adds the columns empty), a batch at a time
 * in id order, and the search alerts' texts: maps every stored city to a place by any of its names. Runs at
 * start-up; once done, the partial index of unkeyed rows is empty and this is one index probe.
 */
export async function keyStoredListings(db: Database): Promise<{ keyed: number; mapped: number }> {
  let keyed = 0;
  let mapped = 0;
  let after = 0;
  for (;;) {
    const batch = await db
      .select({
        id: listings.id,
        title: listings.title,
        description: listings.description,
        contactPersonName: listings.contactPersonName,
        city: listings.city,
        address: listings.address,
      })
      .from(listings)
      .where(and(eq(listings.searchText, ''), gt(listings.id, after)))
      .orderBy(listings.id)
      .limit(BATCH);
    if (batch.length === 0) break;
    const keys = batch.map((row) => ({ id: row.id, ...searchColumnsOf(row, {}) }));
    await db.execute(sql`
      update ${listings} set place_id = k.place_id, language = k.language, search_text = k.search_text, place_text = k.place_text
      from (values ${sql.join(
        keys.map((k) => sql`(${k.id}::int, ${k.placeId}::int, ${k.language}, ${k.searchText}, ${k.placeText})`),
        sql`, `,
      )}) as k(id, place_id, language, search_text, place_text)
      where ${listings.id} = k.id`);
    keyed += keys.length;
    mapped += keys.filter((k) => k.placeId !== null).length;
    after = batch.at(-1)!.id;
  }
  const unkeyedAlerts = await db
    .select({ id: alerts.id, q: alerts.q, location: alerts.location })
    .from(alerts)
    .where(or(and(isNotNull(alerts.q), isNull(alerts.qKey)), and(isNotNull(alerts.location), isNull(alerts.locationKey))));
  for (const alert of unkeyedAlerts) {
    await db.update(alerts).set(alertKeysOf(alert)).where(eq(alerts.id, alert.id));
  }
  return { keyed, mapped };
}

/**
 * Works out again the terms of the listings an older `TERMS_VERSION` (or none: rows stored before terms
 * existed, or by the release before) worked out, a batch at a time, and the saved words of the alerts. Runs at
 * start-up, after `keyStoredListings`; once done, it is one index probe.
 */
export async function termStoredListings(db: Database): Promise<{ termed: number }> {
  let termed = 0;
  for (;;) {
    const batch = await db
      .select({ id: listings.id, title: listings.title, description: listings.description, placeId: listings.placeId })
      .from(listings)
      .where(lt(listings.termsVersion, TERMS_VERSION))
      .limit(BATCH);
    if (batch.length === 0) break;
    await db.execute(sql`
      update ${listings} set search_terms = k.terms::text[], terms_version = ${TERMS_VERSION}
      from (values ${sql.join(
        batch.map((row) => sql`(${row.id}::int, ${textArray(listingTermsOf(row))})`),
        sql`, `,
      )}) as k(id, terms)
      where ${listings.id} = k.id`);
    termed += batch.length;
  }
  // Saved words are read again with the listings (a new vocabulary reads them anew), or when never read.
  const unread = await db
    .select({ id: alerts.id, q: alerts.q, location: alerts.location })
    .from(alerts)
    .where(termed > 0 ? isNotNull(alerts.q) : and(isNotNull(alerts.q), isNull(alerts.qWords)));
  for (const alert of unread) await db.update(alerts).set(alertKeysOf(alert)).where(eq(alerts.id, alert.id));
  return { termed };
}

/** A saved search's words and place as the keys and terms a new listing's are compared with. */
export function alertKeysOf(alert: { q: string | null; location: string | null }) {
  // Text with no letter or digit (say "%") is no words at all, as in the search.
  const words = requiredWordsOf(readQuery(alert.q ?? ''));
  return {
    qKey: searchKey(alert.q ?? '') || null,
    qWords: words.length > 0 ? words : null,
    locationKey: searchKey(alert.location ?? '') || null,
  };
}
