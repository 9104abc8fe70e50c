import { z } from 'zod';
import { SORT_OPTIONS, type SortOption } from '@tasko/shared/domain';

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
   * rank and the time, `rank:created_at`, for nearest), then its id.
   */
  value: string;
  id: number;
}

const cursorShape = z.object({
  s: z.enum(SORT_OPTIONS),
  d: z.enum(['after', 'before']),
  v: z.string().max(64),
  i: z.number().int().positive(),
});

/** `created_at` as the search selects it (UTC, microseconds); a payment type and an amount in shekels; a rank and a time. */
const TIMESTAMP = '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{6}Z';
const VALUE_OF: Record<SortOption, RegExp> = {
  newest: new RegExp(`^${TIMESTAMP}$`),
  'salary-high': /^(fixed|hourly):-?\d{1,10}$/,
  'salary-low': /^(fixed|hourly):-?\d{1,10}$/,
  nearest: new RegExp(`^\\d{1,4}:${TIMESTAMP}$`),
};

export function encodeCursor(cursor: SearchCursor): string {
  return Buffer.from(JSON.stringify({ s: cursor.sort, d: cursor.direction, v: cursor.value, i: cursor.id })).toString('base64url');
}

/** The cursor, or null for anything else (a hand-edited or truncated link reads as "no cursor"). */
export function decodeCursor(text: string | undefined, sort: SortOption): SearchCursor | null {
  if (!text) return null;
  try {
    const parsed = cursorShape.safeParse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
    if (!parsed.success || parsed.data.s !== sort) return null;
    const { d, v, i } = parsed.data;
    if (!VALUE_OF[sort].test(v)) return null;
    return { sort, direction: d, value: v, id: i };
  } catch {
    return null;
  }
}
