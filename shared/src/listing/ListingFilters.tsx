import { useId, useState, type FormEvent } from 'react';
import {
  api,
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
  type SearchSuggestion,
  type SortOption,
} from '@tasko/shared';
import { LISTING_NS } from './listingNamespace';
import { PlaceCombobox } from './PlaceCombobox';
import { SuggestionCombobox } from './SuggestionCombobox';

type SearchText = Pick<ListingSearch, 'q' | 'location' | 'placeId'>;

interface SearchFormProps {
  search: ListingSearch;
  offerType: OfferType;
  onSearch: (change: SearchText) => void;
}

/**
 * Text and place, sent with the Search button (or Enter), not on every key. The text suggests tasks as it is
 * typed (in any language, named in the reader's), and a task chosen searches at once. The place is typed freely
 * (found by any of its names) or chosen from the suggestions, which searches by the place itself and opens
 * distance.
 */
export function ListingSearchForm({ search, offerType, onSearch }: SearchFormProps) {
  const { t } = useTranslation(LISTING_NS);
  const { t: tc } = useTranslation('common');
  const id = useId();
  const [q, setQ] = useState(search.q);
  const [place, setPlace] = useState({ location: search.location, placeId: search.placeId });
  const searchFor = (text: string) =>
    onSearch({ q: text.trim(), location: place.location.trim(), placeId: place.location.trim() ? place.placeId : 0 });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    searchFor(q);
  };
  return (
    <form className="listing-search" role="search" aria-label={t('search.label')} onSubmit={submit}>
      <SuggestionCombobox<SearchSuggestion>
        label={t('search.text')}
        listLabel={t('search.suggestedTasks')}
        inputId={`${id}-q`}
        type="search"
        value={q}
        placeholder={t('search.textPlaceholder')}
        onChange={setQ}
        onChoose={(task) => {
          setQ(task.text);
          searchFor(task.text);
        }}
        suggest={(text, language, signal) => api.searchSuggestions(text, language, offerType, signal)}
        keyOf={(task) => task.text}
        textOf={(task) => task.text}
        renderOption={(task) => (
          <>
            <bdi>{task.text}</bdi> <span className="combobox__meta">{tc(`categories.${task.category}`)}</span>
          </>
        )}
        countText={(count) => tc('taskSuggestions', { count })}
      />
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
  if (sort === 'newest' || sort === 'nearest' || sort === 'relevance') return `sort.${sort}` as const;
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
  // Relevance ranks words: without any, there is nothing to rank by.
  const sorts = SORT_OPTIONS.filter((sort) => (sort !== 'nearest' || hasPlace) && (sort !== 'relevance' || search.q.trim() !== ''));
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
