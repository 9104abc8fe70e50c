import { alertFiltersOf, digestTime } from './alerts';
import { DEFAULT_SEARCH } from './listingSearch';

describe('alert filters', () => {
  it('keeps what the search sends (offer type, text, place, category), never its sort or page', () => {
    const search = { q: 'dog walker', location: 'Haifa', category: 'petAndAnimalCare' as const, sort: 'salary-low' as const, page: 3, cursor: '' };
    expect(alertFiltersOf(search, 'job')).toEqual({ offerType: 'job', q: 'dog walker', location: 'Haifa', category: 'petAndAnimalCare' });
  });

  it('leaves out the filters the search does not use', () => {
    expect(alertFiltersOf(DEFAULT_SEARCH, 'service')).toEqual({ offerType: 'service' });
  });

  it('writes the digest hour as a time', () => {
    expect(digestTime()).toBe('8:00');
  });
});
