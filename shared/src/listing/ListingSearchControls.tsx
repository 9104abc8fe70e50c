import { useId } from 'react';
import { defaultSortOf, useDisclosure, useTranslation, type ListingSearch, type OfferType } from '@tasko/shared';
import { CategoryChips, ListingRefinements, ListingSearchForm } from './ListingFilters';
import { LISTING_NS } from './listingNamespace';
import { SearchAlert } from './SearchAlert';

interface Props {
  search: ListingSearch;
  offerType: OfferType;
  /** A change applied at once (category, refinements). */
  onChange: (change: Partial<ListingSearch>) => void;
  /** Text and place sent with the Search button: the page then shows its results. */
  onSearch: (change: Partial<ListingSearch>) => void;
  /** "Notify me about new listings like these"; off while /tasks waits for a first search. */
  hasAlert?: boolean;
}

/** How many refinements differ from the defaults, for the phone's "Filters" button. */
function refinementCount(search: ListingSearch): number {
  return [
    search.placeId > 0 && search.radiusKm > 0,
    search.paymentType !== 'any',
    search.listingLanguage !== 'any',
    search.sort !== defaultSortOf(search.q),
  ].filter(Boolean).length;
}

/**
 * Everything above a page's results, the same on jobs, tasks and services: the search bar, the categories,
 * the refinements and the alert. On a phone the categories scroll in one row and the refinements fold behind
 * a "Filters" button, so the first listing shows on the first screen; on wider screens all of it is open.
 */
export function ListingSearchControls({ search, offerType, onChange, onSearch, hasAlert = true }: Props) {
  const { t } = useTranslation(LISTING_NS);
  const filters = useDisclosure(useId());
  const count = refinementCount(search);
  return (
    <div className="listing-controls">
      {/* A new search starts the form again from the URL (and the page moves the focus to the results). */}
      <ListingSearchForm
        key={`${search.q}\n${search.location}\n${search.placeId}`}
        search={search}
        offerType={offerType}
        onSearch={onSearch}
      />
      <CategoryChips value={search.category} onChange={(category) => onChange({ category })} />
      <div className="listing-toolbar">
        <button className="button listing-toolbar__filters" {...filters.buttonProps}>
          {count > 0 ? t('refine.toggleCount', { count }) : t('refine.toggle')}
        </button>
        <div className="listing-toolbar__refinements" data-open={filters.isOpen} {...filters.panelProps}>
          <ListingRefinements search={search} offerType={offerType} onChange={onChange} />
        </div>
        {hasAlert && <SearchAlert search={search} offerType={offerType} />}
      </div>
    </div>
  );
}
