// Languages as data (code, native name, direction, Intl locale), in the order the selector lists them
// (docs/product.md#languages-and-layout: English, Hebrew, Russian, Arabic). Arabic uses Western digits, as
// prices and phone numbers are written in Israel.

export const LANGUAGES = [
  { code: 'en', nativeName: 'English', dir: 'ltr', locale: 'en-IL' },
  { code: 'he', nativeName: 'עברית', dir: 'rtl', locale: 'he-IL' },
  { code: 'ru', nativeName: 'Русский', dir: 'ltr', locale: 'ru-IL' },
  { code: 'ar', nativeName: 'العربية', dir: 'rtl', locale: 'ar-IL-u-nu-latn' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];
export type Direction = 'ltr' | 'rtl';

export const LANGUAGE_CODES: readonly Language[] = LANGUAGES.map((l) => l.code);
export const DEFAULT_LANGUAGE: Language = 'he';
/** Missing translations fall back to English (docs/product.md#languages-and-layout). */
export const FALLBACK_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}

export function directionOf(language: Language): Direction {
  return LANGUAGES.find((l) => l.code === language)?.dir ?? 'ltr';
}

export function localeOf(language: Language): string {
  return LANGUAGES.find((l) => l.code === language)?.locale ?? 'en-IL';
}
