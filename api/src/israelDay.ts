/** One formatter for the process: building an Intl formatter per call costs more than the formatting. */
const israelCalendar = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day in Israel at `at` (YYYY-MM-DD): the day the site's daily figures and digests are counted by. */
export function israelDay(at: Date): string {
  return israelCalendar.format(at);
}
