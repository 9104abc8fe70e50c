import { useEffect } from 'react';
import { useLocation } from '@tasko/shared/router';
import { CONSENT_EVENT, matchPageRoute, splitLanguagePrefix, track } from '@tasko/shared';

function trackPageView(pathname: string): void {
  const route = matchPageRoute(splitLanguagePrefix(pathname).path)?.route.id ?? 'notFound';
  track('page_view', { route });
}

/**
 * One page view per route change (not per search-parameter change). The page on screen when the visitor
 * accepts the cookie banner counts too: before that, `track` records nothing.
 */
export function usePageViews(): void {
  const { pathname } = useLocation();

  useEffect(() => {
    trackPageView(pathname);
    const onConsent = () => trackPageView(pathname);
    window.addEventListener(CONSENT_EVENT, onConsent);
    return () => window.removeEventListener(CONSENT_EVENT, onConsent);
  }, [pathname]);
}
