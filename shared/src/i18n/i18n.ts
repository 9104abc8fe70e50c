import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import {
  DEFAULT_LANGUAGE,
  FALLBACK_LANGUAGE,
  LANGUAGE_CODES,
  directionOf,
  isLanguage,
  type Language,
} from '../domain/languages';
import { splitLanguagePrefix } from '../domain/routes';
import { LANGUAGE_COOKIE, STORAGE_KEYS } from '../domain/storageKeys';
import { formatNumber } from '../format/number';

/** Loads one namespace in one language; a remote registers one per namespace it owns. */
export type NamespaceLoader = (language: Language) => Promise<ResourceKey | { default: ResourceKey }>;

const loaders = new Map<string, NamespaceLoader>();

export function registerNamespace(namespace: string, loader: NamespaceLoader): void {
  loaders.set(namespace, loader);
}

// `common` belongs to every page (errors, statuses, categories, meta); its files live here so a remote's
// standalone harness has them too.
registerNamespace('common', (language) => import(/* webpackChunkName: "locale-[request]" */ `../locales/${language}/common.json`));

// Namespaces are fetched lazily, one language at a time, only when a component asks for them.
const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const loader = loaders.get(namespace);
    if (!loader || !isLanguage(language)) {
      callback(null, {});
      return;
    }
    loader(language).then(
      (module) => callback(null, ('default' in (module as object) ? (module as { default: ResourceKey }).default : module) as ResourceKey),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

export const i18n = i18next.createInstance();

/** URL prefix first, then the stored choice, then Hebrew (SPEC §3 UI state). */
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

export async function initI18n(language: Language, extraNamespaces: string[] = []): Promise<void> {
  if (!i18n.isInitialized) {
    await i18n
      .use(lazyBackend)
      .init({
        lng: language,
        fallbackLng: FALLBACK_LANGUAGE,
        supportedLngs: [...LANGUAGE_CODES],
        ns: ['common', ...extraNamespaces],
        defaultNS: 'common',
        interpolation: { escapeValue: false }, // React escapes.
        returnNull: false,
      });
    // `{{count, number}}` in a plural writes the number as the rest of the page does (Arabic with Western
    // digits: `localeOf`), not with i18next's own Intl locale, which is the bare language code.
    i18n.services.formatter?.add('number', (value: unknown, lng: string | undefined) =>
      formatNumber(Number(value), isLanguage(lng) ? lng : FALLBACK_LANGUAGE),
    );
    // A later change (the sign-in callback, arrived on a bare URL, switches to the visitor's language) must
    // turn the page's direction too, not only its words.
    i18n.on('languageChanged', (changed: string) => {
      if (isLanguage(changed)) applyDocumentLanguage(changed);
    });
  } else if (i18n.language !== language) {
    await i18n.changeLanguage(language);
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
