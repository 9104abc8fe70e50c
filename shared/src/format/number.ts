import { localeOf, type Language } from '../domain/languages';

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

export function formatDate(iso: string | Date, language: Language): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(localeOf(language), { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}
