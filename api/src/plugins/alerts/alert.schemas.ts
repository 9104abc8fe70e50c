import { z } from 'zod';
import { ALERT_FREQUENCIES, CATEGORIES, OFFER_TYPES, type Alert, type AlertFilters } from '@tasko/shared/domain';
import { lineText } from '@tasko/shared/validation';

/**
 * As GET /jobs takes them: trimmed, at most 100 characters, and an empty text is no filter at all. Kept and
 * written into emails, so a line (NUL refused, bidirectional controls removed: @tasko/shared/validation's text.ts).
 */
const searchText = lineText('searchTooLong')
  .trim()
  .max(100, { message: 'searchTooLong' })
  .nullish()
  .transform((text) => text || undefined);

/** A saved search: the filters of GET /jobs an alert keeps, and how often it mails. */
export const alertInput = z.object({
  offerType: z.enum(OFFER_TYPES, { message: 'offerTypeInvalid' }),
  q: searchText,
  location: searchText,
  // 'all' is how the search page says "no category": the same alert as none.
  category: z
    .enum([...CATEGORIES, 'all'], { message: 'categoryInvalid' })
    .nullish()
    .transform((category) => (category && category !== 'all' ? category : undefined)),
  frequency: z.enum(ALERT_FREQUENCIES, { message: 'frequencyInvalid' }),
});
export type AlertInput = z.infer<typeof alertInput>;

export const alertWire = z.object({
  id: z.number().int(),
  offerType: z.enum(OFFER_TYPES),
  q: z.string().optional(),
  location: z.string().optional(),
  category: z.enum(CATEGORIES).optional(),
  frequency: z.enum(ALERT_FREQUENCIES),
  createdAt: z.string(),
}) satisfies z.ZodType<Alert>;

export const alertList = z.object({ alerts: z.array(alertWire) });

export const unsubscribeQuery = z.object({ token: z.string().max(2000).default('') });
export const unsubscribeAnswer = z.object({ unsubscribed: z.literal(true) });

/** The filters of a stored alert, absent where the column is null (as GET /jobs leaves a parameter out). */
export function filtersOf(row: { offerType: string; q: string | null; location: string | null; category: string | null }): AlertFilters {
  return {
    offerType: row.offerType as AlertFilters['offerType'],
    ...(row.q ? { q: row.q } : {}),
    ...(row.location ? { location: row.location } : {}),
    ...(row.category ? { category: row.category as NonNullable<AlertFilters['category']> } : {}),
  };
}
