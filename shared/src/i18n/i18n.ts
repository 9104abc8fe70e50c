import {
  DEFAULT_LANGUAGE,
  FALLBACK_LANGUAGE,
  directionOf,
  isLanguage,
  type Language,
} from '../domain/languages';
import { splitLanguagePrefix } from '../domain/routes';
import { LANGUAGE_COOKIE, STORAGE_KEYS } from '../domain/storageKeys';
import { fillTemplate, textKeys, type TextValues } from './template';

/** The texts of one namespace in one language, nested as in its JSON file. */
export interface TextBundle {
  [key: string]: string | TextBundle;
}

/** Loads one namespace in one language; a remote registers one per namespace it owns. */
export type NamespaceLoader = (language: Language) => Promise<TextBundle | { default: TextBundle }>;

/** One key, or several to try in turn (`[\`errors.${key}\`, 'errors.serverError']`). */
export type TextKey = string | readonly string[];

export interface TFunction {
  /** A nested part of the texts as it is (an article's sections), or undefined. */
  (key: TextKey, options: TextValues & { returnObjects: true }): unknown;
  (key: TextKey, options?: TextValues): string;
}

const loaders = new Map<string, NamespaceLoader>();

export function registerNamespace(namespace: string, loader: NamespaceLoader): void {
  loaders.set(namespace, loader);
}

// `common` belongs to every page (errors, statuses, categories, meta); its files live here so a remote's
// standalone harness has them too.
registerNamespace('common', (language) => import(/* webpackChunkName: "locale-[request]" */ `../locales/${language}/common.json`));

function lookUp(bundle: TextBundle | undefined, key: string): string | TextBundle | undefined {
  let node: string | TextBundle | undefined = bundle;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return node;
}

function merge(into: TextBundle, from: TextBundle): TextBundle {
  const result: TextBundle = { ...into };
  for (const [key, value] of Object.entries(from)) {
    const existing = result[key];
    result[key] = typeof value === 'object' && typeof existing === 'object' ? merge(existing, value) : value;
  }
  return result;
}

/**
 * The site's texts: one namespace per page family, fetched one language at a time when a component first
 * asks for it. Replaces i18next, of which the site used this much (15 kB gz on every first visit, measured):
 * nested keys, `ns:key`, CLDR plurals, `{{placeholders}}` and the English fallback of SPEC §3, which is
 * fetched only when a text is missing, as the translation check keeps all four languages complete.
 */
export class Translations {
  language: Language = DEFAULT_LANGUAGE;
  isInitialized = false;
  private readonly bundles = new Map<string, TextBundle>();
  private readonly loading = new Map<string, Promise<void>>();
  private readonly failures = new Map<string, unknown>();
  private readonly listeners = new Set<() => void>();

  /** Called after every change that can change a text: a language, a namespace arrived. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  addResourceBundle(language: Language, namespace: string, bundle: TextBundle): void {
    const key = `${language}|${namespace}`;
    this.bundles.set(key, merge(this.bundles.get(key) ?? {}, bundle));
    this.failures.delete(key);
    this.changed();
  }

  hasLoadedNamespace(namespace: string, language: Language = this.language): boolean {
    return this.bundles.has(`${language}|${namespace}`);
  }

  /** The error of the last failed load of a namespace, handed out once so that a retry loads it again. */
  takeFailure(namespace: string, language: Language = this.language): unknown {
    const key = `${language}|${namespace}`;
    const failure = this.failures.get(key);
    this.failures.delete(key);
    return failure;
  }

  /** Fetches what is not here yet; one request per namespace and language however many ask at once. */
  loadNamespaces(namespaces: string | readonly string[], language: Language = this.language): Promise<void> {
    const wanted = (typeof namespaces === 'string' ? [namespaces] : namespaces).filter((ns) => !this.hasLoadedNamespace(ns, language));
    return Promise.all(
      wanted.map((namespace) => {
        const key = `${language}|${namespace}`;
        let pending = this.loading.get(key);
        if (!pending) {
          const loader = loaders.get(namespace);
          pending = (loader ? loader(language) : Promise.resolve({}))
            .then(
              (module) => this.addResourceBundle(language, namespace, 'default' in module && typeof module.default === 'object' ? (module.default as TextBundle) : (module as TextBundle)),
              (error: unknown) => {
                this.failures.set(key, error);
                throw error;
              },
            )
            .finally(() => this.loading.delete(key));
          this.loading.set(key, pending);
        }
        return pending;
      }),
    ).then(() => undefined);
  }

  /** Switches once the namespaces in use are there in the new language, so no text blinks to a key. */
  async changeLanguage(language: Language): Promise<void> {
    const inUse = [...this.bundles.keys()].filter((key) => key.startsWith(`${this.language}|`)).map((key) => key.slice(key.indexOf('|') + 1));
    await this.loadNamespaces(inUse, language);
    this.language = language;
    applyDocumentLanguage(language);
    this.changed();
  }

  private find(language: Language, namespace: string, key: string, values: TextValues | undefined): string | TextBundle | undefined {
    const bundle = this.bundles.get(`${language}|${namespace}`);
    for (const candidate of textKeys(key, values, language)) {
      const found = lookUp(bundle, candidate);
      if (found !== undefined) return found;
    }
    return undefined;
  }

  private translate(language: Language, defaultNamespace: string, keys: TextKey, options?: TextValues): unknown {
    const names = (typeof keys === 'string' ? [keys] : keys).map((fullKey) => {
      const separator = fullKey.indexOf(':');
      return separator > 0 ? { namespace: fullKey.slice(0, separator), key: fullKey.slice(separator + 1) } : { namespace: defaultNamespace, key: fullKey };
    });
    let found: string | TextBundle | undefined;
    for (const { namespace, key } of names) {
      found = this.find(language, namespace, key, options);
      if (found === undefined && language !== FALLBACK_LANGUAGE) {
        found = this.find(FALLBACK_LANGUAGE, namespace, key, options);
        // Missing in this language: English is fetched and the page re-renders with it.
        if (found === undefined && !this.hasLoadedNamespace(namespace, FALLBACK_LANGUAGE)) this.loadNamespaces(namespace, FALLBACK_LANGUAGE).catch(() => undefined);
      }
      if (found !== undefined) break;
    }
    if (options?.returnObjects === true) return found;
    return typeof found === 'string' ? fillTemplate(found, options ?? {}, language) : (names.at(-1)?.key ?? '');
  }

  /** Texts of one language and namespace: `t('nav.jobs')`, `t('jobs', { count })`, `t('listing:sort')`. */
  getFixedT(language: Language, namespace = 'common'): TFunction {
    return ((key: TextKey, options?: TextValues) => this.translate(language, namespace, key, options)) as TFunction;
  }

  readonly t: TFunction = ((key: TextKey, options?: TextValues) => this.translate(this.language, 'common', key, options)) as TFunction;

  exists(key: string, options: { ns?: string } = {}): boolean {
    return this.find(this.language, options.ns ?? 'common', key, undefined) !== undefined;
  }
}

export const i18n = new Translations();

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
    i18n.isInitialized = true;
    i18n.language = language;
  }
  await Promise.all([i18n.loadNamespaces(['common', ...extraNamespaces], language), i18n.language === language ? undefined : i18n.changeLanguage(language)]);
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
