import { z } from 'zod';
import { SORT_OPTIONS, type SortOption } from '@tasko/shared/domain';
import { ApiProblem } from '../errors/errors.plugin.js';

/**
 * Where a page of a public search starts: the sort key and id of the row just before it (`after`) or just
 * after it (`before`, for Previous), in the order of `sort`. The index seeks straight there, so page 400
 * costs what page 2 costs. Opaque to clients: base64url of a small JSON.
 */
export interface SearchCursor {
  sort: SortOption;
  direction: 'after' | 'before';
  /**
   * The row's sort value as text (`created_at` to the microsecond; `payment_type:amount` for pay; the place's
   * rank and the time, `rank:created_at`, for nearest; the score, the rank and the time for relevance), then its id.
   */
  value: string;
  id: number;
}

/** The largest value of a PostgreSQL `integer` (ids, amounts): past it a query fails instead of matching nothing. */
const MAX_INTEGER = 2 ** 31 - 1;

const cursorShape = z.object({
  s: z.enum(SORT_OPTIONS),
  d: z.enum(['after', 'before']),
  v: z.string().max(64),
  i: z.number().int().positive().max(MAX_INTEGER),
});

/** `created_at` as the search selects it (UTC, microseconds); a payment type and an amount in shekels; a rank and a time. */
const TIMESTAMP = '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{6}Z';
const VALUE_OF: Record<SortOption, RegExp> = {
  newest: new RegExp(`^${TIMESTAMP}$`),
  'salary-high': /^(fixed|hourly):-?\d{1,10}$/,
  'salary-low': /^(fixed|hourly):-?\d{1,10}$/,
  nearest: new RegExp(`^\\d{1,4}:${TIMESTAMP}$`),
  // A score may be under 0: a scattered title that holds a word only in its description.
  relevance: new RegExp(`^-?\\d{1,4}:\\d{1,4}:${TIMESTAMP}$`),
};

/** A timestamp the regex let through that is also a real instant: no 31 February, no hour 25, no year 0. */
function isRealInstant(text: string): boolean {
  const millis = `${text.slice(0, 23)}Z`;
  const instant = new Date(millis);
  return !Number.isNaN(instant.getTime()) && instant.getUTCFullYear() >= 1 && instant.toISOString() === millis;
}

/** Each field of a value that matched its sort's shape, within what the database holds. */
function isInRange(sort: SortOption, value: string): boolean {
  if (sort === 'newest') return isRealInstant(value);
  if (sort === 'nearest') return isRealInstant(value.slice(value.indexOf(':') + 1));
  if (sort === 'relevance') return isRealInstant(value.split(':').slice(2).join(':'));
  return Math.abs(Number(value.slice(value.indexOf(':') + 1))) <= MAX_INTEGER;
}

export function encodeCursor(cursor: SearchCursor): string {
  return Buffer.from(JSON.stringify({ s: cursor.sort, d: cursor.direction, v: cursor.value, i: cursor.id })).toString('base64url');
}

/**
 * The cursor, or null when there is none. Anything else (a hand-edited or truncated link, a cursor of another
 * sort, a field out of range) is a 400 `badCursor`: no such value ever reaches SQL.
 */
export function decodeCursor(text: string | undefined, sort: SortOption): SearchCursor | null {
  if (!text) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw new ApiProblem(400, 'badCursor', { cursor: 'badCursor' });
  }
  const parsed = cursorShape.safeParse(decoded);
  if (!parsed.success || parsed.data.s !== sort || !VALUE_OF[sort].test(parsed.data.v) || !isInRange(sort, parsed.data.v)) {
    throw new ApiProblem(400, 'badCursor', { cursor: 'badCursor' });
  }
  const { d, v, i } = parsed.data;
  return { sort, direction: d, value: v, id: i };
}
