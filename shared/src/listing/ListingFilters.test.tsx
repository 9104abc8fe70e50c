import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, DEFAULT_SEARCH, type Listing, type ListingSearch, type OfferType } from '@tasko/shared';
import { loadListingTexts, renderAt } from '../../test/renderWithProviders';
import { ListingCard } from './ListingCard';
import { ListingRefinements, ListingSearchForm } from './ListingFilters';

const listing = (overrides: Partial<Listing> = {}): Listing => ({
  job_id: 5,
  jobTitle: 'Moving boxes to the third floor',
  status: 'active',
  contact_person_name: 'Dana',
  contact_methods: ['phone'],
  payment_type: 'fixed',
  offerType: 'job',
  description: 'Two hours, no lift.',
  amount: 200,
  category: 'homeServices',
  location: { city: 'Haifa', address: '' },
  place: { id: 294801, name: 'חיפה', lat: 32.8, lon: 34.99 },
  language: 'en',
  image_url: [],
  publisher_id: 1,
  created_at: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

beforeEach(() => {
  jest.restoreAllMocks();
});

describe('a listing card', () => {
  it('sets an English listing on a Hebrew page left to right as one block, and says it is in English', async () => {
    await loadListingTexts('he');
    const { container } = renderAt(<ul>{<ListingCard listing={listing()} />}</ul>);
    const text = container.querySelector('.listing-card__text');
    expect(text).toHaveAttribute('dir', 'ltr');
    expect(text).toHaveAttribute('lang', 'en');
    expect(within(text as HTMLElement).getByRole('heading', { name: 'Moving boxes to the third floor' })).toBeInTheDocument();
    expect(within(text as HTMLElement).getByText('Two hours, no lift.')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByText('באנגלית')).toBeInTheDocument();
    expect(screen.getByText('חיפה')).toBeInTheDocument();
  });

  it("names no language when the listing is in the reader's own", async () => {
    await loadListingTexts('he');
    const { container } = renderAt(<ul>{<ListingCard listing={listing({ language: 'he', jobTitle: 'הובלת ארגזים' })} />}</ul>);
    expect(container.querySelector('.listing-card__text')).toHaveAttribute('dir', 'rtl');
    expect(container.querySelector('.listing-card__language')).toBeNull();
  });

  it('shows the distance in a search around a place', async () => {
    await loadListingTexts('en');
    renderAt(
      <ul>
        <ListingCard listing={listing({ job_id: 1, distance_km: 12 })} />
        <ListingCard listing={listing({ job_id: 2, distance_km: 0 })} />
        <ListingCard listing={listing({ job_id: 3 })} />
      </ul>,
    );
    const distances = [...document.querySelectorAll('.listing-card__distance')].map((distance) => distance.textContent);
    expect(distances).toEqual(['\u00a0· 12 km away', '\u00a0· under 1 km away']);
  });

  // 0 is a rounded distance from the place searched: no "in this place" that names no place, and the words
  // after the middle dot go on the line in lower case, as the other distances do.
  it.each([
    ['he', 'במרחק של פחות מקילומטר'],
    ['ar', 'على بعد أقل من كيلومتر'],
    ['ru', 'менее чем в 1 км'],
  ] as const)('says a listing 0 km away is under a kilometre away (%s)', async (language, expected) => {
    await loadListingTexts(language);
    renderAt(<ul>{<ListingCard listing={listing({ distance_km: 0 })} />}</ul>);
    const distance = document.querySelector('.listing-card__distance')?.textContent ?? '';
    expect(distance).toBe(`\u00a0· ${expected}`);
    expect(distance.charAt(3)).toBe(distance.charAt(3).toLocaleLowerCase(language));
  });
});

function refinements(search: Partial<ListingSearch>, offerType: OfferType = 'job') {
  const onChange = jest.fn();
  renderAt(<ListingRefinements search={{ ...DEFAULT_SEARCH, ...search }} offerType={offerType} onChange={onChange} />);
  return onChange;
}

describe('search refinements', () => {
  it('offers distance and nearest first only once a place is chosen', async () => {
    await loadListingTexts('en');
    refinements({});
    expect(screen.queryByLabelText('Distance')).toBeNull();
    expect(within(screen.getByLabelText('Sort by')).queryByRole('option', { name: 'Nearest first' })).toBeNull();
  });

  it('with a chosen place, narrows by distance and sorts nearest first', async () => {
    await loadListingTexts('en');
    const onChange = refinements({ location: 'Haifa', placeId: 294801 });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Distance'), 'Within 10 km');
    expect(onChange).toHaveBeenLastCalledWith({ radiusKm: 10 });
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Nearest first');
    expect(onChange).toHaveBeenLastCalledWith({ sort: 'nearest' });
  });

  // A phone's select shows the option on one line: no explanation of the two runs of "any payment type".
  it.each(['en', 'he', 'ar', 'ru'] as const)('names the sorts shortly, the same for any payment type as for one (%s)', async (language) => {
    await loadListingTexts(language);
    const labels = (paymentType: ListingSearch['paymentType']) => {
      const { unmount } = renderAt(<ListingRefinements search={{ ...DEFAULT_SEARCH, paymentType }} offerType="job" onChange={jest.fn()} />);
      const sort = document.querySelector('select:last-of-type') as HTMLSelectElement;
      const texts = [...sort.options].map((option) => option.text);
      unmount();
      return texts;
    };
    const forAny = labels('any');
    expect(forAny).toEqual(labels('hourly'));
    for (const label of forAny) expect(label.length).toBeLessThanOrEqual(30);
  });

  it('says "Pay: high to low" for any payment type', async () => {
    await loadListingTexts('en');
    refinements({});
    expect(within(screen.getByLabelText('Sort by')).getByRole('option', { name: 'Pay: high to low' })).toBeInTheDocument();
  });

  it('says "Price" on services', async () => {
    await loadListingTexts('en');
    refinements({ paymentType: 'fixed' }, 'service');
    const sort = screen.getByLabelText('Sort by');
    expect(within(sort).getByRole('option', { name: 'Price: low to high' })).toBeInTheDocument();
    expect(within(sort).queryByRole('option', { name: /Pay/ })).toBeNull();
    expect(screen.getByLabelText('Price')).toHaveValue('fixed');
  });

  it("filters by payment type and by the reader's language", async () => {
    await loadListingTexts('ru');
    const onChange = refinements({});
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Оплата'), 'hourly');
    expect(onChange).toHaveBeenLastCalledWith({ paymentType: 'hourly' });
    await user.click(screen.getByRole('checkbox', { name: 'Только объявления на русском' }));
    expect(onChange).toHaveBeenLastCalledWith({ listingLanguage: 'ru' });
  });
});

describe("the search bar's place", () => {
  it("searches by a chosen place's id, and by text once the place is typed over", async () => {
    await loadListingTexts('en');
    jest.spyOn(api, 'places').mockResolvedValue([{ id: 294801, name: 'Haifa', lat: 32.8, lon: 34.99 }]);
    const onSearch = jest.fn();
    renderAt(<ListingSearchForm search={DEFAULT_SEARCH} offerType="job" onSearch={onSearch} />);
    const user = userEvent.setup();
    const place = screen.getByRole('combobox', { name: 'Where?' });
    await user.type(place, 'hai');
    await user.click(await screen.findByRole('option', { name: 'Haifa' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenLastCalledWith({ q: '', location: 'Haifa', placeId: 294801 });
    await user.type(place, ' port');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenLastCalledWith({ q: '', location: 'Haifa port', placeId: 0 });
  });
});

describe("the search bar's words", () => {
  it('suggests tasks in the reader’s language with their category, and searches a task chosen at once', async () => {
    await loadListingTexts('en');
    const suggest = jest.spyOn(api, 'searchSuggestions').mockResolvedValue([
      { text: 'Apartment cleaning', category: 'homeServices' },
      { text: 'Babysitter', category: 'other' },
    ]);
    const onSearch = jest.fn();
    renderAt(<ListingSearchForm search={DEFAULT_SEARCH} offerType="service" onSearch={onSearch} />);
    const user = userEvent.setup();
    const words = screen.getByRole('combobox', { name: 'What are you looking for?' });
    await user.type(words, 'убор');
    const option = await screen.findByRole('option', { name: /Apartment cleaning/ });
    expect(option).toHaveTextContent('Apartment cleaning Home services');
    expect(suggest).toHaveBeenLastCalledWith('убор', 'en', 'service', expect.any(AbortSignal));
    expect(screen.getByText('2 tasks suggested. Up and down arrows choose.')).toHaveAttribute('class', 'visually-hidden');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith({ q: 'Apartment cleaning', location: '', placeId: 0 });
  });
});
