import { alertFiltersOf, digestTime } from './alerts';
import { DEFAULT_SEARCH } from './listingSearch';

describe('alert filters', () => {
  it('keeps what the search sends (offer type, text, place, category), never its sort or page', () => {
    const search = { ...DEFAULT_SEARCH, q: 'dog walker', location: 'Haifa', category: 'petAndAnimalCare' as const, sort: 'salary-low' as const, page: 3 };
    expect(alertFiltersOf(search, 'job')).toEqual({ offerType: 'job', q: 'dog walker', location: 'Haifa', category: 'petAndAnimalCare' });
    // A place chosen from the suggestions is saved by its name, which matches a listing's place in any language.
    expect(alertFiltersOf({ ...search, placeId: 294801, radiusKm: 10 }, 'job')).toEqual({ offerType: 'job', q: 'dog walker', location: 'Haifa', category: 'petAndAnimalCare' });
  });

  it('leaves out the filters the search does not use', () => {
    expect(alertFiltersOf(DEFAULT_SEARCH, 'service')).toEqual({ offerType: 'service' });
  });

  it('writes the digest hour as a time', () => {
    expect(digestTime()).toBe('8:00');
  });
});
