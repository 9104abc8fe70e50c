import { useId, useState, type FormEvent } from 'react';
import { CATEGORIES, SORT_OPTIONS, useTranslation, type Category, type ListingSearch, type SortOption } from '@tasko/shared';
import { LISTING_NS } from './listingNamespace';

/** Text and place, sent with the Search button (or Enter), not on every key. */
export function ListingSearchForm({ search, onSearch }: { search: ListingSearch; onSearch: (change: Pick<ListingSearch, 'q' | 'location'>) => void }) {
  const { t } = useTranslation(LISTING_NS);
  const id = useId();
  const [q, setQ] = useState(search.q);
  const [location, setLocation] = useState(search.location);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ q: q.trim(), location: location.trim() });
  };
  return (
    <form className="listing-search" role="search" aria-label={t('search.label')} onSubmit={submit}>
      <div className="field">
        <label htmlFor={`${id}-q`}>{t('search.text')}</label>
        <input id={`${id}-q`} type="search" dir="auto" value={q} maxLength={100} placeholder={t('search.textPlaceholder')} onChange={(e) => setQ(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-location`}>{t('search.location')}</label>
        <input id={`${id}-location`} type="search" dir="auto" value={location} maxLength={100} placeholder={t('search.locationPlaceholder')} onChange={(e) => setLocation(e.target.value)} />
      </div>
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
        <button key={category} type="button" className="chip" aria-pressed={value === category} onClick={() => onChange(category)}>
          {t(`categories.${category}`)}
        </button>
      ))}
    </div>
  );
}

export function SortSelect({ value, onChange }: { value: SortOption; onChange: (sort: SortOption) => void }) {
  const { t } = useTranslation(LISTING_NS);
  const id = useId();
  return (
    <div className="field field--inline">
      <label htmlFor={id}>{t('sort.label')}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as SortOption)}>
        {SORT_OPTIONS.map((option) => (
          <option key={option} value={option}>
            {t(`sort.${option}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
