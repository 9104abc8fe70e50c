import type { i18n as I18n } from 'i18next';
import { DEFAULT_LANGUAGE, isLanguage, localeOf, type Language } from '../domain/languages';

const formatters = new Map<string, Intl.NumberFormat>();

/** One `Intl.NumberFormat` per language and options, made once: making one costs far more than using it. */
export function numberFormatter(language: Language, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${language}:${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(localeOf(language), options);
    formatters.set(key, formatter);
  }
  return formatter;
}

/** A whole amount in shekels, written the way the language writes it: ₪1,200 / 1,200 ₪ / 1 200 ₪. */
export function formatShekels(amount: number, language: Language): string {
  return numberFormatter(language, { style: 'currency', currency: 'ILS', maximumFractionDigits: 0 }).format(amount);
}

export function formatNumber(value: number, language: Language): string {
  return numberFormatter(language, { maximumFractionDigits: 0 }).format(value);
}

/**
 * `{{count, number}}` in an i18next text written as the rest of the site writes numbers (`formatNumber`): the
 * language's grouping, Western digits and no decimals, where i18next's own `number` format keeps decimals and
 * writes Arabic-Indic digits in Arabic. For the pages' instance and the server's alike; i18next creates its
 * formatter as `init` starts, before any text is read.
 */
export function addSiteNumberFormat(instance: I18n): void {
  instance.services.formatter?.add('number', (value: unknown, language: string | undefined) =>
    typeof value === 'number' ? formatNumber(value, isLanguage(language) ? language : DEFAULT_LANGUAGE) : String(value),
  );
}

export function formatDate(iso: string | Date, language: Language): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(localeOf(language), { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}
