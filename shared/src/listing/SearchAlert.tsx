import { lazy, Suspense, useId, useMemo, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Link, useLocation } from '@tasko/shared/router';
import { alertFiltersOf, isLoggedInAtom, loginTarget, useLocalizedPath, useTranslation, type ListingSearch, type OfferType } from '@tasko/shared';
import { LISTING_NS } from './listingNamespace';

// The form, its states and its calls download only when someone opens it: most visitors never do, and the
// listing pages' first visit has a budget (scripts/bench-pages.ts).
const SearchAlertForm = lazy(() => import(/* webpackChunkName: "search-alert" */ './SearchAlertForm'));

/**
 * "Notify me about new listings like these" (issue 16): a disclosure that saves the page's current search
 * as an alert. Signed out, it leads to sign-in and back to this very search.
 */
export function SearchAlert({ search, offerType }: { search: ListingSearch; offerType: OfferType }) {
  const { t } = useTranslation(LISTING_NS);
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const location = useLocation();
  const localized = useLocalizedPath();
  const panelId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const [isOpen, setIsOpen] = useState(false);
  const filters = useMemo(() => alertFiltersOf(search, offerType), [search, offerType]);

  if (!isLoggedIn) {
    const target = loginTarget({ redirectTo: location.pathname + location.search });
    return (
      <div className="search-alert">
        <Link className="button search-alert__toggle" to={localized(target.to)} state={target.state}>
          {t('alert.toggle')}
        </Link>
      </div>
    );
  }

  const close = () => {
    setIsOpen(false);
    toggle.current?.focus();
  };
  return (
    <div className="search-alert">
      <button ref={toggle} type="button" className="button search-alert__toggle" aria-expanded={isOpen} aria-controls={panelId} onClick={() => setIsOpen((open) => !open)}>
        {t('alert.toggle')}
      </button>
      <div id={panelId} className="search-alert__panel" hidden={!isOpen}>
        {isOpen && (
          <Suspense fallback={<p role="status">{t('loading')}</p>}>
            {/* Another search is another alert: the form starts again rather than showing the last one's outcome. */}
            <SearchAlertForm key={JSON.stringify(filters)} filters={filters} onClose={close} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
