import { and, desc, eq, gt, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DEFAULT_SETTINGS, displayNameOf, type DealMailKind, type Language, type OfferType } from '@tasko/shared/domain';
import { rowsOf, type Database } from '../../db/client.js';
import { applications, conversations, dealMailOptOuts, listings, messages, reviews, users } from '../../db/schema.js';

/** A side of a conversation, named as its columns are. */
export type ConversationSide = 'poster' | 'applicant';

export interface DealParty {
  id: number;
  /** As members see each other (`displayNameOf`). */
  displayName: string;
  /** Blocked by a moderator: their deals are frozen, and nobody is mailed about them. */
  isBlocked: boolean;
}

/** An application with what its emails tell: the listing, the conversation, both sides. */
export interface DealForMail {
  applicationId: number;
  status: string;
  message: string;
  createdAt: Date;
  /** The application's last move. */
  updatedAt: Date;
  doneAt: Date | null;
  conversationId: number;
  listing: { title: string; offerType: OfferType };
  poster: DealParty;
  applicant: DealParty;
}

const poster = alias(users, 'poster');
const applicant = alias(users, 'applicant');

function partyOf(row: { id: number; name: string; blockedAt: Date | null }): DealParty {
  return { id: row.id, displayName: displayNameOf(row.name), isBlocked: row.blockedAt !== null };
}

export async function dealForMail(db: Database, applicationId: number): Promise<DealForMail | null> {
  const [row] = await db
    .select({
      application: {
        id: applications.id,
        status: applications.status,
        message: applications.message,
        createdAt: applications.createdAt,
        updatedAt: applications.updatedAt,
        doneAt: applications.doneAt,
      },
      conversationId: conversations.id,
      listing: { title: listings.title, offerType: listings.offerType },
      poster: { id: poster.id, name: poster.name, blockedAt: poster.blockedAt },
      applicant: { id: applicant.id, name: applicant.name, blockedAt: applicant.blockedAt },
    })
    .from(applications)
    .innerJoin(conversations, eq(conversations.applicationId, applications.id))
    .innerJoin(listings, eq(listings.id, applications.listingId))
    .innerJoin(poster, eq(poster.id, conversations.posterId))
    .innerJoin(applicant, eq(applicant.id, conversations.applicantId))
    .where(eq(applications.id, applicationId));
  if (!row) return null;
  return {
    applicationId: row.application.id,
    status: row.application.status,
    message: row.application.message,
    createdAt: row.application.createdAt,
    updatedAt: row.application.updatedAt,
    doneAt: row.application.doneAt,
    conversationId: row.conversationId,
    listing: { title: row.listing.title, offerType: row.listing.offerType },
    poster: partyOf(row.poster),
    applicant: partyOf(row.applicant),
  };
}

export interface MailRecipient {
  email: string;
  language: Language;
}

/**
 * Where and in which language to write `userId` an email of `kind`, or null when nothing may be sent: their
 * email switch is off (settings), they stopped this kind by its unsubscribe link, or a moderator blocked them.
 */
export async function recipientOf(db: Database, userId: number, kind: DealMailKind): Promise<MailRecipient | null> {
  const [row] = await db
    .select({ email: users.email, settings: users.settings, blockedAt: users.blockedAt, optedOut: dealMailOptOuts.kind })
    .from(users)
    .leftJoin(dealMailOptOuts, and(eq(dealMailOptOuts.userId, users.id), eq(dealMailOptOuts.kind, kind)))
    .where(eq(users.id, userId));
  if (!row) return null;
  const settings = { ...DEFAULT_SETTINGS, ...(row.settings ?? {}) };
  if (settings.emailNotifications === false || row.blockedAt !== null || row.optedOut !== null) return null;
  return { email: row.email, language: settings.language };
}

/** Stops `kind` of deal email to `userId` (the unsubscribe link); stopping it twice is no error. */
export async function optOut(db: Database, userId: number, kind: DealMailKind): Promise<void> {
  // A user deleted since the email left has nothing to stop: the row would only break its foreign key.
  await db.execute(sql`
    insert into ${dealMailOptOuts} (user_id, kind)
    select ${userId}, ${kind} where exists (select 1 from ${users} where ${users.id} = ${userId})
    on conflict do nothing`);
}

/** Whether `authorId` has written their review of this deal already. */
export async function hasReviewed(db: Database, applicationId: number, authorId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.applicationId, applicationId), eq(reviews.authorId, authorId)));
  return row !== undefined;
}

/** The published review of this deal about `subjectId` that anyone may read (not hidden by a moderator), if any. */
export async function publishedReviewOf(db: Database, applicationId: number, subjectId: number): Promise<{ authorId: number } | null> {
  const [row] = await db
    .select({ authorId: reviews.authorId })
    .from(reviews)
    .where(
      and(
        eq(reviews.applicationId, applicationId),
        eq(reviews.subjectId, subjectId),
        isNotNull(reviews.publishedAt),
        isNull(reviews.hiddenAt),
      ),
    );
  return row ?? null;
}

