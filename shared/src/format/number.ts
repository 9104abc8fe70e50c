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

const MINUTE_S = 60;
const HOUR_S = 60 * MINUTE_S;
const DAY_S = 24 * HOUR_S;
const WEEK_S = 7 * DAY_S;
/** Beyond this a date says more than "7 weeks ago". */
const RELATIVE_LIMIT_S = 4 * WEEK_S;

/**
 * How long ago, as a person says it in the language ("2 hours ago", "לפני שעתיים", "вчера"): the largest
 * whole unit up to weeks, then the date. A time a little in the future (a clock ahead) reads "now".
 */
export function formatTimeAgo(iso: string | Date, language: Language, now: number = Date.now()): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return '';
  const seconds = Math.max(0, Math.round((now - date.getTime()) / 1000));
  if (seconds >= RELATIVE_LIMIT_S) return formatDate(date, language);
  const format = new Intl.RelativeTimeFormat(localeOf(language), { numeric: 'auto' });
  const [value, unit]: [number, Intl.RelativeTimeFormatUnit] =
    seconds < MINUTE_S ? [0, 'second']
    : seconds < HOUR_S ? [Math.floor(seconds / MINUTE_S), 'minute']
    : seconds < DAY_S ? [Math.floor(seconds / HOUR_S), 'hour']
    : seconds < WEEK_S ? [Math.floor(seconds / DAY_S), 'day']
    : [Math.floor(seconds / WEEK_S), 'week'];
  // Some ICU versions write Hebrew's one and two as "לפני שעתיים (2)": a person writes "לפני שעתיים".
  return format.format(-value, unit).replace(/\s*\(\d+\)$/, '');
}
