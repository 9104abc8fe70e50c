// The shapes of a public search that the benchmark measures and the query-plan test proves, on the
// listings of `benchListings.ts`: the home page's own request, a word in each script (most relevant first, and
// newest first beside it), two words across languages, a place typed in
// each script or chosen, a radius, nearest first, a listing language, a payment type, a category, each
// sort, page 2 and page 40, services, and a search across both offer types.
import type { JobSearchParams, PaymentType } from '@tasko/shared/domain';
import placesFile from '../api/src/plugins/places/places.generated.json' with { type: 'json' };

export interface SearchShape {
  name: string;
  /** A first request: no cursor (the query-plan test makes its own, deep ones). */
  params: Omit<JobSearchParams, 'cursor' | 'paymentType'> & { paymentType?: PaymentType };
  /**
   * Where one filter's index finds and another's condition filters, the capped count reads the matches and
   * the rows the second filter drops among them: at most the cap divided by that filter's share of rows.
   * Without this, the query-plan test allows the cap plus a page.
   */
  mostRowsRead?: number;
}

/** A place's GeoNames id by its English name. */
export function placeIdOf(english: string): number {
  const place = placesFile.places.find((p) => p.names.en === english);
  if (!place) throw new Error(`no place named ${english}`);
  return place.id;
}

const TEL_AVIV = placeIdOf('Tel Aviv-Yafo');
const HAIFA = placeIdOf('Haifa');
/** A small town far from the big cities: nearest first there reads many places before the page fills. */
const EILAT = placeIdOf('Eilat');

export const SEARCH_SHAPES: SearchShape[] = [
  { name: 'home (jobs, newest)', params: { offerType: 'job' } },
  // With words, most relevant first (the default) and newest first: the two compare at a million listings.
  // Most relevant first walks the newest matches twice as deep as the page (listingSearch.ts, relevanceMatches):
  // for a word as rare as this one (2 % of jobs), past the count cap plus a page.
  { name: 'word, Hebrew (ספה)', params: { offerType: 'job', q: 'ספה' }, mostRowsRead: 2000 },
  { name: 'word, Hebrew (ספה), newest', params: { offerType: 'job', q: 'ספה', sort: 'newest' } },
  { name: 'word, Arabic (كلب)', params: { offerType: 'job', q: 'كلب' } },
  { name: 'word, Russian (гитар)', params: { offerType: 'job', q: 'гитар' } },
  { name: 'word, English (dog)', params: { offerType: 'job', q: 'dog' } },
  { name: 'word, English (dog), newest', params: { offerType: 'job', q: 'dog', sort: 'newest' } },
  // Russian for "flat cleaning": the Hebrew, Arabic and English listings of the task are found too.
  // Both words are required: the count's index finds listings holding either, and keeps about half of them.
  {
    name: 'two words across languages (уборка квартиры)',
    params: { offerType: 'job', q: 'уборка квартиры' },
    mostRowsRead: 3000,
  },
  {
    name: 'two words across languages (уборка квартиры), newest',
    params: { offerType: 'job', q: 'уборка квартиры', sort: 'newest' },
    mostRowsRead: 3000,
  },
  { name: 'word, no match', params: { offerType: 'job', q: 'טרקטור' } },
  { name: 'place typed (חיפה)', params: { offerType: 'job', location: 'חיפה' } },
  { name: 'place typed in another script (Хайфа)', params: { offerType: 'job', location: 'Хайфа' } },
  { name: 'place chosen (Haifa)', params: { offerType: 'job', placeId: HAIFA } },
  { name: 'within 10 km (Tel Aviv)', params: { offerType: 'job', placeId: TEL_AVIV, radiusKm: 10 } },
  { name: 'within 50 km, pay high to low', params: { offerType: 'job', placeId: HAIFA, radiusKm: 50, sort: 'salary-high' } },
  { name: 'nearest first (Tel Aviv)', params: { offerType: 'job', placeId: TEL_AVIV, sort: 'nearest' } },
  // Half the listings are within 25 km of Tel Aviv: the word's index finds, the radius keeps about half.
  {
    name: 'nearest first within 25 km, word',
    params: { offerType: 'job', placeId: TEL_AVIV, radiusKm: 25, sort: 'nearest', q: 'כלב' },
    mostRowsRead: 3000,
  },
  { name: 'nearest first (Eilat)', params: { offerType: 'job', placeId: EILAT, sort: 'nearest' } },
  { name: 'listing language (ru)', params: { offerType: 'job', listingLanguage: 'ru' } },
  { name: 'listing language (ar), pay high to low', params: { offerType: 'job', listingLanguage: 'ar', sort: 'salary-high' } },
  { name: 'hourly only, pay low to high', params: { offerType: 'job', paymentType: 'hourly', sort: 'salary-low' } },
  { name: 'fixed only, newest', params: { offerType: 'job', paymentType: 'fixed' } },
  { name: 'category', params: { offerType: 'job', category: 'petAndAnimalCare' } },
  { name: 'pay high to low', params: { offerType: 'job', sort: 'salary-high' } },
  { name: 'pay low to high', params: { offerType: 'job', sort: 'salary-low' } },
  { name: 'page 2', params: { offerType: 'job', page: 2 } },
  { name: 'page 40', params: { offerType: 'job', page: 40 } },
  { name: 'services', params: { offerType: 'service' } },
  { name: 'services, word and category', params: { offerType: 'service', q: 'שיעור', category: 'educationAndTutoring' } },
  { name: 'both offer types', params: {} },
];
