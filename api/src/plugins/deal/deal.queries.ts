import { and, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
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
import { applications, contentReports, conversations, listings, messages, reviews, users } from '../../db/schema.js';
import { ApiProblem } from '../errors/errors.plugin.js';
import { isUniqueViolation } from '../alerts/alerts.queries.js';
import { ratingsOf } from '../reviews/ratings.js';

// The deal's reads and writes (docs/deal.md, "Applications and conversations"). Only the two parties of a
// conversation read it: every look-up here takes the reader and finds nothing for anyone else.

export type ApplicationRow = typeof applications.$inferSelect;
export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

export function applicationWire(row: ApplicationRow, conversationId: number): Application {
  return { id: row.id, jobId: row.listingId, status: row.status as ApplicationStatus, createdAt: row.createdAt.toISOString(), conversationId };
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
async function appendMessage(tx: Database, conversationId: number, entry: { authorId: number | null; kind: ChatMessageKind; text: string }): Promise<MessageRow> {
  const [row] = await tx.insert(messages).values({ conversationId, ...entry }).returning();
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
 * An application, its conversation and their first message (the application's own), in one transaction;
 * 409 `alreadyApplied` for a second to the same listing whatever became of the first, 429 `rateLimited`
 * past `dailyLimit` new conversations in 24 hours. The applicant's row is locked first, so two at once
 * cannot both pass the count; the unique index is the last word on duplicates.
 */
export async function openApplication(
  db: Database,
  input: { listingId: number; posterId: number; applicantId: number; message: string; phone: string | null; dailyLimit: number },
): Promise<Opening> {
  try {
    return await db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, input.applicantId)).for('update');
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
        .values({ applicationId: application.id, listingId: input.listingId, posterId: input.posterId, applicantId: input.applicantId })
        .returning();
      if (!conversation) throw new Error('conversation not stored');
      const message = await appendMessage(tx, conversation.id, { authorId: input.applicantId, kind: 'user', text: input.message });
      return { application, conversation: { ...conversation, lastMessageId: message.id }, message };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiProblem(409, 'alreadyApplied');
    throw error;
  }
}

export interface Move {
  application: ApplicationRow;
  conversation: ConversationRow;
  side: DealSide;
  /** The site's note of the move in the thread. */
  note: MessageRow;
}

/**
 * Moves an application as `nextStatuses` allows the user's side (else 409 `badTransition`; 404 for anyone
 * but its two parties) and writes the move into the thread as the site's own note, in one transaction. The
 * row is locked, so two moves at once are judged one after the other.
 */
export async function moveApplication(db: Database, applicationId: number, userId: number, status: ApplicationStatus): Promise<Move> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ application: applications, conversation: conversations })
      .from(applications)
      .innerJoin(conversations, eq(conversations.applicationId, applications.id))
      .where(eq(applications.id, applicationId))
      .for('update', { of: applications });
    const side = found ? sideOf(found.conversation, userId) : null;
    if (!found || !side) throw new ApiProblem(404, 'notFound');
    if (!nextStatuses(found.application.status as ApplicationStatus, side).includes(status)) throw new ApiProblem(409, 'badTransition');
    const [application] = await tx
      .update(applications)
      .set({ status, updatedAt: new Date(), ...(status === 'done' ? { doneAt: new Date() } : {}) })
      .where(eq(applications.id, applicationId))
      .returning();
    if (!application) throw new Error('application not moved');
    const note = await appendMessage(tx, found.conversation.id, { authorId: null, kind: 'system', text: status });
    return { application, conversation: found.conversation, side, note };
  });
}

/**
 * A listing's applications, newest first, as its owner reads them. The message is the conversation's
 * first: a moderator who hid that message blanked it here too.
 */
export async function applicationsForListing(db: Database, listingId: number): Promise<ListingApplication[]> {
  const rows = await db
    .select({
      application: applications,
      conversationId: conversations.id,
      name: users.name,
      picture: users.picture,
      isMessageHidden: sql<boolean>`coalesce((select m.hidden_at is not null from messages m where m.conversation_id = ${conversations.id} order by m.id limit 1), false)`,
    })
    .from(applications)
    .innerJoin(conversations, eq(conversations.applicationId, applications.id))
    .innerJoin(users, eq(users.id, applications.applicantId))
    .where(eq(applications.listingId, listingId))
    .orderBy(desc(applications.createdAt), desc(applications.id));
  const ratings = await ratingsOf(db, [...new Set(rows.map((row) => row.application.applicantId))]);
  return rows.map(({ application, conversationId, name, picture, isMessageHidden }) => {
    const rating = ratings.get(application.applicantId);
    const shown = shownPicture(picture);
    return {
      id: application.id,
      status: application.status as ApplicationStatus,
      message: isMessageHidden ? '' : application.message,
      createdAt: application.createdAt.toISOString(),
      conversationId,
      applicant: { id: application.applicantId, displayName: displayNameOf(name), ...(shown ? { picture: shown } : {}), rating: { average: rating?.average ?? null, count: rating?.count ?? 0 } },
      ...(application.phone ? { phone: application.phone } : {}),
    };
  });
}

