import { alertFiltersOf, alertReturnPath, digestTime, withoutAlertForm } from './alerts';
import { DEFAULT_SEARCH } from './listingSearch';

describe('alert filters', () => {
  it('keeps what the search sends (offer type, text, place, category), never its sort or page', () => {
    const search = {
      ...DEFAULT_SEARCH,
      q: 'dog walker',
      location: 'Haifa',
      category: 'petAndAnimalCare' as const,
      sort: 'salary-low' as const,
      page: 3,
    };
    expect(alertFiltersOf(search, 'job')).toEqual({ offerType: 'job', q: 'dog walker', location: 'Haifa', category: 'petAndAnimalCare' });
    // A place chosen from the suggestions is saved by its name, which matches a listing's place in any language.
    expect(alertFiltersOf({ ...search, placeId: 294801, radiusKm: 10 }, 'job')).toEqual({
      offerType: 'job',
      q: 'dog walker',
      location: 'Haifa',
      category: 'petAndAnimalCare',
    });
  });

  it('leaves out the filters the search does not use', () => {
    expect(alertFiltersOf(DEFAULT_SEARCH, 'service')).toEqual({ offerType: 'service' });
  });

  it('writes the digest hour as a time', () => {
    expect(digestTime()).toBe('8:00');
  });

  it('comes back from sign-in to the same search with the form asked for, and leaves it as it was written', () => {
    expect(alertReturnPath('/he/tasks', '?q=%D7%9B%D7%9C%D7%91&page=2')).toBe('/he/tasks?q=%D7%9B%D7%9C%D7%91&page=2&alert=new');
    expect(alertReturnPath('/services', '')).toBe('/services?alert=new');
    // Asked once, however often the visitor went to sign in and came back signed out.
    expect(alertReturnPath('/en/tasks', '?alert=new&q=dog')).toBe('/en/tasks?q=dog&alert=new');
    expect(withoutAlertForm('?q=dog%20walker&alert=new&page=2')).toBe('?q=dog%20walker&page=2');
    expect(withoutAlertForm('?alert=new')).toBe('');
    expect(withoutAlertForm('?q=%E0%A4%A')).toBe('?q=%E0%A4%A');
  });
});
