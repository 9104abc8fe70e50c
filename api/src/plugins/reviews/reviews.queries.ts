import { and, count, desc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { displayNameOf, type PublicReview, type ReportReason, type Review, type ReviewRole } from '@tasko/shared/domain';
import type { Database } from '../../db/client.js';
import { applications, contentReports, listings, reviews, users } from '../../db/schema.js';

export type ReviewRow = typeof reviews.$inferSelect;

const SECONDS_PER_DAY = 86_400;

/** Whether the review window of a done application (docs/deal.md, "Reviews") is still open, in SQL. */
function isWindowOpen(windowDays: number) {
  return sql<boolean>`coalesce(${applications.doneAt} + make_interval(secs => ${windowDays * SECONDS_PER_DAY}::double precision) > now(), false)`;
}

/** A review as its author gets it back, and as the `review` event carries it. */
export function reviewWire(row: ReviewRow): Review {
  return { id: row.id, rating: row.rating, text: row.text, createdAt: row.createdAt.toISOString(), published: row.publishedAt !== null };
}

export type ReviewWriting =
  | { outcome: 'notAllowed' }
  | { outcome: 'alreadyReviewed' }
  /** `published`: the reviews this one published (itself and the other side's), none while it waits. */
  | { outcome: 'written'; review: ReviewRow; published: ReviewRow[] };

/**
 * One side's review of a done application, within the window, once, in the caller's transaction `tx`.
 * Double-blind: the second review publishes both in the same transaction. The application's row is locked
 * first, so two sides writing at once are taken one after the other and the second always sees the first.
 */
export async function writeReview(
  tx: Database,
  input: { applicationId: number; authorId: number; rating: number; text: string; windowDays: number },
): Promise<ReviewWriting> {
  {
    const [deal] = await tx
      .select({
        status: applications.status,
        applicantId: applications.applicantId,
        posterId: listings.publisherId,
        offerType: listings.offerType,
        isOpen: isWindowOpen(input.windowDays),
      })
      .from(applications)
      .innerJoin(listings, eq(listings.id, applications.listingId))
      .where(eq(applications.id, input.applicationId))
      .for('update', { of: applications });
    const isParty = deal && (deal.posterId === input.authorId || deal.applicantId === input.authorId);
    if (!deal || !isParty || deal.status !== 'done' || !deal.isOpen) return { outcome: 'notAllowed' };
    const subjectId = deal.posterId === input.authorId ? deal.applicantId : deal.posterId;
    // The role is who did the work, not who posted (docs/deal.md, "Reviews"): a job's applicant works for its
    // poster; a service's provider (the listing's owner) works for the member who requested it.
    const didTheWork = deal.offerType === 'service' ? deal.posterId : deal.applicantId;
    const role: ReviewRole = subjectId === didTheWork ? 'worker' : 'poster';
    const [stored] = await tx
      .insert(reviews)
      .values({ applicationId: input.applicationId, authorId: input.authorId, subjectId, role, rating: input.rating, text: input.text })
      .onConflictDoNothing()
      .returning();
    if (!stored) return { outcome: 'alreadyReviewed' };
    const [other] = await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.applicationId, input.applicationId), ne(reviews.authorId, input.authorId)));
    if (!other) return { outcome: 'written', review: stored, published: [] };
    const published = await tx
      .update(reviews)
      .set({ publishedAt: sql`now()` })
      .where(and(eq(reviews.applicationId, input.applicationId), isNull(reviews.publishedAt)))
      .returning();
    return { outcome: 'written', review: published.find((row) => row.id === stored.id) ?? stored, published };
  }
}

/**
 * The sweep of closed windows: a review still unpublished when its application's window has closed (the
 * other side never wrote) is published alone. Returns the applications whose reviews it published; run by
 * every API process, the update publishes each review once whoever runs it.
 */
export async function publishDueReviews(db: Database, windowDays: number): Promise<number[]> {
  const published = await db
    .update(reviews)
    .set({ publishedAt: sql`now()` })
    .from(applications)
    .where(
      and(
        eq(applications.id, reviews.applicationId),
        isNull(reviews.publishedAt),
        sql`not ${isWindowOpen(windowDays)}`,
        isNotNull(applications.doneAt),
      ),
    )
    .returning({ applicationId: reviews.applicationId });
  return [...new Set(published.map((row) => row.applicationId))];
}

/** The published reviews of these applications: what the sweep just published, to announce. */
export async function publishedReviewsOf(db: Database, applicationIds: readonly number[]): Promise<ReviewRow[]> {
  if (applicationIds.length === 0) return [];
  return db
    .select()
    .from(reviews)
    .where(and(inArray(reviews.applicationId, [...applicationIds]), isNotNull(reviews.publishedAt)))
    .orderBy(reviews.id);
}

/** A member anyone may look up: one that exists and is not blocked. */
export async function isVisibleMember(db: Database, userId: number): Promise<boolean> {
  const [member] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.blockedAt)));
  return member !== undefined;
}

/** What anyone may read of a member's reviews: published and not hidden, the last published first. */
function visibleReviewsOf(subjectId: number) {
  return and(eq(reviews.subjectId, subjectId), isNotNull(reviews.publishedAt), isNull(reviews.hiddenAt));
}

/** A page of a member's public reviews (by the `reviews_subject_published` index), and how many there are. */
export async function publicReviewsOf(
  db: Database,
  subjectId: number,
  page: number,
  pageSize: number,
): Promise<{ reviews: PublicReview[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select({ review: reviews, authorName: users.name })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.authorId))
      .where(visibleReviewsOf(subjectId))
      .orderBy(desc(reviews.publishedAt), desc(reviews.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(reviews).where(visibleReviewsOf(subjectId)),
  ]);
  return {
    reviews: rows.map(({ review, authorName }) => ({
      id: review.id,
      rating: review.rating,
      text: review.text,
      role: review.role as ReviewRole,
      createdAt: review.createdAt.toISOString(),
      author: { id: review.authorId, displayName: displayNameOf(authorName) },
      ...(review.replyText !== null && review.replyAt
        ? { reply: { text: review.replyText, createdAt: review.replyAt.toISOString() } }
        : {}),
    })),
    total: Number(counted?.total ?? 0),
  };
}

/** A review anyone may read (published, not hidden), or null: what can be replied to or reported. */
export async function findPublicReview(db: Database, reviewId: number): Promise<ReviewRow | null> {
  const [row] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.id, reviewId), isNotNull(reviews.publishedAt), isNull(reviews.hiddenAt)));
  return row ?? null;
}

/** The reviewed person's one reply; null when there already is one. */
export async function storeReply(
  db: Database,
  reviewId: number,
  subjectId: number,
  text: string,
): Promise<{ text: string; createdAt: string } | null> {
  const [stored] = await db
    .update(reviews)
    .set({ replyText: text, replyAt: sql`now()` })
    .where(and(eq(reviews.id, reviewId), eq(reviews.subjectId, subjectId), isNull(reviews.replyText)))
    .returning({ text: reviews.replyText, at: reviews.replyAt });
  return stored?.text != null && stored.at ? { text: stored.text, createdAt: stored.at.toISOString() } : null;
}

/** One report per member and review, as listing reports; false when this member already reported it. */
export async function storeReviewReport(
  db: Database,
  reviewId: number,
  reporterId: number,
  report: { reason: ReportReason; note: string },
): Promise<boolean> {
  const [stored] = await db
    .insert(contentReports)
    .values({ targetKind: 'review', targetId: reviewId, reporterId, reason: report.reason, note: report.note })
    .onConflictDoNothing()
    .returning({ id: contentReports.id });
  return stored !== undefined;
}
