import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  DEAL_LIMITS,
  type ChatMessage,
  type ChatMessageKind,
  type DailyCount,
  type Language,
  type ModerationAction,
  type ModerationActionKind,
  type ReportedContent,
  type ReportedListing,
  type ReportReason,
} from '@tasko/shared/domain';
import { analyticsEvents, contentReports, listings, messages, moderationActions, reports, reviews, users } from '../../db/schema.js';
import { rowsOf, type Database } from '../../db/client.js';
import { ownerWire } from '../jobs/listingWire.js';

const iso = (value: Date | string): string => new Date(value).toISOString();

/** Reported listings, most reported first (then most recently reported), with every report's reason and note. */
export async function reportedListings(db: Database, language: Language, limit = 100): Promise<ReportedListing[]> {
  const reportCount = sql<number>`count(*)::int`;
  const lastReportedAt = sql<Date | string>`max(${reports.createdAt})`;
  const grouped = await db
    .select({ listingId: reports.listingId, reportCount, lastReportedAt })
    .from(reports)
    .groupBy(reports.listingId)
    .orderBy(desc(reportCount), desc(lastReportedAt))
    .limit(limit);
  if (!grouped.length) return [];
  const ids = grouped.map((g) => g.listingId);
  const [rows, allReports] = await Promise.all([
    db
      .select({ listing: listings, publisher: users })
      .from(listings)
      .innerJoin(users, eq(users.id, listings.publisherId))
      .where(inArray(listings.id, ids)),
    db.select().from(reports).where(inArray(reports.listingId, ids)).orderBy(desc(reports.createdAt)),
  ]);
  const byId = new Map(rows.map((r) => [r.listing.id, r]));
  return grouped.flatMap((group) => {
    const row = byId.get(group.listingId);
    if (!row) return [];
    return [
      {
        listing: { ...ownerWire(row.listing, language), hidden: row.listing.hiddenAt !== null },
        publisher: {
          id: row.publisher.id,
          email: row.publisher.email,
          name: row.publisher.name,
          blocked: row.publisher.blockedAt !== null,
        },
        reportCount: Number(group.reportCount),
        lastReportedAt: iso(group.lastReportedAt),
        reports: allReports
          .filter((r) => r.listingId === group.listingId)
          .map((r) => ({ reason: r.reason as ReportReason, note: r.note, at: r.createdAt.toISOString() })),
      },
    ];
  });
}

const admin = alias(users, 'admin');
const target = alias(users, 'target');

function actionsQuery(db: Database) {
  return db
    .select({
      id: moderationActions.id,
      action: moderationActions.action,
      adminEmail: admin.email,
      listingId: moderationActions.listingId,
      userId: moderationActions.userId,
      userEmail: target.email,
      at: moderationActions.createdAt,
    })
    .from(moderationActions)
    .innerJoin(admin, eq(admin.id, moderationActions.adminId))
    .leftJoin(target, eq(target.id, moderationActions.userId));
}

type ActionRow = Awaited<ReturnType<ReturnType<typeof actionsQuery>['execute']>>[number];
const toAction = (row: ActionRow): ModerationAction => ({ ...row, action: row.action as ModerationActionKind, at: row.at.toISOString() });

/** The moderation log, newest first. */
export async function moderationLog(db: Database, limit = 200): Promise<ModerationAction[]> {
  const rows = await actionsQuery(db).orderBy(desc(moderationActions.createdAt), desc(moderationActions.id)).limit(limit);
  return rows.map(toAction);
}

export async function recordAction(
  db: Database,
  adminId: number,
  action: ModerationActionKind,
  target: { listingId?: number; userId?: number },
): Promise<ModerationAction> {
  const [stored] = await db
    .insert(moderationActions)
    .values({ adminId, action, listingId: target.listingId ?? null, userId: target.userId ?? null })
    .returning({ id: moderationActions.id });
  if (!stored) throw new Error('moderation action not recorded');
  const [row] = await actionsQuery(db).where(eq(moderationActions.id, stored.id));
  if (!row) throw new Error('moderation action not found');
  return toAction(row);
}

/**
 * Daily counts per language, in Israel's calendar: visits are distinct browsers that viewed a page, searches
 * and posts are events. All are the analytics events consenting browsers send, every page of the site: the
 * site's traffic as browsers report it, forgeable like anything a browser sends, so no owner's figure is
 * read from them (a listing's views are the server's own record, listing_views).
 */
export async function dailyCounts(db: Database, days: number): Promise<DailyCount[]> {
  const day = sql<string>`to_char(${analyticsEvents.occurredAt} at time zone 'Asia/Jerusalem', 'YYYY-MM-DD')`;
  const result = await db.execute(sql`
    select ${day} as day, ${analyticsEvents.language} as language,
      count(distinct ${analyticsEvents.visitorId}) filter (where ${analyticsEvents.name} = 'page_view')::int as visits,
      count(*) filter (where ${analyticsEvents.name} = 'page_view')::int as "pageViews",
      count(*) filter (where ${analyticsEvents.name} = 'search')::int as searches,
      count(*) filter (where ${analyticsEvents.name} = 'publish')::int as posts
    from ${analyticsEvents}
    where ${analyticsEvents.occurredAt} >= now() - make_interval(days => ${days})
    group by 1, 2
    order by 1 desc, 2`);
  return rowsOf<DailyCount>(result).map((r) => ({
    ...r,
    visits: Number(r.visits),
    pageViews: Number(r.pageViews),
    searches: Number(r.searches),
    posts: Number(r.posts),
  }));
}

