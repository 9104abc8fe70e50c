// The shapes of a public search that the benchmark measures and the query-plan test proves, on the
// listings of `benchListings.ts`: the home page's own request, a word in each script, a place, a category,
// each sort, page 2 and page 40, services, and a search across both offer types.
import type { JobSearchParams } from '@tasko/shared/domain';

export interface SearchShape {
  name: string;
  /** A first request: no cursor (the query-plan test makes its own, deep ones). */
  params: Omit<JobSearchParams, 'cursor'>;
}

export const SEARCH_SHAPES: SearchShape[] = [
  { name: 'home (jobs, newest)', params: { offerType: 'job' } },
  { name: 'word, Hebrew (ספה)', params: { offerType: 'job', q: 'ספה' } },
  { name: 'word, Arabic (كلب)', params: { offerType: 'job', q: 'كلب' } },
  { name: 'word, Russian (гитар)', params: { offerType: 'job', q: 'гитар' } },
  { name: 'word, English (dog)', params: { offerType: 'job', q: 'dog' } },
  { name: 'word, no match', params: { offerType: 'job', q: 'טרקטור' } },
  { name: 'place (חיפה)', params: { offerType: 'job', location: 'חיפה' } },
  { name: 'category', params: { offerType: 'job', category: 'petAndAnimalCare' } },
  { name: 'pay high to low', params: { offerType: 'job', sort: 'salary-high' } },
  { name: 'pay low to high', params: { offerType: 'job', sort: 'salary-low' } },
  { name: 'page 2', params: { offerType: 'job', page: 2 } },
  { name: 'page 40', params: { offerType: 'job', page: 40 } },
  { name: 'services', params: { offerType: 'service' } },
  { name: 'services, word and category', params: { offerType: 'service', q: 'שיעור', category: 'educationAndTutoring' } },
  { name: 'both offer types', params: {} },
];
