import { lazy, Suspense, useEffect, useId, useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Link, useLocation, useNavigate } from '@tasko/shared/router';
import {
  ALERT_FORM_PARAM,
  alertFiltersOf,
  alertReturnPath,
  isLoggedInAtom,
  loginTarget,
  useDisclosure,
  useLocalizedPath,
  useTranslation,
  withoutAlertForm,
  type ListingSearch,
  type OfferType,
} from '@tasko/shared';
import { LISTING_NS } from './listingNamespace';

// The form, its states and its calls download only when someone opens it: most visitors never do, and the
// listing pages' first visit has a budget (scripts/bench-pages.ts).
const SearchAlertForm = lazy(() => import(/* webpackChunkName: "search-alert" */ './SearchAlertForm'));

/**
 * "Notify me about new listings like these": a disclosure that saves the page's current search
 * as an alert. Signed out, it leads to sign-in and back to this very search with the form open, for the
 * visitor to confirm what they asked for before signing in.
 */
export function SearchAlert({ search, offerType }: { search: ListingSearch; offerType: OfferType }) {
  const { t } = useTranslation(LISTING_NS);
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const location = useLocation();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const disclosure = useDisclosure(useId());
  const { isOpen, open } = disclosure;
  const filters = useMemo(() => alertFiltersOf(search, offerType), [search, offerType]);
  /** Back from signing in to save this alert: the form opens with the keyboard in it. */
  const [isReturnFromSignIn, setReturnFromSignIn] = useState(false);
  const asksForForm = isLoggedIn && new URLSearchParams(location.search).has(ALERT_FORM_PARAM);
  if (asksForForm && !isOpen) {
    open();
    setReturnFromSignIn(true);
  } else if (!isOpen && isReturnFromSignIn) {
    // Only that once: opened again with its button, the form leaves the keyboard on the button.
    setReturnFromSignIn(false);
  }
  useEffect(() => {
    // The address is the search again: a reload or a shared link does not open the form a second time.
    if (asksForForm)
      navigate(
        { pathname: location.pathname, search: withoutAlertForm(location.search), hash: location.hash },
        { replace: true, state: location.state as unknown },
      );
  }, [asksForForm, navigate, location]);

  if (!isLoggedIn) {
    const target = loginTarget({ redirectTo: alertReturnPath(location.pathname, location.search) });
    return (
      <div className="search-alert">
        <Link className="button search-alert__toggle" to={localized(target.to)} state={target.state}>
          {t('alert.toggle')}
        </Link>
      </div>
    );
  }

  return (
    <div className="search-alert">
      <button className="button search-alert__toggle" {...disclosure.buttonProps}>
        {t('alert.toggle')}
      </button>
      <div className="search-alert__panel" hidden={!isOpen} {...disclosure.panelProps}>
        {isOpen && (
          <Suspense fallback={<p role="status">{t('loading')}</p>}>
            {/* Another search is another alert: the form starts again rather than showing the last one's outcome. */}
            <SearchAlertForm
              key={JSON.stringify(filters)}
              filters={filters}
              isFocusedOnOpen={isReturnFromSignIn}
              onClose={disclosure.dismiss}
            />
          </Suspense>
        )}
      </div>
    </div>
  );
}
