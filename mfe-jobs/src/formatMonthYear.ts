import { localeOf, type Language } from '@tasko/shared';

/**
 * `YYYY-MM` (or a date that starts with it) as the month and year are written in the language ("November
 * 2026", "נובמבר 2026"): when a member joined, on a listing's poster block and on their profile.
 */
export function formatMonthYear(month: string, language: Language): string {
  const match = /^(\d{4})-(\d{2})/.exec(month);
  if (!match) return '';
  // The first of that month at noon UTC, read in UTC: the same month whatever the reader's time zone.
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1, 12));
  return new Intl.DateTimeFormat(localeOf(language), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}