/** A member's message with its conversation and the listing it is about: what its "unread" email needs. */
export async function messageForMail(db: Database, messageId: number) {
  const [row] = await db
    .select({
      id: messages.id,
      kind: messages.kind,
      authorId: messages.authorId,
      hiddenAt: messages.hiddenAt,
      createdAt: messages.createdAt,
      conversation: {
        id: conversations.id,
        applicationId: conversations.applicationId,
        posterId: conversations.posterId,
        applicantId: conversations.applicantId,
        posterReadId: conversations.posterReadId,
        applicantReadId: conversations.applicantReadId,
      },
      listing: { title: listings.title, offerType: listings.offerType },
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(listings, eq(listings.id, conversations.listingId))
    .where(eq(messages.id, messageId));
  return row ?? null;
}

export async function userForMail(db: Database, userId: number): Promise<DealParty | null> {
  const [row] = await db.select({ id: users.id, name: users.name, blockedAt: users.blockedAt }).from(users).where(eq(users.id, userId));
  return row ? partyOf(row) : null;
}

function sideColumns(reader: ConversationSide) {
  return reader === 'poster'
    ? { readId: conversations.posterReadId, mailedAt: conversations.posterMailedAt }
    : { readId: conversations.applicantReadId, mailedAt: conversations.applicantMailedAt };
}

function mailedAtSet(reader: ConversationSide, value: SQL | null) {
  return reader === 'poster' ? { posterMailedAt: value } : { applicantMailedAt: value };
}

const secondsInterval = (seconds: number) => sql`${seconds}::float8 * interval '1 second'`;

/**
 * Claims the reader's "unread message" email of a conversation: dates it now if `messageId` is still unread
 * by them and no such email went to them in the last `intervalSeconds`. The claim's time (exactly, as text)
 * when claimed, null otherwise: one row's update, so two workers never both claim.
 */
export async function claimUnreadMail(
  db: Database,
  claim: { conversationId: number; reader: ConversationSide; messageId: number; intervalSeconds: number },
): Promise<string | null> {
  const { readId, mailedAt } = sideColumns(claim.reader);
  const [row] = await db
    .update(conversations)
    .set(mailedAtSet(claim.reader, sql`now()`))
    .where(
      and(
        eq(conversations.id, claim.conversationId),
        lt(readId, claim.messageId),
        or(isNull(mailedAt), sql`${mailedAt} <= now() - ${secondsInterval(claim.intervalSeconds)}`),
      ),
    )
    .returning({ claimedAt: sql<string>`${mailedAt}::text` });
  return row?.claimedAt ?? null;
}

/**
 * Gives a claim back after a failed send, so the retry may send. Null, not the earlier date: a claim is only
 * made when the earlier email is older than the interval, which null says as well.
 */
export async function releaseUnreadMail(db: Database, conversationId: number, reader: ConversationSide, claimedAt: string): Promise<void> {
  const { mailedAt } = sideColumns(reader);
  await db
    .update(conversations)
    .set(mailedAtSet(reader, null))
    .where(and(eq(conversations.id, conversationId), sql`${mailedAt} = ${claimedAt}::timestamptz`));
}

/** Whether the reader has read `messageId`, and when their window of "unread" emails ends (null: open now). */
export async function unreadMailState(
  db: Database,
  conversationId: number,
  reader: ConversationSide,
  messageId: number,
  intervalSeconds: number,
): Promise<{ isRead: boolean; windowEndsAt: Date | null }> {
  const { readId, mailedAt } = sideColumns(reader);
  const rows = rowsOf<{ is_read: boolean; window_ends_at: string | Date | null }>(
    await db.execute(sql`
      select ${readId} >= ${messageId} as is_read,
             case when ${mailedAt} > now() - ${secondsInterval(intervalSeconds)} then ${mailedAt} + ${secondsInterval(intervalSeconds)} end as window_ends_at
      from ${conversations} where ${conversations.id} = ${conversationId}`),
  );
  const row = rows[0];
  if (!row) return { isRead: true, windowEndsAt: null };
  return { isRead: row.is_read, windowEndsAt: row.window_ends_at === null ? null : new Date(row.window_ends_at) };
}

/** The newest of `authorId`'s messages in the conversation that the reader has not read and anyone may see. */
export async function newestUnreadText(db: Database, conversationId: number, authorId: number, readId: number): Promise<string | null> {
  const [row] = await db
    .select({ text: messages.text })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        eq(messages.authorId, authorId),
        eq(messages.kind, 'user'),
        isNull(messages.hiddenAt),
        gt(messages.id, readId),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(1);
  return row?.text ?? null;
}
