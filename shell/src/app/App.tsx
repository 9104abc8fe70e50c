import { Suspense, useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { BrowserRouter, Routes } from '@tasko/shared/router';
import { applyTheme, themeAtom, ROUTER_FUTURE } from '@tasko/shared';
import { Header, SkipLink } from '../layout/Header';
import { Footer } from '../layout/Footer';
import { CookieBanner } from '../layout/CookieBanner';
import { AppErrorBoundary } from '../errors/AppErrorBoundary';
import { PageLoading, SomethingWentWrong } from '../errors/ErrorPanels';
import { useWindowErrors } from '../errors/useWindowErrors';
import { ReleaseNotice } from '../releases/ReleaseNotice';
import { useReleasesOnNavigation } from '../releases/useReleasesOnNavigation';
import { pageRoutes } from './routeTable';
import { useAuthRedirects } from './useAuthRedirects';
import { useRouteMeta } from './useRouteMeta';
import { usePageViews } from './usePageViews';

const routes = pageRoutes();

function Layout() {
  useAuthRedirects();
  useRouteMeta();
  usePageViews();
  useReleasesOnNavigation();
  const theme = useAtomValue(themeAtom);
  useEffect(() => applyTheme(theme), [theme]);
  const [hasWindowError, dismissWindowError] = useWindowErrors();

  return (
    <>
      {/* The banner right after the skip link: reached at once from the keyboard, not after the whole page. */}
      <SkipLink />
      <CookieBanner />
      <Header />
      {hasWindowError && <SomethingWentWrong onDismiss={dismissWindowError} />}
      <main id="main" tabIndex={-1} className="site-main">
        <ReleaseNotice />
        <Suspense fallback={<PageLoading />}>
          <Routes>{routes}</Routes>
        </Suspense>
      </main>
      <Footer />
    </>
  );
}

export function App() {
  return (
    <AppErrorBoundary>
      <BrowserRouter future={ROUTER_FUTURE}>
        <Layout />
      </BrowserRouter>
    </AppErrorBoundary>
  );
}
