import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from '@tasko/shared/router';
import { authBus, loginTarget, matchPageRoute, signOut, splitLanguagePrefix, withLanguagePrefix } from '@tasko/shared';

/**
 * Every 401, or a protected call without a token, logs out and goes to /login carrying the
 * intended path. A logout in another tab sends a protected page to /login too.
 */
export function useAuthRedirects(): void {
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(
    () =>
      authBus.on(({ event, isRemote, intendedPath }) => {
        const { language, path } = splitLanguagePrefix(window.location.pathname);
        const localized = (p: string) => (language ? withLanguagePrefix(language, p) : p);
        if (event === 'unauthorized') {
          signOut();
          const target = loginTarget({ redirectTo: intendedPath ?? window.location.pathname + window.location.search });
          navigate(localized(target.to), { state: target.state });
        } else if (event === 'logout' && isRemote && matchPageRoute(path)?.route.isProtected) {
          navigate(localized('/login'));
        }
      }),
    [navigate],
  );

  // Focus the page after client-side navigation so keyboard and screen-reader users start at its top. The
  // page a load or reload arrives on is not a navigation: its focus stays where the browser (or a part of
  // the page, like the language button after a language change) puts it.
  const lastPathname = useRef(location.pathname);
  useEffect(() => {
    if (lastPathname.current === location.pathname) return;
    lastPathname.current = location.pathname;
    // React Router numbers its history entries in history.state: 0 is the page the visitor arrived on
    // (also after a redirect that replaced it).
    const { idx } = (window.history.state ?? {}) as { idx?: number };
    if (idx !== undefined && idx > 0) document.getElementById('main')?.focus({ preventScroll: false });
  }, [location.pathname]);
}