type ContentKind = ReportedContent['kind'];

/**
 * Reported reviews and messages (docs/deal.md, "Reviews and profiles"), most reported first (then most
 * recently reported), each with its reports; a message with the messages before it in its thread, so a
 * moderator can judge it in its conversation. The only way a moderator reads a conversation: what was reported.
 */
export async function reportedContent(db: Database, limit = 100): Promise<ReportedContent[]> {
  const reportCount = sql<number>`count(*)::int`;
  const lastReportedAt = sql<Date | string>`max(${contentReports.createdAt})`;
  const grouped = await db
    .select({ kind: contentReports.targetKind, id: contentReports.targetId, reportCount, lastReportedAt })
    .from(contentReports)
    .where(inArray(contentReports.targetKind, ['review', 'message']))
    .groupBy(contentReports.targetKind, contentReports.targetId)
    .orderBy(desc(reportCount), desc(lastReportedAt))
    .limit(limit);
  const idsOf = (kind: ContentKind) => grouped.filter((group) => group.kind === kind).map((group) => group.id);
  const reviewIds = idsOf('review');
  const messageIds = idsOf('message');
  const byKind = (kind: ContentKind, ids: number[]) => and(eq(contentReports.targetKind, kind), inArray(contentReports.targetId, ids));
  const targets = [
    ...(reviewIds.length ? [byKind('review', reviewIds)] : []),
    ...(messageIds.length ? [byKind('message', messageIds)] : []),
  ];
  if (targets.length === 0) return [];
  const [reviewRows, messageRows, allReports, contextRows] = await Promise.all([
    reviewIds.length
      ? db
          .select({ id: reviews.id, text: reviews.text, authorId: reviews.authorId, hiddenAt: reviews.hiddenAt })
          .from(reviews)
          .where(inArray(reviews.id, reviewIds))
      : [],
    messageIds.length
      ? db
          .select({ id: messages.id, text: messages.text, authorId: messages.authorId, hiddenAt: messages.hiddenAt })
          .from(messages)
          .where(inArray(messages.id, messageIds))
      : [],
    db
      .select()
      .from(contentReports)
      .where(or(...targets))
      .orderBy(desc(contentReports.createdAt)),
    messageIds.length ? messagesBefore(db, messageIds) : new Map<number, ChatMessage[]>(),
  ]);
  const contents = new Map<string, { text: string; authorId: number | null; hiddenAt: Date | null }>([
    ...reviewRows.map((row) => [`review:${row.id}`, row] as const),
    ...messageRows.map((row) => [`message:${row.id}`, row] as const),
  ]);
  return grouped.flatMap((group) => {
    const kind = group.kind as ContentKind;
    const content = contents.get(`${kind}:${group.id}`);
    if (!content) return [];
    return [
      {
        kind,
        id: group.id,
        text: content.text,
        authorId: content.authorId,
        hidden: content.hiddenAt !== null,
        reportCount: Number(group.reportCount),
        reports: allReports
          .filter((report) => report.targetKind === kind && report.targetId === group.id)
          .map((report) => ({ reason: report.reason as ReportReason, note: report.note, at: report.createdAt.toISOString() })),
        context: kind === 'message' ? (contextRows.get(group.id) ?? []) : [],
      },
    ];
  });
}

/** For each message, the ones before it in its thread (not hidden), oldest first: one query, by `messages_conversation`. */
async function messagesBefore(db: Database, messageIds: number[]): Promise<Map<number, ChatMessage[]>> {
  const rows = rowsOf<{
    target_id: number;
    id: number;
    author_id: number | null;
    text: string;
    created_at: Date | string;
    kind: ChatMessageKind;
  }>(
    await db.execute(sql`
      select reported.id as target_id, earlier.id, earlier.author_id, earlier.text, earlier.created_at, earlier.kind
      from ${messages} reported
      cross join lateral (
        select id, author_id, text, created_at, kind from ${messages} earlier
        where earlier.conversation_id = reported.conversation_id and earlier.id < reported.id and earlier.hidden_at is null
        order by earlier.id desc
        limit ${DEAL_LIMITS.reportedMessageContext}
      ) earlier
      where reported.id = any(${`{${messageIds.join(',')}}`}::int[])
      order by earlier.id`),
  );
  const context = new Map<number, ChatMessage[]>();
  for (const row of rows) {
    const thread = context.get(row.target_id) ?? [];
    thread.push({ id: row.id, authorId: row.author_id, text: row.text, createdAt: iso(row.created_at), kind: row.kind });
    context.set(row.target_id, thread);
  }
  return context;
}

/** A moderator hides a review or a message (gone from every answer) or brings it back; false when there is no such one. */
export async function setContentHidden(db: Database, kind: ContentKind, id: number, isHidden: boolean): Promise<boolean> {
  const hiddenAt = isHidden ? new Date() : null;
  const updated =
    kind === 'review'
      ? await db.update(reviews).set({ hiddenAt }).where(eq(reviews.id, id)).returning({ id: reviews.id })
      : await db.update(messages).set({ hiddenAt }).where(eq(messages.id, id)).returning({ id: messages.id });
  return updated.length > 0;
}
