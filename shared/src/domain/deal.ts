import type { Rating } from './rating';
import type { OfferType, ListingStatus, ReportReason } from './listing';

// The deal kept on the site (docs/deal.md): an application opens a private conversation, the poster hires,
// the work is marked done, and both sides review each other. The API and the pages read these rules here.

export const DEAL_LIMITS = {
  /** An application's message, the conversation's first. */
  applicationMessageMaxLength: 1000,
  /** One message of a conversation. */
  chatMessageMaxLength: 2000,
  reviewTextMaxLength: 1000,
  replyTextMaxLength: 1000,
  /** Messages of a thread per page: the default and the most a page may ask for. */
  messagesPageSize: 50,
  messagesPageMax: 100,
  /** Published reviews per page of a profile. */
  reviewsPageSize: 10,
  /** How many messages before a reported one the moderation page shows with it. */
  reportedMessageContext: 10,
  /** Conversations, applicants and my applications per page: the default (also a call without `limit`) and the most. */
  listPageSize: 30,
  listPageMax: 100,
  /** People I blocked, per page of the settings' list. */
  blockedMembersPageSize: 50,
} as const;

/**
 * `offered`: the owner offered the job and waits for the applicant's answer (`hired` once they accept,
 * `offerDeclined` if they say no); an offer nobody answers lapses back to `sent` (docs/deal.md, "Hiring").
 */
