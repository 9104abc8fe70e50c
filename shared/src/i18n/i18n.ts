import i18next, { type ResourceNamespaceMap } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, LANGUAGE_CODES, directionOf, isLanguage, type Language } from '../domain/languages';
import { splitLanguagePrefix } from '../domain/routes';
import { LANGUAGE_COOKIE, STORAGE_KEYS } from '../domain/storageKeys';
import { addSiteNumberFormat } from '../format/number';

/** The texts of one namespace in one language, nested as in its JSON file. */
export interface TextBundle {
  [key: string]: string | TextBundle;
}

/** Loads one namespace in one language; a remote registers one per namespace it owns. */
export type NamespaceLoader = (language: Language) => Promise<TextBundle | { default: TextBundle }>;

/** A namespace of the site's texts, as the packages that own them declare them (shared/types/i18next.d.ts). */
export type SiteNamespace = keyof ResourceNamespaceMap;

const loaders = new Map<string, NamespaceLoader>();

/** Loads that failed, by `language|namespace`: the pages that need them show their error panel. */
const failures = new Map<string, unknown>();
/** Failed loads the reader asked to try again: the next render that needs one fetches it. */
const toRetry = new Set<string>();

/**
 * Where i18next's backend finds a namespace (docs/architecture.md, "Texts"): each package registers the
 * namespaces it owns with a loader that imports one language's JSON file, so webpack makes one chunk per
 * language and namespace and a page downloads only its own texts, in the reader's language (and English,
 * the fallback of docs/product.md#languages-and-layout).
 */
export function registerNamespace(namespace: string, loader: NamespaceLoader): void {
  loaders.set(namespace, loader);
}

// `common` belongs to every page (errors, statuses, categories, meta); its files live here so a remote's
// standalone harness has them too.
registerNamespace('common', (language) => import(/* webpackChunkName: "locale-[request]" */ `../locales/${language}/common.json`));

async function loadNamespace(language: string, namespace: string): Promise<TextBundle> {
  const loader = loaders.get(namespace);
  if (!loader || !isLanguage(language)) return {};
  const key = `${language}|${namespace}`;
  try {
    const module = await loader(language);
    failures.delete(key);
    return 'default' in module && typeof module.default === 'object' ? module.default : module;
  } catch (error) {
    failures.set(key, error);
    throw error;
  }
}

/** The one i18next instance of the page, a federation singleton with the rest of `@tasko/shared`'s core. */
export const i18n = i18next.createInstance();
i18n.use(resourcesToBackend(loadNamespace)).use(initReactI18next);

i18n.on('languageChanged', (language) => {
  if (isLanguage(language)) applyDocumentLanguage(language);
});

/** The failure of a namespace's last load in a language, kept until the reader asks to try again. */
export function namespaceFailure(namespace: string, language: string = i18n.language): unknown {
  return failures.get(`${language}|${namespace}`);
}

/**
 * For the error boundary's "Try again": every namespace that failed is fetched again when a component next
 * asks for it (i18next keeps a failed load as done, so it is reloaded explicitly).
 */
export function retryFailedNamespaces(): void {
  for (const key of failures.keys()) toRetry.add(key);
  failures.clear();
}

/** The reload of a namespace that failed and was retried, or undefined when it needs none. */
export function reloadRetriedNamespace(namespace: string, language: string = i18n.language): Promise<void> | undefined {
  const key = `${language}|${namespace}`;
  if (!toRetry.delete(key)) return undefined;
  return i18n.reloadResources([language], [namespace]);
}

/** URL prefix first, then the stored choice, then Hebrew (docs/product.md#languages-and-layout). */
export function resolveLanguage(pathname: string): Language {
  const fromPath = splitLanguagePrefix(pathname).language;
  if (fromPath) return fromPath;
  try {
    const stored = localStorage.getItem(STORAGE_KEYS.language);
    if (isLanguage(stored)) return stored;
  } catch {
    // Storage blocked: fall through to the default.
  }
  return DEFAULT_LANGUAGE;
}

/** Starts i18next in a language with `common` (and any other namespaces) loaded; later calls switch language. */
export async function initI18n(language: Language, extraNamespaces: readonly SiteNamespace[] = []): Promise<void> {
  const namespaces: SiteNamespace[] = ['common', ...extraNamespaces];
  if (!i18n.isInitialized) {
    const initialized = i18n.init({
      lng: language,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: LANGUAGE_CODES,
      ns: namespaces,
      defaultNS: 'common',
      // React escapes what it renders; the texts are the site's own.
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
    addSiteNumberFormat(i18n);
    await initialized;
  } else {
    await Promise.all([i18n.loadNamespaces(namespaces), i18n.language === language ? undefined : i18n.changeLanguage(language)]);
  }
  applyDocumentLanguage(language);
}

export function applyDocumentLanguage(language: Language): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

/** Stores the choice for the next visit and for the server, which renders bare URLs in it. */
export function storeLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEYS.language, language);
  } catch {
    // Storage blocked: the cookie below still carries the choice.
  }
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
}
