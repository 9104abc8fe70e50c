import { registerNamespace } from '@tasko/shared';

/** Texts of the listing search and cards, loaded only by the pages that list listings. */
export const LISTING_NS = 'listing';
registerNamespace(LISTING_NS, (language) => import(`../locales/${language}/listing.json`));
