import { and, desc, eq, gt, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  displayNameOf,
  nextStatuses,
  type Application,
  type ApplicationStatus,
  type ChatMessage,
  type ChatMessageKind,
  type Conversation,
  type DealSide,
  type ListingApplication,
  type MyApplication,
  type ReportReason,
} from '@tasko/shared/domain';
import { rowsOf, type Database } from '../../db/client.js';
import { applications, contentReports, conversations, listings, memberBlocks, messages, reviews, users } from '../../db/schema.js';
import { ApiProblem } from '../errors/errors.plugin.js';
import { isUniqueViolation } from '../alerts/alerts.queries.js';
import { ratingsOf } from '../reviews/ratings.js';
import { encodeActivityCursor, type ActivityCursor } from './activityCursor.js';
import { blockMember, isBlockedBetween } from './memberBlocks.js';

// The deal's reads and writes (docs/deal.md, "Applications and conversations"). Only the two parties of a
// conversation read it: every look-up here takes the reader and finds nothing for anyone else.

export type ApplicationRow = typeof applications.$inferSelect;
export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

/** While an offer waits for its answer, when it lapses: every answer about an application carries it. */
function offerExpiry(row: Pick<ApplicationRow, 'status' | 'offerExpiresAt'>): { offerExpiresAt?: string } {
  return row.status === 'offered' && row.offerExpiresAt ? { offerExpiresAt: row.offerExpiresAt.toISOString() } : {};
}

export function applicationWire(row: ApplicationRow, conversationId: number): Application {
  return {
    id: row.id,
    jobId: row.listingId,
    status: row.status as ApplicationStatus,
    createdAt: row.createdAt.toISOString(),
    conversationId,
    ...offerExpiry(row),
  };
}

export function messageWire(row: MessageRow): ChatMessage {
  return { id: row.id, authorId: row.authorId, text: row.text, createdAt: row.createdAt.toISOString(), kind: row.kind as ChatMessageKind };
}

/** The reader's side of the conversation, or null for anyone who is not one of its two parties. */
export function sideOf(conversation: Pick<ConversationRow, 'posterId' | 'applicantId'>, userId: number): DealSide | null {
  if (conversation.posterId === userId) return 'owner';
  if (conversation.applicantId === userId) return 'applicant';
  return null;
}

/** The other party of the conversation, seen from `side`. */
export function otherPartyOf(conversation: Pick<ConversationRow, 'posterId' | 'applicantId'>, side: DealSide): number {
  return side === 'owner' ? conversation.applicantId : conversation.posterId;
}

/** A picture the pages can show over https (Google's); anything else is left out, as on a listing page. */
function shownPicture(picture: string | null): string | undefined {
  return picture?.startsWith('https://') ? picture : undefined;
}

/** A thread's new entry, made the conversation's last message, inside the caller's transaction. */
async function appendMessage(
  tx: Database,
  conversationId: number,
  entry: { authorId: number | null; kind: ChatMessageKind; text: string },
): Promise<MessageRow> {
  const [row] = await tx
    .insert(messages)
    .values({ conversationId, ...entry })
    .returning();
  if (!row) throw new Error('message not stored');
  await tx.update(conversations).set({ lastMessageId: row.id }).where(eq(conversations.id, conversationId));
  return row;
}

export interface Opening {
  application: ApplicationRow;
  conversation: ConversationRow;
  message: MessageRow;
}

/**
 * An application, its conversation and their first message (the application's own), in the caller's
 * transaction `tx`; 404 `jobNotFound` unless the listing is one anyone can find, 403 `blocked` when either
 * member blocked the other, 409 `alreadyApplied` for a second to the same listing whatever became of the
 * first, 429 `rateLimited` past `dailyLimit` new conversations in 24 hours. The applicant's row is locked
 * first, so two at once cannot both pass the count, and the listing's row is shared-locked, so it cannot be
 * closed or hidden between its check and the application; the unique index is the last word on duplicates
 * (the caller turns its violation into 409).
 */
