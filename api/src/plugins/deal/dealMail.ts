/**
 * The deal's emails (docs/deal.md, "Emails"): the routes say what happened, the mail service decides
 * whether and when to write (the reader's language, their email switch and unsubscribes, the unread delay).
 * Each call only queues work: a route never waits for a mail server.
 */
export interface DealMail {
  /** To the listing's owner. */
  applicationReceived(applicationId: number): Promise<void>;
  /** To the applicant: hired or declined, as the application now stands. */
  applicationDecided(applicationId: number): Promise<void>;
  /** To the message's reader if it is still unread 5 minutes later (at most one per conversation per 15 minutes). */
  messageSent(messageId: number): Promise<void>;
  /** To both sides: the work is marked done, a review to write. */
  workDone(applicationId: number): Promise<void>;
  /** To both sides: the deal's reviews are published. */
  reviewsPublished(applicationId: number): Promise<void>;
}