export const APPLICATION_STATUSES = ['sent', 'offered', 'hired', 'offerDeclined', 'declined', 'withdrawn', 'done', 'cancelled'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** Who moves an application: the listing's owner or the applicant. */
export type DealSide = 'owner' | 'applicant';

const MOVES: Record<DealSide, Partial<Record<ApplicationStatus, readonly ApplicationStatus[]>>> = {
  owner: { sent: ['offered', 'declined'], offered: ['declined'], hired: ['done', 'cancelled'] },
  applicant: { sent: ['withdrawn'], offered: ['hired', 'offerDeclined'], hired: ['withdrawn'] },
};

/** The statuses `side` may move an application to from `status` (none: it is settled for them). */
export function nextStatuses(status: ApplicationStatus, side: DealSide): readonly ApplicationStatus[] {
  return MOVES[side][status] ?? [];
}

/** A page of a list paged by cursor: `nextCursor` is null on the last page. */
export interface CursorPage {
  nextCursor: string | null;
}

export function isApplicationStatus(value: unknown): value is ApplicationStatus {
  return typeof value === 'string' && (APPLICATION_STATUSES as readonly string[]).includes(value);
}

/** The answer to an application just sent or moved. */
export interface Application {
  id: number;
  jobId: number;
  status: ApplicationStatus;
  createdAt: string;
  conversationId: number;
  /** While the status is `offered`: when the offer lapses unanswered. */
  offerExpiresAt?: string;
}

/** An applicant as the listing's owner sees them. */
export interface ListingApplication {
  id: number;
  status: ApplicationStatus;
  message: string;
  createdAt: string;
  conversationId: number;
  /** While the status is `offered`: when the offer lapses unanswered. */
  offerExpiresAt?: string;
  applicant: { id: number; displayName: string; picture?: string; rating: Rating };
  /** Only when the applicant chose to share one. */
  phone?: string;
}

/** One of my applications, with the listing it is for. */
export interface MyApplication {
  id: number;
  status: ApplicationStatus;
  createdAt: string;
  conversationId: number;
  /** While the status is `offered`: when the offer lapses unanswered. */
  offerExpiresAt?: string;
  job: { id: number; title: string; offerType: OfferType; status: ListingStatus };
}

/** A member I blocked, as the settings list them (docs/deal.md, "Blocks"). */
export interface BlockedMember {
  id: number;
  displayName: string;
  blockedAt: string;
}

export const CHAT_MESSAGE_KINDS = ['user', 'system'] as const;
export type ChatMessageKind = (typeof CHAT_MESSAGE_KINDS)[number];

/**
 * The site's own entries in a thread (`kind: 'system'`): the message's `text` is one of these, and each
 * reader sees it in their own language (`conversation.systemNotes.<note>` in the account remote).
 */
export const SYSTEM_NOTES = ['offered', 'hired', 'offerDeclined', 'offerLapsed', 'declined', 'withdrawn', 'done', 'cancelled'] as const;
export type SystemNote = (typeof SYSTEM_NOTES)[number];

export interface ChatMessage {
  id: number;
  /** Null for the site's own entries. */
  authorId: number | null;
  text: string;
  createdAt: string;
  kind: ChatMessageKind;
}

export interface Conversation {
  id: number;
  job: { id: number; title: string };
  other: { id: number; displayName: string };
  lastMessage: ChatMessage;
  /** The other person's messages since my last read. */
  unread: number;
  /** The application the conversation belongs to, my side of it, and my review of the deal once written. */
  application: { id: number; status: ApplicationStatus; side: DealSide; myReview: { published: boolean } | null; offerExpiresAt?: string };
  /** I blocked the other person: they can no longer apply to or write about anything of mine. */
  blockedByMe: boolean;
}

/** The reviewed person's role in the deal. */
export const REVIEW_ROLES = ['poster', 'worker'] as const;
export type ReviewRole = (typeof REVIEW_ROLES)[number];

/** A review as its author gets it back. */
export interface Review {
  id: number;
  rating: number;
  text: string;
  createdAt: string;
  /** Both sides have written, or the window closed: both reviews are public. */
  published: boolean;
}

export interface ReviewReply {
  text: string;
  createdAt: string;
}

/** A published review on a profile. */
export interface PublicReview {
  id: number;
  rating: number;
  text: string;
  role: ReviewRole;
  createdAt: string;
  author: { id: number; displayName: string };
  reply?: ReviewReply;
}

export interface UserProfile {
  id: number;
  displayName: string;
  picture?: string;
  memberSince: string;
  emailVerified: boolean;
  activeListings: number;
  rating: Rating & { asPoster: Rating; asWorker: Rating };
}

/** Events of `GET /me/events`, each with an `id` from the database's sequence. */
export interface DealEventMap {
  message: { conversationId: number; message: ChatMessage };
  application: { application: Application };
  review: { review: Review & { applicationId: number } };
  unread: { unreadTotal: number };
  /**
   * The stream's own, never a stored row: more was missed than one reconnect replays (docs/deal.md, "The event
   * stream (server)"). Its id is the newest event's; pages reload what they show, a page by cursor at a time.
   */
  resync: Record<string, never>;
}
export type DealEventType = keyof DealEventMap;
export const DEAL_EVENT_TYPES = ['message', 'application', 'review', 'unread', 'resync'] as const satisfies readonly DealEventType[];

/** A reported review or message, with what the moderation page needs to judge it. */
export interface ReportedContent {
  kind: 'review' | 'message';
  id: number;
  text: string;
  authorId: number | null;
  hidden: boolean;
  reportCount: number;
  reports: { reason: ReportReason; note: string; at: string }[];
  /** A message's ten before it in its thread, oldest first; none for a review. */
  context: ChatMessage[];
}

/**
 * "Dana K.": a first name and the surname's initial, how members are shown to each other and on listings.
 * A word holding an "@" is an address someone typed as their name: never shown.
 */
export function displayNameOf(fullName: string): string {
  const words = fullName
    .normalize('NFC')
    .split(/\s+/u)
    .filter((word) => word !== '' && !word.includes('@'));
  const [first, ...others] = words;
  if (!first) return '';
  const initial = others.at(-1)?.match(/\p{L}/u)?.[0];
  return initial ? `${first} ${initial.toLocaleUpperCase()}.` : first;
}

/**
 * A phone number or an email address typed into a message: shown as typed, but the thread reminds both
 * sides that the site never asks for payment outside it (docs/deal.md, "Safety").
 */
export function mentionsContactDetails(text: string): boolean {
  return /[^\s@]+@[^\s@]+\.[^\s@]+/.test(text) || /(?:\+?972|0)[\s-]?(?:\d[\s-]?){8,9}/.test(text);
}

/**
 * The deal's emails (docs/deal.md, "Emails"), each a member can stop on its own by its unsubscribe link:
 * an application received, the answer to one's application, an unread message, a review to write, and
 * reviews published. A kind is also the `kind` of a `deal_mail_opt_outs` row and the unsubscribe page's `mail`.
 */
export const DEAL_MAIL_KINDS = ['applicationReceived', 'applicationDecided', 'unreadMessage', 'reviewToWrite', 'reviewsPublished'] as const;
export type DealMailKind = (typeof DEAL_MAIL_KINDS)[number];

export function isDealMailKind(value: unknown): value is DealMailKind {
  return typeof value === 'string' && (DEAL_MAIL_KINDS as readonly string[]).includes(value);
}