export async function openApplication(
  tx: Database,
  input: { listingId: number; applicantId: number; message: string; phone: string | null; dailyLimit: number },
): Promise<Opening> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, input.applicantId)).for('update');
  const [listing] = await tx
    .select({
      publisherId: listings.publisherId,
      status: listings.status,
      hiddenAt: listings.hiddenAt,
      isPublisherBlocked: listings.isPublisherBlocked,
    })
    .from(listings)
    .where(eq(listings.id, input.listingId))
    .for('share');
  if (!listing || listing.status !== 'active' || listing.hiddenAt !== null || listing.isPublisherBlocked)
    throw new ApiProblem(404, 'jobNotFound');
  if (listing.publisherId === input.applicantId) throw new ApiProblem(403, 'ownListing');
  if (await isBlockedBetween(tx, input.applicantId, listing.publisherId)) throw new ApiProblem(403, 'blocked');
  const [earlier] = await tx
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.listingId, input.listingId), eq(applications.applicantId, input.applicantId)));
  if (earlier) throw new ApiProblem(409, 'alreadyApplied');
  const [recent] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(applications)
    .where(and(eq(applications.applicantId, input.applicantId), gt(applications.createdAt, sql`now() - interval '24 hours'`)));
  if (Number(recent?.count ?? 0) >= input.dailyLimit) throw new ApiProblem(429, 'rateLimited');
  const [application] = await tx
    .insert(applications)
    .values({ listingId: input.listingId, applicantId: input.applicantId, message: input.message, phone: input.phone })
    .returning();
  if (!application) throw new Error('application not stored');
  const [conversation] = await tx
    .insert(conversations)
    .values({ applicationId: application.id, listingId: input.listingId, posterId: listing.publisherId, applicantId: input.applicantId })
    .returning();
  if (!conversation) throw new Error('conversation not stored');
  const message = await appendMessage(tx, conversation.id, { authorId: input.applicantId, kind: 'user', text: input.message });
  return { application, conversation: { ...conversation, lastMessageId: message.id }, message };
}

/** A duplicate application the unique index refused, as the API answers it. */
export function asAlreadyApplied(error: unknown): unknown {
  return isUniqueViolation(error) ? new ApiProblem(409, 'alreadyApplied') : error;
}

export interface Move {
  application: ApplicationRow;
  conversation: ConversationRow;
  side: DealSide;
  /** The site's note of the move in the thread. */
  note: MessageRow;
}

/**
 * The status a move asks for, as this release reads it: an owner's page released before offers sends
 * `hired` for an application still `sent`, which is now an offer the applicant confirms (docs/deal.md, "Hiring").
 */
function askedStatus(current: ApplicationStatus, side: DealSide, asked: ApplicationStatus): ApplicationStatus {
  return side === 'owner' && current === 'sent' && asked === 'hired' ? 'offered' : asked;
}

/**
 * Moves an application as `nextStatuses` allows the user's side (else 409 `badTransition`; 404 for anyone
 * but its two parties) and writes the move into the thread as the site's own note, in the caller's
 * transaction. The row is locked, so two moves at once are judged one after the other. An offer lapses
 * `offerHours` after it is made.
 */
export async function moveApplication(
  tx: Database,
  applicationId: number,
  userId: number,
  asked: ApplicationStatus,
  offerHours: number,
): Promise<Move> {
  const [found] = await tx
    .select({ application: applications, conversation: conversations })
    .from(applications)
    .innerJoin(conversations, eq(conversations.applicationId, applications.id))
    .where(eq(applications.id, applicationId))
    .for('update', { of: applications });
  const side = found ? sideOf(found.conversation, userId) : null;
  if (!found || !side) throw new ApiProblem(404, 'notFound');
  const current = found.application.status as ApplicationStatus;
  const status = askedStatus(current, side, asked);
  if (!nextStatuses(current, side).includes(status)) throw new ApiProblem(409, 'badTransition');
  const [application] = await tx
    .update(applications)
    .set({
      status,
      updatedAt: new Date(),
      offerExpiresAt: status === 'offered' ? sql`now() + make_interval(secs => ${offerHours * 3600})` : null,
      ...(status === 'done' ? { doneAt: new Date() } : {}),
    })
    .where(eq(applications.id, applicationId))
    .returning();
  if (!application) throw new Error('application not moved');
  const note = await appendMessage(tx, found.conversation.id, { authorId: null, kind: 'system', text: status });
  return { application, conversation: found.conversation, side, note };
}

