// Not in the core `@tasko/shared` (every first visit downloads it): the listing cards and the listing page
// import it through `@tasko/shared/timeAgo`, and each bundle that uses it carries its own copy.
// What it needs of the core comes through the package name, from the one copy every page already has.
import { formatDate, localeOf, type Language } from '@tasko/shared';

const MINUTE_S = 60;
const HOUR_S = 60 * MINUTE_S;
const DAY_S = 24 * HOUR_S;
const WEEK_S = 7 * DAY_S;
/** Beyond this a date says more than "7 weeks ago". */
const RELATIVE_LIMIT_S = 4 * WEEK_S;

const relativeFormats = new Map<Language, Intl.RelativeTimeFormat>();

/** One formatter per language, made once: a list of cards asks for one per card. */
function relativeFormatOf(language: Language): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(language);
  if (!format) {
    format = new Intl.RelativeTimeFormat(localeOf(language), { numeric: 'auto' });
    relativeFormats.set(language, format);
  }
  return format;
}

/**
 * How long ago, as a person says it in the language ("2 hours ago", "לפני שעתיים", "вчера"): the largest
 * whole unit up to weeks, then the date. A time a little in the future (a clock ahead) reads "now".
 */
export function formatTimeAgo(iso: string | Date, language: Language, now: number = Date.now()): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return '';
  const seconds = Math.max(0, Math.round((now - date.getTime()) / 1000));
  if (seconds >= RELATIVE_LIMIT_S) return formatDate(date, language);
  const format = relativeFormatOf(language);
  const [value, unit]: [number, Intl.RelativeTimeFormatUnit] =
    seconds < MINUTE_S
      ? [0, 'second']
      : seconds < HOUR_S
        ? [Math.floor(seconds / MINUTE_S), 'minute']
        : seconds < DAY_S
          ? [Math.floor(seconds / HOUR_S), 'hour']
          : seconds < WEEK_S
            ? [Math.floor(seconds / DAY_S), 'day']
            : [Math.floor(seconds / WEEK_S), 'week'];
  // Some ICU versions write Hebrew's one and two as "לפני שעתיים (2)": a person writes "לפני שעתיים".
  return format.format(-value, unit).replace(/\s*\(\d+\)$/, '');
}
