import { sql } from 'drizzle-orm';
import type { Rating, ReviewRole } from '@tasko/shared/domain';
import { rowsOf, type Database } from '../../db/client.js';

const NO_RATING: Rating = { average: null, count: 0 };

/** An average of whole stars, to one decimal, as profiles and applicant lists show it. */
function ratingOf(sum: number, count: number): Rating {
  return count === 0 ? NO_RATING : { average: Math.round((sum / count) * 10) / 10, count };
}

export interface MemberRating extends Rating {
  asPoster: Rating;
  asWorker: Rating;
}

/**
 * The ratings of these members from their published, not hidden reviews (docs/deal.md, "Reviews"): both
 * roles together and each apart. A member without reviews has `average: null`.
 */
export async function ratingsOf(db: Database, userIds: readonly number[]): Promise<Map<number, MemberRating>> {
  const ratings = new Map<number, MemberRating>(userIds.map((id) => [id, { ...NO_RATING, asPoster: NO_RATING, asWorker: NO_RATING }]));
  if (userIds.length === 0) return ratings;
  const rows = rowsOf<{ subject_id: number; role: ReviewRole; total: string | number; count: string | number }>(
    await db.execute(sql`
      select subject_id, role, sum(rating) as total, count(*) as count
      from reviews
      where subject_id = any(${`{${userIds.join(',')}}`}::int[]) and published_at is not null and hidden_at is null
      group by subject_id, role`),
  );
  const sums = new Map<number, Record<ReviewRole, { sum: number; count: number }>>();
  for (const row of rows) {
    const bySide = sums.get(row.subject_id) ?? { poster: { sum: 0, count: 0 }, worker: { sum: 0, count: 0 } };
    bySide[row.role] = { sum: Number(row.total), count: Number(row.count) };
    sums.set(row.subject_id, bySide);
  }
  for (const [id, { poster, worker }] of sums) {
    ratings.set(id, {
      ...ratingOf(poster.sum + worker.sum, poster.count + worker.count),
      asPoster: ratingOf(poster.sum, poster.count),
      asWorker: ratingOf(worker.sum, worker.count),
    });
  }
  return ratings;
}