/** An offer nobody answered in time, back to `sent`, with its note in the thread. */
export interface Lapse {
  application: ApplicationRow;
  conversation: ConversationRow;
  note: MessageRow;
}

/**
 * Offers whose time is up go back to `sent`, at most `batch` at a time, in the caller's transaction (rows
 * another process is lapsing are skipped, so each lapses once).
 */
export async function lapseDueOffers(tx: Database, batch = 100): Promise<Lapse[]> {
  const due = await tx
    .select({ application: applications, conversation: conversations })
    .from(applications)
    .innerJoin(conversations, eq(conversations.applicationId, applications.id))
    .where(and(eq(applications.status, 'offered'), sql`${applications.offerExpiresAt} <= now()`))
    .orderBy(applications.offerExpiresAt)
    .limit(batch)
    .for('update', { of: applications, skipLocked: true });
  const lapses: Lapse[] = [];
  for (const { application: row, conversation } of due) {
    const [application] = await tx
      .update(applications)
      .set({ status: 'sent', offerExpiresAt: null, updatedAt: new Date() })
      .where(eq(applications.id, row.id))
      .returning();
    if (!application) continue;
    const note = await appendMessage(tx, conversation.id, { authorId: null, kind: 'system', text: 'offerLapsed' });
    lapses.push({ application, conversation, note });
  }
  return lapses;
}

/** One page of conversation ids by their last activity, and where the next page starts. */
export interface ActivityPage {
  ids: number[];
  nextCursor: string | null;
}

/**
 * The conversations each filter selects, the last activity first, `limit` after `cursor`: one index scan per
 * filter (each has an index on its column and the activity), merged. A conversation has a message from the
 * moment it exists, so its `last_message_id` is never null.
 */
async function activityPage(
  db: Database,
  filters: SQL[],
  page: { cursor?: ActivityCursor | undefined; limit: number },
): Promise<ActivityPage> {
  const after = page.cursor ? sql`and (c.last_message_id, c.id) < (${page.cursor.lastMessageId}, ${page.cursor.id})` : sql``;
  const take = page.limit + 1;
  const parts = filters.map(
    (filter) =>
      sql`(select c.id, c.last_message_id from conversations c where ${filter} ${after} order by c.last_message_id desc nulls last, c.id desc limit ${take})`,
  );
  const rows = rowsOf<{ id: number; last_message_id: number | null }>(
    await db.execute(
      sql`select id, last_message_id from (${sql.join(parts, sql` union all `)}) page order by last_message_id desc nulls last, id desc limit ${take}`,
    ),
  );
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    ids: shown.map((row) => Number(row.id)),
    nextCursor:
      rows.length > page.limit && last
        ? encodeActivityCursor({ lastMessageId: Number(last.last_message_id ?? 0), id: Number(last.id) })
        : null,
  };
}