/**
 * The user's own applications, newest first, with their listings. A listing moderators hid, or whose
 * publisher is blocked, reads as closed: its page is gone for the applicant, and why is not theirs to know.
 */
export async function applicationsOf(db: Database, applicantId: number): Promise<MyApplication[]> {
  const rows = await db
    .select({
      application: applications,
      conversationId: conversations.id,
      job: { id: listings.id, title: listings.title, offerType: listings.offerType, status: listings.status, hiddenAt: listings.hiddenAt, isPublisherBlocked: listings.isPublisherBlocked },
    })
    .from(applications)
    .innerJoin(conversations, eq(conversations.applicationId, applications.id))
    .innerJoin(listings, eq(listings.id, applications.listingId))
    .where(eq(applications.applicantId, applicantId))
    .orderBy(desc(applications.createdAt), desc(applications.id));
  return rows.map(({ application, conversationId, job }) => {
    const isGone = job.hiddenAt !== null || job.isPublisherBlocked;
    const status = (isGone && job.status === 'active' ? 'close' : job.status);
    return {
      id: application.id,
      status: application.status as ApplicationStatus,
      createdAt: application.createdAt.toISOString(),
      conversationId,
      job: { id: job.id, title: job.title, offerType: job.offerType, status },
    };
  });
}

/**
 * The other party's messages the user has not read, per conversation (only those with some): their own
 * messages, never the site's notes, after the user's read mark, not hidden.
 */
export async function unreadCounts(db: Database, userId: number, conversationId?: number): Promise<Map<number, number>> {
  const rows = rowsOf<{ conversation_id: number; unread: number | string }>(
    await db.execute(sql`
      select c.id as conversation_id, count(m.id)::int as unread
      from conversations c
      join messages m on m.conversation_id = c.id
        and m.kind = 'user'
        and m.hidden_at is null
        and m.author_id = (case when c.poster_id = ${userId} then c.applicant_id else c.poster_id end)
        and m.id > (case when c.poster_id = ${userId} then c.poster_read_id else c.applicant_read_id end)
      where (c.poster_id = ${userId} or c.applicant_id = ${userId})
        ${conversationId === undefined ? sql`` : sql`and c.id = ${conversationId}`}
      group by c.id`),
  );
  return new Map(rows.map((row) => [Number(row.conversation_id), Number(row.unread)]));
}

export async function unreadTotalOf(db: Database, userId: number): Promise<number> {
  let total = 0;
  for (const count of (await unreadCounts(db, userId)).values()) total += count;
  return total;
}

/**
 * The user's conversations, the newest activity (the newest message anyone can still read) first. A
 * conversation whose every message a moderator hid has nothing to show and is left out.
 */
export async function conversationsOf(db: Database, userId: number): Promise<{ conversations: Conversation[]; unreadTotal: number }> {
  const other = alias(users, 'other');
  const rows = await db
    .select({ conversation: conversations, title: listings.title, otherName: other.name, applicationStatus: applications.status, myReviewId: reviews.id, myReviewPublishedAt: reviews.publishedAt })
    .from(conversations)
    .innerJoin(listings, eq(listings.id, conversations.listingId))
    .innerJoin(applications, eq(applications.id, conversations.applicationId))
    .leftJoin(reviews, and(eq(reviews.applicationId, applications.id), eq(reviews.authorId, userId)))
    .innerJoin(other, eq(other.id, sql`case when ${conversations.posterId} = ${userId} then ${conversations.applicantId} else ${conversations.posterId} end`))
    .where(or(eq(conversations.posterId, userId), eq(conversations.applicantId, userId)));
  if (rows.length === 0) return { conversations: [], unreadTotal: 0 };
  const lastMessages = await db
    .selectDistinctOn([messages.conversationId])
    .from(messages)
    .where(and(inArray(messages.conversationId, rows.map((row) => row.conversation.id)), isNull(messages.hiddenAt)))
    .orderBy(messages.conversationId, desc(messages.id));
  const lastOf = new Map(lastMessages.map((row) => [row.conversationId, row]));
  const unread = await unreadCounts(db, userId);
  const list: Conversation[] = [];
  for (const { conversation, title, otherName, applicationStatus, myReviewId, myReviewPublishedAt } of rows) {
    const last = lastOf.get(conversation.id);
    const side = sideOf(conversation, userId);
    if (!last || !side) continue;
    list.push({
      id: conversation.id,
      job: { id: conversation.listingId, title },
      other: { id: otherPartyOf(conversation, side), displayName: displayNameOf(otherName) },
      lastMessage: messageWire(last),
      unread: unread.get(conversation.id) ?? 0,
      application: {
        id: conversation.applicationId,
        status: applicationStatus as ApplicationStatus,
        side,
        myReview: myReviewId === null ? null : { published: myReviewPublishedAt !== null },
      },
      blockedByMe: (side === 'owner' ? conversation.posterBlockedAt : conversation.applicantBlockedAt) !== null,
    });
  }
  list.sort((a, b) => b.lastMessage.id - a.lastMessage.id);
  return { conversations: list, unreadTotal: list.reduce((sum, c) => sum + c.unread, 0) };
}

