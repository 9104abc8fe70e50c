import { desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DailyCount, Language, ModerationAction, ModerationActionKind, ReportedListing, ReportReason } from '@tasko/shared/domain';
import { analyticsEvents, listings, moderationActions, reports, users } from '../../db/schema.js';
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
    db.select({ listing: listings, publisher: users }).from(listings).innerJoin(users, eq(users.id, listings.publisherId)).where(inArray(listings.id, ids)),
    db.select().from(reports).where(inArray(reports.listingId, ids)).orderBy(desc(reports.createdAt)),
  ]);
  const byId = new Map(rows.map((r) => [r.listing.id, r]));
  return grouped.flatMap((group) => {
    const row = byId.get(group.listingId);
    if (!row) return [];
    return [
      {
        listing: { ...ownerWire(row.listing, language), hidden: row.listing.hiddenAt !== null },
        publisher: { id: row.publisher.id, email: row.publisher.email, name: row.publisher.name, blocked: row.publisher.blockedAt !== null },
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

export async function recordAction(db: Database, adminId: number, action: ModerationActionKind, target: { listingId?: number; userId?: number }): Promise<ModerationAction> {
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
  return rowsOf<DailyCount>(result).map((r) => ({ ...r, visits: Number(r.visits), pageViews: Number(r.pageViews), searches: Number(r.searches), posts: Number(r.posts) }));
}
