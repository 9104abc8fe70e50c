import {
  changeSearch,
  DEFAULT_SEARCH,
  pageCount,
  searchFromParams,
  searchQueryString,
  searchRequest,
  searchToParams,
} from './listingSearch';

describe('listing search in the URL', () => {
  it('round-trips a search through the query string, leaving defaults out', () => {
    const search = {
      ...DEFAULT_SEARCH,
      q: 'ספה',
      location: 'Haifa',
      category: 'homeServices' as const,
      sort: 'salary-high' as const,
      page: 3,
    };
    const params = searchToParams(search);
    expect(params.toString()).toBe('q=%D7%A1%D7%A4%D7%94&location=Haifa&category=homeServices&sort=salary-high&page=3');
    expect(searchFromParams(params)).toEqual(search);
    expect(searchToParams(DEFAULT_SEARCH).toString()).toBe('');
  });

  it('carries a chosen place, its radius, the pay type and the listing language', () => {
    const search = {
      ...DEFAULT_SEARCH,
      location: 'חיפה',
      placeId: 294801,
      radiusKm: 10 as const,
      paymentType: 'hourly' as const,
      listingLanguage: 'ar' as const,
      sort: 'nearest' as const,
    };
    const params = searchToParams(search);
    expect(params.toString()).toBe(
      'location=%D7%97%D7%99%D7%A4%D7%94&placeId=294801&radiusKm=10&paymentType=hourly&listingLanguage=ar&sort=nearest',
    );
    expect(searchFromParams(params)).toEqual(search);
    // The API gets the place by id, not its name; the name stays in the URL for the field.
    const request = searchRequest(search, 'job', 'he');
    expect(request).toMatchObject({
      placeId: 294801,
      radiusKm: 10,
      paymentType: 'hourly',
      listingLanguage: 'ar',
      sort: 'nearest',
      language: 'he',
    });
    expect(request.location).toBeUndefined();
  });

  it('has no distance without a place: radius and nearest first fall back', () => {
    expect(searchFromParams(new URLSearchParams('radiusKm=10&sort=nearest'))).toEqual(DEFAULT_SEARCH);
    expect(searchFromParams(new URLSearchParams('placeId=7&radiusKm=7')).radiusKm).toBe(0);
    const near = { ...DEFAULT_SEARCH, location: 'Haifa', placeId: 294801, radiusKm: 25 as const, sort: 'nearest' as const };
    expect(changeSearch(near, { location: 'Hai', placeId: 0 })).toEqual({ ...DEFAULT_SEARCH, location: 'Hai' });
    expect(changeSearch(near, { paymentType: 'fixed' })).toEqual({ ...near, paymentType: 'fixed' });
  });

  it('reads a hand-edited or hostile URL as a valid search', () => {
    expect(searchFromParams(new URLSearchParams('category=weapons&sort=random&page=-2'))).toEqual(DEFAULT_SEARCH);
    expect(searchFromParams(new URLSearchParams('page=2.5')).page).toBe(1);
    expect(searchFromParams(new URLSearchParams(`q=${'x'.repeat(500)}`)).q).toHaveLength(100);
  });

  it('goes back to page 1 when the filters change, not when the page does', () => {
    const onPage4 = { ...DEFAULT_SEARCH, page: 4 };
    expect(changeSearch(onPage4, { category: 'other' }).page).toBe(1);
    expect(changeSearch(onPage4, { sort: 'salary-low' }).page).toBe(1);
    expect(changeSearch(onPage4, { page: 5 }).page).toBe(5);
  });

  it('keeps the cursor of the page turned to, and drops it with any other change', () => {
    const onPage4 = { ...DEFAULT_SEARCH, page: 4, cursor: 'abc' };
    expect(changeSearch(onPage4, { page: 5, cursor: 'def' })).toEqual({ ...DEFAULT_SEARCH, page: 5, cursor: 'def' });
    expect(changeSearch(onPage4, { page: 3 })).toEqual({ ...DEFAULT_SEARCH, page: 3, cursor: '' });
    expect(changeSearch(onPage4, { q: 'dog' })).toEqual({ ...DEFAULT_SEARCH, q: 'dog', sort: 'relevance', page: 1, cursor: '' });
    const shared = searchFromParams(new URLSearchParams('page=90&cursor=abc'));
    expect(searchQueryString(searchRequest(shared, 'job'))).toBe('offerType=job&page=90&pageSize=12&cursor=abc');
    expect(searchFromParams(new URLSearchParams(`cursor=${'x'.repeat(500)}`)).cursor).toHaveLength(200);
  });

  it('counts pages, with one page when nothing is found', () => {
    expect(pageCount(0, 12)).toBe(1);
    expect(pageCount(12, 12)).toBe(1);
    expect(pageCount(13, 12)).toBe(2);
  });

  it('asks the API in one fixed order and encoding, whatever order the page built the search in', () => {
    const search = searchFromParams(new URLSearchParams('page=2&category=other&q=ספה נוחה'));
    expect(searchQueryString(searchRequest(search, 'job'))).toBe(
      `offerType=job&q=${new URLSearchParams({ q: 'ספה נוחה' }).toString().slice(2)}&category=other&page=2&pageSize=12`,
    );
    expect(searchQueryString(searchRequest(DEFAULT_SEARCH, 'service'))).toBe('offerType=service&page=1&pageSize=12');
  });

  it('orders words by relevance unless the reader chose an order, and leaves the default order out of the URL', () => {
    expect(searchFromParams(new URLSearchParams('q=sofa')).sort).toBe('relevance');
    expect(searchFromParams(new URLSearchParams('q=sofa&sort=newest')).sort).toBe('newest');
    expect(searchFromParams(new URLSearchParams('sort=relevance')).sort).toBe('newest');
    expect(searchToParams(searchFromParams(new URLSearchParams('q=sofa'))).toString()).toBe('q=sofa');
    expect(searchToParams({ ...DEFAULT_SEARCH, q: 'sofa', sort: 'newest' }).toString()).toBe('q=sofa&sort=newest');
    // Words typed keep an order chosen before them; clearing them leaves relevance for newest first.
    expect(changeSearch({ ...DEFAULT_SEARCH, sort: 'salary-low' }, { q: 'sofa' }).sort).toBe('salary-low');
    expect(changeSearch({ ...DEFAULT_SEARCH, q: 'sofa', sort: 'relevance' }, { q: '' }).sort).toBe('newest');
    expect(changeSearch({ ...DEFAULT_SEARCH, q: 'sofa', sort: 'relevance' }, { category: 'other' }).sort).toBe('relevance');
    expect(searchRequest({ ...DEFAULT_SEARCH, q: 'sofa', sort: 'relevance' }, 'job').sort).toBeUndefined();
  });
});
