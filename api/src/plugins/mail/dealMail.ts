import type { FastifyBaseLogger } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { fromDrizzle, type PgBoss, type WorkOptions } from 'pg-boss';
import { rowsOf, type Database } from '../../db/client.js';
import { isBlockedBetween } from '../deal/memberBlocks.js';
import { ALERT_QUEUE_SCHEMA, alertJobId, eachJob } from '../alerts/alertService.js';
import type { DealMail, DecidedStatus } from '../deal/dealMail.js';
import { renderDealEmail, type DealEmailContent } from './dealEmail.js';
import {
  claimUnreadMail,
  dealForMail,
  hasReviewed,
  messageForMail,
  newestUnreadText,
  publishedReviewOf,
  recipientOf,
  releaseUnreadMail,
  unreadMailState,
  userForMail,
  type ConversationSide,
  type DealForMail,
  type DealParty,
} from './dealMail.queries.js';
import type { Mailer } from './mailer.js';
import type { UnsubscribeTokens } from './unsubscribeTokens.js';

/** How long a message waits unread before its reader is mailed (docs/deal.md, "Emails"). */
export const UNREAD_MAIL_DELAY_SECONDS = 5 * 60;
/** At most one "unread message" email per conversation and reader in this time. */
export const UNREAD_MAIL_INTERVAL_SECONDS = 15 * 60;

export const DEAL_MAIL_QUEUES = { email: 'deal-email', unread: 'deal-unread-message' } as const;

export interface DealMailDeps {
  db: Database;
  /** The alerts' started pg-boss (`AlertService.queue`): one per process; it is stopped with the alerts. */
  queue: PgBoss;
  mailer: Mailer;
  tokens: UnsubscribeTokens;
  siteOrigin: string;
  log: FastifyBaseLogger;
  /** How long the reviews stay open after the work is done (`REVIEW_WINDOW_DAYS`): the review email says it. */
  reviewWindowDays: number;
  /** false: this instance only queues; another one works the jobs. */
  isWorker?: boolean;
  /** How often idle workers look for due jobs (a deferred job wakes nobody: this is how it is found). */
  pollSeconds?: number;
  retryDelaySeconds?: number;
  /** `UNREAD_MAIL_DELAY_SECONDS` unless told (tests shorten it). */
  unreadDelaySeconds?: number;
  /** `UNREAD_MAIL_INTERVAL_SECONDS` unless told (tests shorten it). */
  unreadIntervalSeconds?: number;
}

export interface DealMailService extends DealMail {
  /** For tests: resolves once no deal-mail job that is due waits or runs, rejects after `timeoutMs`. */
  drain(timeoutMs?: number): Promise<void>;
}

/** One email to one person about one application; its job id makes a second queuing of it a no-op. */
type DealEmailJob =
  | { kind: 'applicationReceived'; applicationId: number }
  | { kind: 'applicationDecided'; applicationId: number; status: DecidedStatus }
  | { kind: 'reviewToWrite' | 'reviewsPublished'; applicationId: number; recipientId: number };

interface UnreadMessageJob {
  messageId: number;
}

/** A job id derived from what the email is about (the application's creation time in it, as alerts do). */
function dealJobId(name: string): string {
  return alertJobId(`deal-mail:${name}`);
}

/** The other side of the deal from `userId`'s, or null when `userId` is neither. */
function sidesFor(deal: DealForMail, userId: number): { reader: DealParty; other: DealParty } | null {
  if (userId === deal.poster.id) return { reader: deal.poster, other: deal.applicant };
  if (userId === deal.applicant.id) return { reader: deal.applicant, other: deal.poster };
  return null;
}

/**
 * The deal's emails (docs/deal.md, "Emails") on the alerts' pg-boss: `deal-email` holds one job per email
 * (an id derived from the application, the kind and the reader), `deal-unread-message` one job per message,
 * due when the message has waited `unreadDelaySeconds`. Each job reads the deal again when it runs, and
 * sends nothing to a member whose emails are off, who stopped that kind, or who is blocked, and nothing about
 * a blocked member or a hidden message.
 */
