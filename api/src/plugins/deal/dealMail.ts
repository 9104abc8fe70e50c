import type { ApplicationStatus } from '@tasko/shared/domain';
import type { Database } from '../../db/client.js';

/** The moves whose email tells the other side of the deal (docs/deal.md, "Emails"). */
export type DecidedStatus = Extract<ApplicationStatus, 'offered' | 'declined' | 'hired' | 'offerDeclined'> | 'offerLapsed';

/**
 * The deal's emails (docs/deal.md, "Emails"): the routes say what happened, the mail service decides
 * whether and when to write (the reader's language, their email switch and unsubscribes, the unread delay).
 * Each call only queues work, in the write's own transaction `tx`: the email is queued if and only if the
 * write is committed, and a route never waits for a mail server.
 */
export interface DealMail {
  /** To the listing's owner. */
  applicationReceived(tx: Database, applicationId: number): Promise<void>;
  /** To the side the move is news to: an offer or a decline to the applicant, their answer (or its lapse) to the owner. */
  applicationDecided(tx: Database, applicationId: number, status: DecidedStatus): Promise<void>;
  /** To the message's reader if it is still unread 5 minutes later (at most one per conversation per 15 minutes). */
  messageSent(tx: Database, messageId: number): Promise<void>;
  /** To both sides: the work is marked done, a review to write. */
  workDone(tx: Database, applicationId: number): Promise<void>;
  /** To both sides: the deal's reviews are published. */
  reviewsPublished(tx: Database, applicationId: number): Promise<void>;
}
