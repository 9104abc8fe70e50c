import { StrictMode, Suspense, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from '@tasko/shared/router';
// Through the package name, so the harness and the pages share one i18n instance and one store.
import {
  LANGUAGES,
  PAGE_ROUTES,
  initI18n,
  resolveLanguage,
  storeLanguage,
  ROUTER_FUTURE,
  useTranslation,
  withLanguagePrefix,
  type RouteId,
} from '@tasko/shared';
import '@tasko/shared/styles/base.css';

export interface HarnessPage {
  /** The page's id in the shared route table: gives its path and its translated title. */
  routeId: RouteId;
  Page: ComponentType;
}

function HarnessLink({ routeId, path }: { routeId: RouteId; path: string }) {
  const { t } = useTranslation('common');
  return <Link to={path}>{t(`meta.${routeId}.title`)}</Link>;
}

/**
 * A remote's pages without the shell (`npm run dev -w <remote>`): router, the shared store, i18n and the
 * base styles, plus a bar to switch page and language. Never part of a production page.
 */
export async function renderStandalone(remoteName: string, pages: HarnessPage[]): Promise<void> {
  const language = resolveLanguage(window.location.pathname);
  await initI18n(language);
  const switchLanguage = (code: (typeof LANGUAGES)[number]['code']) => {
    storeLanguage(code);
    // The URL's prefix wins over the stored choice, so the prefix changes with it.
    window.location.assign(withLanguagePrefix(code, window.location.pathname) + window.location.search);
  };
  const routes = pages.map(({ routeId, Page }) => {
    const route = PAGE_ROUTES.find((r) => r.id === routeId);
    if (!route) throw new Error(`No route ${routeId} in the route table`);
    // Bare and under each language prefix, as the shell serves them: the pages' own links carry the prefix.
    const paths = route.paths.flatMap((path) => [path, ...LANGUAGES.map((l) => withLanguagePrefix(l.code, path))]);
    return { routeId, paths, Page };
  });
  const root = createRoot(document.getElementById('root') as HTMLElement);
  root.render(
    <StrictMode>
      <BrowserRouter future={ROUTER_FUTURE}>
        <nav
          aria-label={remoteName}
          style={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', padding: '0.75rem', borderBlockEnd: '1px solid var(--color-border)' }}
        >
          <strong>{remoteName}</strong>
          {routes.map((r) => (
            <HarnessLink key={r.routeId} routeId={r.routeId} path={(r.paths[0] ?? '/').replace(/:\w+/g, '1')} />
          ))}
          <span style={{ marginInlineStart: 'auto', display: 'flex', gap: '0.5rem' }}>
            {LANGUAGES.map((l) => (
              <button key={l.code} type="button" disabled={l.code === language} onClick={() => switchLanguage(l.code)}>
                {l.nativeName}
              </button>
            ))}
          </span>
        </nav>
        <main id="main">
          <Suspense fallback={<p>…</p>}>
            <Routes>{routes.flatMap(({ paths, Page }) => paths.map((path) => <Route key={path} path={path} element={<Page />} />))}</Routes>
          </Suspense>
        </main>
      </BrowserRouter>
    </StrictMode>,
  );
}
