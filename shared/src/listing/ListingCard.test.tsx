/**
 * The card on a phone: nothing of the place and distance is cut, the pay type is said once. jsdom lays out
 * nothing, so the card is rendered under the site's own listing stylesheet and its computed styles are read.
 */
import fs from 'node:fs';
import path from 'node:path';
import { screen } from '@testing-library/react';
import { formatShekels, i18n, type Language, type Listing } from '@tasko/shared';
import { loadListingTexts, renderAt } from '../../test/renderWithProviders';
import { ListingCard } from './ListingCard';
import { LISTING_NS } from './listingNamespace';

const LISTING_CSS = fs.readFileSync(path.join(__dirname, '../styles/listing.css'), 'utf8');

const listing = (overrides: Partial<Listing> = {}): Listing => ({
  job_id: 5,
  jobTitle: 'Piano lessons for beginners',
  status: 'active',
  contact_person_name: 'Dana',
  contact_methods: ['phone'],
  payment_type: 'hourly',
  offerType: 'service',
  description: 'At my place or yours.',
  amount: 120,
  category: 'educationAndTutoring',
  location: { city: 'Kfar Yona', address: '' },
  place: null,
  language: 'en',
  image_url: [],
  publisher_id: 1,
  created_at: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

let sheet: HTMLStyleElement;
beforeAll(() => {
  sheet = document.createElement('style');
  sheet.textContent = LISTING_CSS;
  document.head.append(sheet);
});
afterAll(() => sheet.remove());

/** What of an element's own styles would cut its text short instead of wrapping it. */
function cutting(element: Element): string[] {
  const style = getComputedStyle(element);
  return [
    style.textOverflow === 'ellipsis' ? 'text-overflow: ellipsis' : '',
    style.whiteSpace === 'nowrap' || style.whiteSpace === 'pre' ? `white-space: ${style.whiteSpace}` : '',
    style.overflow === 'hidden' || style.overflowX === 'hidden' || style.overflowX === 'clip' ? 'overflow hidden' : '',
    /truncat|ellipsis|nowrap/i.test(element.className) ? `class ${element.className}` : '',
  ].filter(Boolean);
}

describe('a listing card on a phone', () => {
  it.each(['en', 'he', 'ar', 'ru'] as const)('wraps the place and the distance, never cuts them (%s)', async (language: Language) => {
    await loadListingTexts(language);
    const { container } = renderAt(<ul>{<ListingCard listing={listing({ distance_km: 17 })} />}</ul>);
    const place = container.querySelector('.listing-card__place') as HTMLElement;
    const distance = container.querySelector('.listing-card__distance') as HTMLElement;
    // The whole distance is there, its unit with it ("17 km", "17 كيلومترًا").
    expect(distance.textContent).toMatch(/17\s*\S+/);
    for (let element: Element | null = distance; element && element !== container; element = element.parentElement) {
      expect({ element: element.className || element.tagName, cuts: cutting(element) }).toEqual({
        element: element.className || element.tagName,
        cuts: [],
      });
    }
    // A long place name may break anywhere rather than widen the card past a 320 px screen.
    expect(getComputedStyle(place).overflowWrap).toBe('anywhere');
    // The separator stays with the place: a wrapped line never starts with "·".
    expect(distance.textContent?.startsWith('\u00a0·')).toBe(true);
  });

  it.each(['en', 'he', 'ar', 'ru'] as const)('says an hourly rate once, in the price with its unit (%s)', async (language) => {
    await loadListingTexts(language);
    const { container } = renderAt(<ul>{<ListingCard listing={listing()} />}</ul>);
    const price = container.querySelector('.listing-card__price') as HTMLElement;
    expect(price.textContent).toBe(i18n.t('price.perHour', { ns: 'common', price: formatShekels(120, language) }));
    // No label beside it says "hourly" again, in the words of either the listing page or the filters.
    for (const label of [i18n.t('price.hourly', { ns: 'common' }), i18n.t('paymentType.hourly', { ns: LISTING_NS })]) {
      expect(screen.queryByText(label)).toBeNull();
      expect(container.querySelector('.listing-card__facts')).not.toHaveTextContent(label);
    }
  });
});