export async function startDealMail(deps: DealMailDeps): Promise<DealMailService> {
  const { db, queue: boss, mailer, tokens, siteOrigin, log } = deps;
  const isWorker = deps.isWorker ?? true;
  const unreadDelaySeconds = deps.unreadDelaySeconds ?? UNREAD_MAIL_DELAY_SECONDS;
  const unreadIntervalSeconds = deps.unreadIntervalSeconds ?? UNREAD_MAIL_INTERVAL_SECONDS;

  const retries = { retryLimit: 8, retryDelay: deps.retryDelaySeconds ?? 30, retryBackoff: true, retryDelayMax: 3600 };
  const queues = [
    // A new email wakes the workers at once.
    { name: DEAL_MAIL_QUEUES.email, options: { ...retries, notify: true } },
    // A deferred job wakes nobody when it falls due: its queue is polled at the base interval instead of
    // NOTIFY's slow backstop.
    { name: DEAL_MAIL_QUEUES.unread, options: retries },
  ];
  for (const { name, options } of queues) {
    await boss.createQueue(name, options);
    // createQueue leaves an existing queue as it was: the options of this release win.
    await boss.updateQueue(name, options);
  }

  /**
   * The email of `content.kind` to `reader` about `listing` and `other`, unless they may not be mailed it:
   * nothing of the deal is mailed between two members one of whom blocked the other (docs/deal.md, "Blocks").
   */
  async function send(reader: DealParty, content: DealEmailContent, listing: DealForMail['listing'], other: DealParty): Promise<void> {
    const { kind } = content;
    const recipient = await recipientOf(db, reader.id, kind);
    if (!recipient || (await isBlockedBetween(db, reader.id, other.id))) return;
    const message = await renderDealEmail({
      ...content,
      to: recipient.email,
      language: recipient.language,
      listing,
      otherName: other.displayName,
      siteOrigin,
      unsubscribeToken: tokens.signDealMail({ userId: reader.id, kind }),
    });
    await mailer.send(message);
  }

  async function onDealEmail(job: DealEmailJob): Promise<void> {
    const deal = await dealForMail(db, job.applicationId);
    // A blocked member's deals are frozen: nobody hears of them, and they hear of nothing.
    if (!deal || deal.poster.isBlocked || deal.applicant.isBlocked) return;
    const { conversationId, listing } = deal;
    switch (job.kind) {
      case 'applicationReceived':
        // Withdrawn before its email left: no longer news.
        if (deal.status === 'withdrawn') return;
        return send(deal.poster, { kind: job.kind, conversationId, excerpt: deal.message }, listing, deal.applicant);
      case 'applicationDecided': {
        // An offer or a decline is news to the applicant; the applicant's answer, or its lapse, to the owner.
        const toApplicant = job.status === 'offered' || job.status === 'declined';
        const [reader, other] = toApplicant ? [deal.applicant, deal.poster] : [deal.poster, deal.applicant];
        return send(reader, { kind: job.kind, conversationId, status: job.status }, listing, other);
      }
      case 'reviewToWrite': {
        const sides = sidesFor(deal, job.recipientId);
        // Written already, or the window closed since (a late retry): nothing left to ask.
        if (!sides || deal.status !== 'done' || !deal.doneAt || (await hasReviewed(db, deal.applicationId, sides.reader.id))) return;
        if (deal.doneAt.getTime() + deps.reviewWindowDays * 86_400_000 <= Date.now()) return;
        return send(sides.reader, { kind: job.kind, conversationId, windowDays: deps.reviewWindowDays }, listing, sides.other);
      }
      case 'reviewsPublished': {
        const sides = sidesFor(deal, job.recipientId);
        // Only a review about the reader is news to them: when the window closed on one review, its subject alone is told.
        if (!sides || !(await publishedReviewOf(db, deal.applicationId, sides.reader.id))) return;
        return send(sides.reader, { kind: job.kind, userId: sides.reader.id }, listing, sides.other);
      }
    }
  }

  async function onUnreadMessage({ messageId }: UnreadMessageJob): Promise<void> {
    const message = await messageForMail(db, messageId);
    // The site's own notes are told by their own emails (hired, declined, done); a hidden message by none.
    if (!message || message.kind !== 'user' || message.authorId === null || message.hiddenAt !== null) return;
    const { conversation } = message;
    const reader: ConversationSide = message.authorId === conversation.posterId ? 'applicant' : 'poster';
    const readerId = reader === 'poster' ? conversation.posterId : conversation.applicantId;
    const readId = reader === 'poster' ? conversation.posterReadId : conversation.applicantReadId;
    if (readId >= messageId) return;
    const [readerParty, author] = await Promise.all([userForMail(db, readerId), userForMail(db, message.authorId)]);
    if (!readerParty || !author || readerParty.isBlocked || author.isBlocked) return;
    // Emails off or this kind stopped: no claim either, so the interval is not spent on an email never sent.
    if (!(await recipientOf(db, readerId, 'unreadMessage'))) return;

    const claim = { conversationId: conversation.id, reader, messageId, intervalSeconds: unreadIntervalSeconds };
    const claimedAt = await claimUnreadMail(db, claim);
    if (claimedAt === null) {
      // Read meanwhile, or the reader was mailed within the interval: then ask again once it ends, so a
      // message that came just after an email is still told if it stays unread.
      const state = await unreadMailState(db, conversation.id, reader, messageId, unreadIntervalSeconds);
      if (state.isRead || !state.windowEndsAt) return;
      const startAfter = new Date(state.windowEndsAt.getTime() + 1000);
      await boss.send(DEAL_MAIL_QUEUES.unread, { messageId } satisfies UnreadMessageJob, {
        id: dealJobId(`unread:${messageId}:after:${state.windowEndsAt.toISOString()}`),
        startAfter,
      });
      return;
    }
    try {
      // The newest of the author's unread messages: what the reader would open the conversation to.
      const text = await newestUnreadText(db, conversation.id, message.authorId, readId);
      if (text === null) {
        await releaseUnreadMail(db, conversation.id, reader, claimedAt);
        return;
      }
      const listing = { title: message.listing.title, offerType: message.listing.offerType };
      await send(readerParty, { kind: 'unreadMessage', conversationId: conversation.id, excerpt: text }, listing, author);
    } catch (error) {
      await releaseUnreadMail(db, conversation.id, reader, claimedAt);
      throw error;
    }
  }

  if (isWorker) {
    // A few seconds late is nothing next to a 5-minute wait; PGlite's one connection is shared with every request.
    const pollSeconds = deps.pollSeconds ?? 5;
    const polling: WorkOptions = { pollingIntervalSeconds: pollSeconds, notifyPollingIntervalSeconds: deps.pollSeconds ?? 30 };
    await boss.work<DealEmailJob>(DEAL_MAIL_QUEUES.email, polling, eachJob(log, DEAL_MAIL_QUEUES.email, onDealEmail));
    await boss.work<UnreadMessageJob>(DEAL_MAIL_QUEUES.unread, polling, eachJob(log, DEAL_MAIL_QUEUES.unread, onUnreadMessage));
  }

  /**
   * The jobs of a deal's write, queued in its transaction `tx` (docs/deal.md, "One transaction"): pg-boss
   * inserts them through the same connection, so they exist if and only if the write commits, and a failure
   * fails the write. Reads go through `tx` too: on PGlite, one connection, a read outside would wait for ever.
   */
  async function bothSides(tx: Database, kind: 'reviewToWrite' | 'reviewsPublished', applicationId: number): Promise<void> {
    const deal = await dealForMail(tx, applicationId);
    if (!deal) return;
    for (const recipientId of [deal.poster.id, deal.applicant.id]) {
      const id = dealJobId(`${kind}:${applicationId}:${deal.createdAt.toISOString()}:${recipientId}`);
      await boss.send(DEAL_MAIL_QUEUES.email, { kind, applicationId, recipientId } satisfies DealEmailJob, { id, db: inTransaction(tx) });
    }
  }

  const queueNames = Object.values(DEAL_MAIL_QUEUES);
  /**
   * pg-boss's own adapter over a drizzle transaction: the job is inserted through it. The adapter builds its
   * statements with the `sql` tag it is given, so what reaches `execute` is drizzle's own SQL.
   */
  const inTransaction = (tx: Database) =>
    fromDrizzle({ execute: async (query) => ({ rows: rowsOf<unknown>(await tx.execute(query as SQL)) }) }, sql);
  return {
    async applicationReceived(tx, applicationId) {
      const deal = await dealForMail(tx, applicationId);
      if (!deal) return;
      const id = dealJobId(`applicationReceived:${applicationId}:${deal.createdAt.toISOString()}`);
      await boss.send(DEAL_MAIL_QUEUES.email, { kind: 'applicationReceived', applicationId } satisfies DealEmailJob, {
        id,
        db: inTransaction(tx),
      });
    },
    async applicationDecided(tx, applicationId, status) {
      const deal = await dealForMail(tx, applicationId);
      if (!deal) return;
      // One email per move: an offer lapsed and made again is told again, so the move's time is in the id.
      const id = dealJobId(`applicationDecided:${applicationId}:${deal.createdAt.toISOString()}:${status}:${deal.updatedAt.toISOString()}`);
      await boss.send(DEAL_MAIL_QUEUES.email, { kind: 'applicationDecided', applicationId, status } satisfies DealEmailJob, {
        id,
        db: inTransaction(tx),
      });
    },
    async messageSent(tx, messageId) {
      const message = await messageForMail(tx, messageId);
      if (!message || message.kind !== 'user') return;
      const id = dealJobId(`unread:${messageId}:${message.createdAt.toISOString()}`);
      await boss.send(DEAL_MAIL_QUEUES.unread, { messageId } satisfies UnreadMessageJob, {
        id,
        startAfter: unreadDelaySeconds,
        db: inTransaction(tx),
      });
    },
    workDone: (tx, applicationId) => bothSides(tx, 'reviewToWrite', applicationId),
    reviewsPublished: (tx, applicationId) => bothSides(tx, 'reviewsPublished', applicationId),
    async drain(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const { rows } = await boss
          .getDb()
          .executeSql(
            `select count(*)::int as n from ${ALERT_QUEUE_SCHEMA}.job where name = any($1) and state in ('created', 'retry', 'active') and start_after <= now()`,
            [queueNames],
          );
        if (Number((rows[0] as { n: number } | undefined)?.n ?? 0) === 0) return;
        if (Date.now() > deadline) throw new Error(`deal mail jobs still pending after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}
