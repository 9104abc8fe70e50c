import { useId, useState, type FormEvent } from 'react';
import {
  CATEGORIES,
  PAYMENT_FILTERS,
  RADIUS_KM_OPTIONS,
  SORT_OPTIONS,
  useLanguage,
  useTranslation,
  type Category,
  type ListingSearch,
  type OfferType,
  type PaymentFilter,
  type RadiusKm,
  type SortOption,
} from '@tasko/shared';
import { LISTING_NS } from './listingNamespace';
import { PlaceCombobox } from './PlaceCombobox';

type SearchText = Pick<ListingSearch, 'q' | 'location' | 'placeId'>;

/**
 * Text and place, sent with the Search button (or Enter), not on every key. The place is typed freely (found
 * by any of its names) or chosen from the suggestions, which searches by the place itself and opens distance.
 */
export function ListingSearchForm({ search, onSearch }: { search: ListingSearch; onSearch: (change: SearchText) => void }) {
  const { t } = useTranslation(LISTING_NS);
  const id = useId();
  const [q, setQ] = useState(search.q);
  const [place, setPlace] = useState({ location: search.location, placeId: search.placeId });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ q: q.trim(), location: place.location.trim(), placeId: place.location.trim() ? place.placeId : 0 });
  };
  return (
    <form className="listing-search" role="search" aria-label={t('search.label')} onSubmit={submit}>
      <div className="field">
        <label htmlFor={`${id}-q`}>{t('search.text')}</label>
        <input
          id={`${id}-q`}
          type="search"
          dir="auto"
          value={q}
          maxLength={100}
          placeholder={t('search.textPlaceholder')}
          onChange={(e) => setQ(e.target.value)}
        />
      </div>
      <PlaceCombobox
        label={t('search.location')}
        inputId={`${id}-location`}
        value={place.location}
        placeholder={t('search.locationPlaceholder')}
        onChange={(location) => setPlace({ location, placeId: 0 })}
        onChoose={(chosen) => setPlace({ location: chosen.name, placeId: chosen.id })}
        noResultsText={t('search.noPlaces')}
      />
      <button type="submit" className="button button--primary">
        {t('search.submit')}
      </button>
    </form>
  );
}

/** All plus the five categories, as toggle buttons. */
export function CategoryChips({ value, onChange }: { value: Category | 'all'; onChange: (category: Category | 'all') => void }) {
  const { t } = useTranslation('common');
  const { t: tl } = useTranslation(LISTING_NS);
  return (
    <div className="chips" role="group" aria-label={tl('category')}>
      {(['all', ...CATEGORIES] as const).map((category) => (
        <button
          key={category}
          type="button"
          className="chip"
          aria-pressed={value === category}
          onClick={() => onChange(category)}
          // On a phone the chips scroll in one row, and a browser scrolls a chip that Tab reaches only if it was
          // wholly out of view: half a chip at the edge stays cut. Brought fully in, clear of the edge (the row's
          // scroll-padding), so its focus ring shows whole (WCAG 2.4.12).
          onFocus={(event) => event.currentTarget.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })}
        >
          {t(`categories.${category}`)}
        </button>
      ))}
    </div>
  );
}

/**
 * The label of a sort: pay is "Salary" on jobs and "Price" on services. With any payment type pay ranks in
 * two runs (hourly rates and fixed prices are not comparable); the results show which run comes first, and
 * saying it in the option made it too long for a phone.
 */
function sortLabelKey(sort: SortOption, offerType: OfferType) {
  if (sort === 'newest' || sort === 'nearest') return `sort.${sort}` as const;
  const noun = offerType === 'service' ? 'price' : 'salary';
  return `sort.${noun}${sort === 'salary-high' ? 'High' : 'Low'}` as const;
}

interface RefinementsProps {
  search: ListingSearch;
  offerType: OfferType;
  onChange: (change: Partial<ListingSearch>) => void;
}

/**
 * How the results are narrowed and ordered, each applied at once: distance (once a place is chosen), pay
 * type, "only in my language", and the sort ("nearest first" once a place is chosen).
 */
export function ListingRefinements({ search, offerType, onChange }: RefinementsProps) {
  const { t } = useTranslation(LISTING_NS);
  const { language } = useLanguage();
  const id = useId();
  const hasPlace = search.placeId > 0;
  const sorts = SORT_OPTIONS.filter((sort) => sort !== 'nearest' || hasPlace);
  return (
    <div className="listing-refinements">
      {hasPlace && (
        <div className="field field--inline">
          <label htmlFor={`${id}-radius`}>{t('radius.label')}</label>
          <select
            id={`${id}-radius`}
            value={search.radiusKm}
            onChange={(e) => onChange({ radiusKm: Number(e.target.value) as RadiusKm | 0 })}
          >
            <option value={0}>{t('radius.any')}</option>
            {RADIUS_KM_OPTIONS.map((km) => (
              <option key={km} value={km}>
                {t('radius.within', { count: km })}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field field--inline">
        <label htmlFor={`${id}-pay`}>{t(offerType === 'service' ? 'paymentType.labelService' : 'paymentType.label')}</label>
        <select id={`${id}-pay`} value={search.paymentType} onChange={(e) => onChange({ paymentType: e.target.value as PaymentFilter })}>
          {PAYMENT_FILTERS.map((type) => (
            <option key={type} value={type}>
              {t(`paymentType.${type}`)}
            </option>
          ))}
        </select>
      </div>
      <label className="listing-refinements__check">
        <input
          type="checkbox"
          checked={search.listingLanguage === language}
          onChange={(e) => onChange({ listingLanguage: e.target.checked ? language : 'any' })}
        />
        {t('onlyInMyLanguage')}
      </label>
      <div className="field field--inline">
        <label htmlFor={`${id}-sort`}>{t('sort.label')}</label>
        <select id={`${id}-sort`} value={search.sort} onChange={(e) => onChange({ sort: e.target.value as SortOption })}>
          {sorts.map((sort) => (
            <option key={sort} value={sort}>
              {t(sortLabelKey(sort, offerType))}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