/** Puts rows in the order of `ids` (a page's order), leaving out ids without a row. */
function inOrderOf<T>(ids: readonly number[], rows: readonly T[], idOf: (row: T) => number): T[] {
  const byId = new Map(rows.map((row) => [idOf(row), row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * A page of a listing's applications, the last activity of their conversations first, as its owner reads
 * them. The message is the conversation's first: a moderator who hid that message blanked it here too.
 */
export async function applicationsForListing(
  db: Database,
  listingId: number,
  page: { cursor?: ActivityCursor | undefined; limit: number },
): Promise<{ applications: ListingApplication[]; nextCursor: string | null }> {
  const { ids, nextCursor } = await activityPage(db, [sql`c.listing_id = ${listingId}`], page);
  if (ids.length === 0) return { applications: [], nextCursor };
  const rows = await db
    .select({
      application: applications,
      conversationId: conversations.id,
      name: users.name,
      picture: users.picture,
      isMessageHidden: sql<boolean>`coalesce((select m.hidden_at is not null from messages m where m.conversation_id = ${conversations.id} order by m.id limit 1), false)`,
    })
    .from(conversations)
    .innerJoin(applications, eq(applications.id, conversations.applicationId))
    .innerJoin(users, eq(users.id, applications.applicantId))
    .where(inArray(conversations.id, ids));
  const ordered = inOrderOf(ids, rows, (row) => row.conversationId);
  const ratings = await ratingsOf(db, [...new Set(ordered.map((row) => row.application.applicantId))]);
  const list = ordered.map(({ application, conversationId, name, picture, isMessageHidden }): ListingApplication => {
    const rating = ratings.get(application.applicantId);
    const shown = shownPicture(picture);
    return {
      id: application.id,
      status: application.status as ApplicationStatus,
      message: isMessageHidden ? '' : application.message,
      createdAt: application.createdAt.toISOString(),
      conversationId,
      ...offerExpiry(application),
      applicant: {
        id: application.applicantId,
        displayName: displayNameOf(name),
        ...(shown ? { picture: shown } : {}),
        rating: { average: rating?.average ?? null, count: rating?.count ?? 0 },
      },
      ...(application.phone ? { phone: application.phone } : {}),
    };
  });
  return { applications: list, nextCursor };
}

/**
 * A page of the user's own applications, the last activity first, with their listings. A listing moderators
 * hid, or whose publisher is blocked, reads as closed: its page is gone for the applicant, and why is not
 * theirs to know.
 */
export async function applicationsOf(
  db: Database,
  applicantId: number,
  page: { cursor?: ActivityCursor | undefined; limit: number },
): Promise<{ applications: MyApplication[]; nextCursor: string | null }> {
  const { ids, nextCursor } = await activityPage(db, [sql`c.applicant_id = ${applicantId}`], page);
  if (ids.length === 0) return { applications: [], nextCursor };
  const rows = await db
    .select({
      application: applications,
      conversationId: conversations.id,
      job: {
        id: listings.id,
        title: listings.title,
        offerType: listings.offerType,
        status: listings.status,
        hiddenAt: listings.hiddenAt,
        isPublisherBlocked: listings.isPublisherBlocked,
      },
    })
    .from(conversations)
    .innerJoin(applications, eq(applications.id, conversations.applicationId))
    .innerJoin(listings, eq(listings.id, applications.listingId))
    .where(inArray(conversations.id, ids));
  const list = inOrderOf(ids, rows, (row) => row.conversationId).map(({ application, conversationId, job }): MyApplication => {
    const isGone = job.hiddenAt !== null || job.isPublisherBlocked;
    const status = isGone && job.status === 'active' ? 'close' : job.status;
    return {
      id: application.id,
      status: application.status as ApplicationStatus,
      createdAt: application.createdAt.toISOString(),
      conversationId,
      ...offerExpiry(application),
      job: { id: job.id, title: job.title, offerType: job.offerType, status },
    };
  });
  return { applications: list, nextCursor };
}

/** The other party's own messages after the user's read mark, not hidden: what `unread` counts. */
function unreadMessagesOf(userId: number): SQL {
  return sql`m.kind = 'user'
    and m.hidden_at is null
    and m.author_id = (case when c.poster_id = ${userId} then c.applicant_id else c.poster_id end)
    and m.id > (case when c.poster_id = ${userId} then c.poster_read_id else c.applicant_read_id end)`;
}

/** The other party's messages the user has not read, per conversation of `conversationIds` (only those with some). */
export async function unreadCounts(db: Database, userId: number, conversationIds: readonly number[]): Promise<Map<number, number>> {
  if (conversationIds.length === 0) return new Map();
  const rows = rowsOf<{ conversation_id: number; unread: number | string }>(
    await db.execute(sql`
      select c.id as conversation_id, count(m.id)::int as unread
      from conversations c
      join messages m on m.conversation_id = c.id and ${unreadMessagesOf(userId)}
      where c.id in (${sql.join(
        conversationIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and (c.poster_id = ${userId} or c.applicant_id = ${userId})
      group by c.id`),
  );
  return new Map(rows.map((row) => [Number(row.conversation_id), Number(row.unread)]));
}

/** Every unread message of the user's conversations, in one query (each side by its own index). */
export async function unreadTotalOf(db: Database, userId: number): Promise<number> {
  const [row] = rowsOf<{ total: number | string }>(
    await db.execute(sql`
      select count(m.id)::int as total
      from (select * from conversations where poster_id = ${userId} union all select * from conversations where applicant_id = ${userId}) c
      join messages m on m.conversation_id = c.id and ${unreadMessagesOf(userId)}`),
  );
  return Number(row?.total ?? 0);
}

/**
 * The conversations of `ids` as the user reads them, in that order: each with its newest message anyone can
 * still read, its unread count, the application and my review, and whether I blocked the other person. A
 * conversation whose every message a moderator hid has nothing to show and is left out.
 */
async function conversationWires(db: Database, userId: number, ids: readonly number[]): Promise<Conversation[]> {
  if (ids.length === 0) return [];
  const other = alias(users, 'other');
  const otherId = sql`case when ${conversations.posterId} = ${userId} then ${conversations.applicantId} else ${conversations.posterId} end`;
  // Three independent reads, side by side on a pool (PGlite takes them in turn).
  const [rows, lastMessages, unread] = await Promise.all([
    db
      .select({
        conversation: conversations,
        title: listings.title,
        otherName: other.name,
        application: { status: applications.status, offerExpiresAt: applications.offerExpiresAt },
        myReviewId: reviews.id,
        myReviewPublishedAt: reviews.publishedAt,
        blockedAt: memberBlocks.createdAt,
      })
      .from(conversations)
      .innerJoin(listings, eq(listings.id, conversations.listingId))
      .innerJoin(applications, eq(applications.id, conversations.applicationId))
      .leftJoin(reviews, and(eq(reviews.applicationId, applications.id), eq(reviews.authorId, userId)))
      .innerJoin(other, eq(other.id, otherId))
      .leftJoin(memberBlocks, and(eq(memberBlocks.blockerId, userId), eq(memberBlocks.blockedId, otherId)))
      .where(and(inArray(conversations.id, [...ids]), or(eq(conversations.posterId, userId), eq(conversations.applicantId, userId)))),
    db
      .selectDistinctOn([messages.conversationId])
      .from(messages)
      .where(and(inArray(messages.conversationId, [...ids]), isNull(messages.hiddenAt)))
      .orderBy(messages.conversationId, desc(messages.id)),
    unreadCounts(db, userId, ids),
  ]);
  const lastOf = new Map(lastMessages.map((row) => [row.conversationId, row]));
  return inOrderOf(ids, rows, (row) => row.conversation.id).flatMap(
    ({ conversation, title, otherName, application, myReviewId, myReviewPublishedAt, blockedAt }): Conversation[] => {
      const last = lastOf.get(conversation.id);
      const side = sideOf(conversation, userId);
      if (!last || !side) return [];
      return [
        {
          id: conversation.id,
          job: { id: conversation.listingId, title },
          other: { id: otherPartyOf(conversation, side), displayName: displayNameOf(otherName) },
          lastMessage: messageWire(last),
          unread: unread.get(conversation.id) ?? 0,
          application: {
            id: conversation.applicationId,
            status: application.status as ApplicationStatus,
            side,
            myReview: myReviewId === null ? null : { published: myReviewPublishedAt !== null },
            ...offerExpiry(application),
          },
          blockedByMe: blockedAt !== null,
        },
      ];
    },
  );
}

/** A page of the user's conversations, the last activity first, and the unread total of them all. */
export async function conversationsOf(
  db: Database,
  userId: number,
  page: { cursor?: ActivityCursor | undefined; limit: number },
): Promise<{ conversations: Conversation[]; unreadTotal: number; nextCursor: string | null }> {
  const [{ ids, nextCursor }, unreadTotal] = await Promise.all([
    activityPage(db, [sql`c.poster_id = ${userId}`, sql`c.applicant_id = ${userId}`], page),
    unreadTotalOf(db, userId),
  ]);
  return { conversations: await conversationWires(db, userId, ids), unreadTotal, nextCursor };
}

/** One of the user's conversations as the inbox lists it, or null (not theirs, or nothing left to show). */
export async function conversationOf(db: Database, userId: number, conversationId: number): Promise<Conversation | null> {
  const [conversation] = await conversationWires(db, userId, [conversationId]);
  return conversation ?? null;
}

/** The conversation, if the user is one of its two parties, and their side. */
export async function conversationFor(
  db: Database,
  conversationId: number,
  userId: number,
): Promise<{ conversation: ConversationRow; side: DealSide } | null> {
  const [conversation] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), or(eq(conversations.posterId, userId), eq(conversations.applicantId, userId))));
  const side = conversation ? sideOf(conversation, userId) : null;
  return conversation && side ? { conversation, side } : null;
}

/** A page of the thread, oldest first: the `limit` newest messages before `before` (a message id), hidden ones left out. */
export async function messagesOf(db: Database, conversationId: number, page: { before?: number; limit: number }): Promise<ChatMessage[]> {
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        isNull(messages.hiddenAt),
        page.before === undefined ? undefined : lt(messages.id, page.before),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(page.limit);
  return rows.reverse().map(messageWire);
}

/**
 * A member's message, in the caller's transaction: 403 `blocked` when either member blocked the other. The
 * conversation's row is locked first, as the block of the conversation's page locks it, so a block and a
 * message at the same moment are judged one after the other.
 */
export async function postMessage(tx: Database, conversationId: number, side: DealSide, text: string): Promise<MessageRow> {
  const [conversation] = await tx.select().from(conversations).where(eq(conversations.id, conversationId)).for('update');
  if (!conversation) throw new ApiProblem(404, 'notFound');
  if (await isBlockedBetween(tx, conversation.posterId, conversation.applicantId)) throw new ApiProblem(403, 'blocked');
  const authorId = side === 'owner' ? conversation.posterId : conversation.applicantId;
  return appendMessage(tx, conversationId, { authorId, kind: 'user', text });
}

/**
 * The user's side has read the thread up to `upTo` (the last message their page showed), or to its last
 * message without it; a mark never moves back, nor past the conversation's last message.
 */
export async function markRead(db: Database, conversationId: number, side: DealSide, upTo?: number): Promise<void> {
  const column = side === 'owner' ? conversations.posterReadId : conversations.applicantReadId;
  const last = sql`coalesce(${conversations.lastMessageId}, 0)`;
  const readTo = sql`greatest(${column}, ${upTo === undefined ? last : sql`least(${upTo}::int, ${last})`})`;
  await db
    .update(conversations)
    .set(side === 'owner' ? { posterReadId: readTo } : { applicantReadId: readTo })
    .where(eq(conversations.id, conversationId));
}

/**
 * The user blocks the other party of the conversation: a block between the two members, in every listing
 * and conversation. The conversation's row is locked as a message's is, so the two are judged in turn.
 */
export async function blockOther(tx: Database, conversation: ConversationRow, side: DealSide): Promise<void> {
  await tx.select({ id: conversations.id }).from(conversations).where(eq(conversations.id, conversation.id)).for('update');
  const blocker = side === 'owner' ? conversation.posterId : conversation.applicantId;
  await blockMember(tx, blocker, otherPartyOf(conversation, side));
}

/**
 * A report of a message by a party of its conversation, as listing reports go: one per reporter (409
 * `alreadyReported`). Only the other party's own messages can be reported (403 otherwise); a message the
 * reporter cannot read (not theirs to read, or hidden) is 404.
 */
export async function reportMessage(
  db: Database,
  messageId: number,
  reporterId: number,
  report: { reason: ReportReason; note: string },
): Promise<void> {
  const [found] = await db
    .select({ message: messages, conversation: conversations })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(eq(messages.id, messageId), isNull(messages.hiddenAt)));
  const side = found ? sideOf(found.conversation, reporterId) : null;
  if (!found || !side) throw new ApiProblem(404, 'notFound');
  if (found.message.kind !== 'user' || found.message.authorId !== otherPartyOf(found.conversation, side))
    throw new ApiProblem(403, 'forbidden');
  const [stored] = await db
    .insert(contentReports)
    .values({ targetKind: 'message', targetId: messageId, reporterId, reason: report.reason, note: report.note })
    .onConflictDoNothing()
    .returning({ id: contentReports.id });
  if (!stored) throw new ApiProblem(409, 'alreadyReported');
}