/** The conversation, if the user is one of its two parties, and their side. */
export async function conversationFor(db: Database, conversationId: number, userId: number): Promise<{ conversation: ConversationRow; side: DealSide } | null> {
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
    .where(and(eq(messages.conversationId, conversationId), isNull(messages.hiddenAt), page.before === undefined ? undefined : lt(messages.id, page.before)))
    .orderBy(desc(messages.id))
    .limit(page.limit);
  return rows.reverse().map(messageWire);
}

/**
 * A member's message: 403 `blocked` when the other party blocked them. The conversation's row is locked
 * first, so a block and a message at the same moment are judged one after the other.
 */
export async function postMessage(db: Database, conversationId: number, side: DealSide, text: string): Promise<MessageRow> {
  return db.transaction(async (tx) => {
    const [conversation] = await tx.select().from(conversations).where(eq(conversations.id, conversationId)).for('update');
    if (!conversation) throw new ApiProblem(404, 'notFound');
    const blockedByOther = side === 'owner' ? conversation.applicantBlockedAt : conversation.posterBlockedAt;
    if (blockedByOther) throw new ApiProblem(403, 'blocked');
    const authorId = side === 'owner' ? conversation.posterId : conversation.applicantId;
    return appendMessage(tx, conversationId, { authorId, kind: 'user', text });
  });
}

/** The user's side has read the thread to its last message (a mark never moves back). */
export async function markRead(db: Database, conversationId: number, side: DealSide): Promise<void> {
  const column = side === 'owner' ? conversations.posterReadId : conversations.applicantReadId;
  await db
    .update(conversations)
    .set(side === 'owner' ? { posterReadId: sql`greatest(${column}, coalesce(${conversations.lastMessageId}, 0))` } : { applicantReadId: sql`greatest(${column}, coalesce(${conversations.lastMessageId}, 0))` })
    .where(eq(conversations.id, conversationId));
}

/** The user's side blocks the other party, from the first time it did (one-way; no unblock yet). */
export async function blockOther(db: Database, conversationId: number, side: DealSide): Promise<void> {
  await db
    .update(conversations)
    .set(side === 'owner' ? { posterBlockedAt: sql`coalesce(${conversations.posterBlockedAt}, now())` } : { applicantBlockedAt: sql`coalesce(${conversations.applicantBlockedAt}, now())` })
    .where(eq(conversations.id, conversationId));
}

/**
 * A report of a message by a party of its conversation, as listing reports go: one per reporter (409
 * `alreadyReported`). Only the other party's own messages can be reported (403 otherwise); a message the
 * reporter cannot read (not theirs to read, or hidden) is 404.
 */
export async function reportMessage(db: Database, messageId: number, reporterId: number, report: { reason: ReportReason; note: string }): Promise<void> {
  const [found] = await db
    .select({ message: messages, conversation: conversations })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(eq(messages.id, messageId), isNull(messages.hiddenAt)));
  const side = found ? sideOf(found.conversation, reporterId) : null;
  if (!found || !side) throw new ApiProblem(404, 'notFound');
  if (found.message.kind !== 'user' || found.message.authorId !== otherPartyOf(found.conversation, side)) throw new ApiProblem(403, 'forbidden');
  const [stored] = await db
    .insert(contentReports)
    .values({ targetKind: 'message', targetId: messageId, reporterId, reason: report.reason, note: report.note })
    .onConflictDoNothing()
    .returning({ id: contentReports.id });
  if (!stored) throw new ApiProblem(409, 'alreadyReported');
}
