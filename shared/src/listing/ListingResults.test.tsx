import { screen } from '@testing-library/react';
import { formatNumber, type Language, type Listing, type OfferType } from '@tasko/shared';
import { loadListingTexts, renderAt } from '../../test/renderWithProviders';
import { ListingResults } from './ListingResults';

const PAGE_SIZE = 12;

const listing = (id: number): Listing => ({
  job_id: id,
  jobTitle: `Listing ${id}`,
  status: 'active',
  contact_person_name: 'Dana',
  contact_methods: ['phone'],
  payment_type: 'fixed',
  offerType: 'job',
  description: 'Two hours.',
  amount: 200,
  category: 'homeServices',
  location: { city: 'Haifa', address: '' },
  language: 'en',
  image_url: [],
  publisher_id: 1,
  created_at: '2026-11-20T10:00:00.000Z',
});

/** The count paragraph of the first page of a search that found `total`. */
function countOf(total: number, offerType: OfferType = 'job', pageSize = PAGE_SIZE): HTMLElement {
  const jobs = Array.from({ length: Math.min(total, pageSize) }, (_, i) => listing(i + 1));
  renderAt(
    <ListingResults
      result={{ status: 'succeeded', page: { jobs, total, page: 1, pageSize } }}
      offerType={offerType}
      failureText="failed"
      onRetry={() => undefined}
      onPage={() => undefined}
    />,
  );
  return screen.getByRole('status');
}

// The sentence each language's plural rule picks for a total, with the number where the sentence says it.
// `#` is the total, `@` the number shown on the page; each language has a form per category it uses.
const EXPECTED: Record<Language, Record<number, string>> = {
  en: {
    1: '# job found',
    2: '# jobs found',
    5: '# jobs found',
    11: '# jobs found',
    21: 'Showing @ of # jobs',
    100: 'Showing @ of # jobs',
  },
  he: {
    1: 'נמצאה עבודה אחת',
    2: 'נמצאו שתי עבודות',
    5: 'נמצאו # עבודות',
    11: 'נמצאו # עבודות',
    21: 'מוצגות @ מתוך # עבודות',
    100: 'מוצגות @ מתוך # עבודות',
  },
  ar: {
    1: 'عثرنا على مهمة واحدة',
    2: 'عثرنا على مهمتين',
    5: 'عثرنا على # مهام',
    11: 'عثرنا على # مهمة',
    21: 'عرض @ من أصل # مهمة',
    100: 'عرض @ من أصل # مهمة',
  },
  ru: {
    1: 'Найдено # задание',
    2: 'Найдено # задания',
    5: 'Найдено # заданий',
    11: 'Найдено # заданий',
    21: 'Показано @ из # задания',
    100: 'Показано @ из # заданий',
  },
};

describe('the count of the results', () => {
  describe.each(Object.keys(EXPECTED) as Language[])('in %s', (language) => {
    beforeEach(() => loadListingTexts(language));

    it.each([1, 2, 5, 11, 21, 100])('says the sentence of its plural category for %i results', (total) => {
      const shown = Math.min(total, PAGE_SIZE);
      const expected = (EXPECTED[language][total] as string)
        .replace('#', formatNumber(total, language))
        .replace('@', formatNumber(shown, language));
      expect(countOf(total)).toHaveTextContent(new RegExp(`^${expected}$`));
    });

    it('says no count when nothing was found, only that nothing was found', () => {
      const status = countOf(0);
      expect(status.textContent).not.toMatch(/\d/);
      expect(status).toHaveClass('listing-results__empty');
      expect(screen.queryByRole('list')).toBeNull();
    });
  });

  it.each([
    ['he', 2, 'נמצאו שני שירותים'],
    ['ar', 2, 'عثرنا على خدمتين'],
    ['ru', 21, 'Найдена 21 услуга'],
    ['en', 1, '1 service found'],
  ] as const)('counts services in their own words (%s, %i, all on one page)', async (language, total, expected) => {
    await loadListingTexts(language);
    expect(countOf(total, 'service', 30)).toHaveTextContent(new RegExp(`^${expected}$`));
  });

  it('says "No jobs found." and "No services found." once, in the status the focus goes to', async () => {
    await loadListingTexts('en');
    expect(countOf(0)).toHaveTextContent(/^No jobs found\.$/);
    expect(screen.getAllByText('No jobs found.')).toHaveLength(1);
  });
});
