import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  OFFER_TYPES,
  type AnalyticsProps,
  type Category,
  type ContactMethod,
  type Language,
  type ListingStatus,
  type OfferType,
  type PaymentType,
  type UserSettings,
} from '@tasko/shared/domain';

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  /** Lower-cased; the identity a Google account signs in with. */
  email: text('email').notNull().unique(),
  name: text('name').notNull().default(''),
  picture: text('picture'),
  /** The `sub` of the ID token: stable even if the address changes at Google. */
  googleSub: text('google_sub').unique(),
  /**
   * Google itself vouched for the address at the last sign-in (its ID token, `email_verified`): shown on
   * the user's listings. Never set by the local identity provider, whose addresses nobody checked.
   */
  emailVerifiedByGoogle: boolean('email_verified_by_google').notNull().default(false),
  settings: jsonb('settings').$type<UserSettings>(),
  /** When the user confirmed being 18 or older (the terms); asked once. */
  ageConfirmedAt: timestamp('age_confirmed_at', { withTimezone: true }),
  /** Set by a moderator: the user cannot sign in and their listings are hidden from everyone. */
  blockedAt: timestamp('blocked_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Listed, not taken down by a moderator, and not by a blocked publisher: the rows the public search reads,
 * and the predicate of its partial indexes (the search states it in these very words so they apply).
 */
export function publicSearchable(t: { status: AnyPgColumn; hiddenAt: AnyPgColumn; isPublisherBlocked: AnyPgColumn }) {
  return sql`${t.status} = 'active' and ${t.hiddenAt} is null and ${t.isPublisherBlocked} = false`;
}

export const listings = pgTable(
  'listings',
  {
    id: serial('id').primaryKey(),
    publisherId: integer('publisher_id')
      .notNull()
      .references(() => users.id),
    offerType: text('offer_type').$type<OfferType>().notNull().default('job'),
    title: text('title').notNull().default(''),
    description: text('description').notNull(),
    category: text('category').$type<Category>().notNull(),
    paymentType: text('payment_type').$type<PaymentType>().notNull().default('fixed'),
    amount: integer('amount').notNull(),
    contactPersonName: text('contact_person_name').notNull(),
    phone: text('phone').notNull(),
    contactEmail: text('contact_email').notNull().default(''),
    contactMethods: jsonb('contact_methods')
      .$type<ContactMethod[]>()
      .notNull()
      .default(sql`'["phone","whatsapp"]'::jsonb`),
    city: text('city').notNull(),
    address: text('address').notNull().default(''),
    /** The GeoNames place the city names; null for a name no place has, shown and found as typed. */
    placeId: integer('place_id'),
    /** The language the listing is written in: its poster's choice, or detected from its script. */
    language: text('language').$type<Language>().notNull().default('he'),
    /** `searchKey` of the title and the contact name, between spaces (listingKeys.ts); '' until keyed. */
    searchText: text('search_text').notNull().default(''),
    /** `searchKey` of the city as typed, the place's four names and the street, between spaces. */
    placeText: text('place_text').notNull().default(''),
    /** What the search finds the listing by (search/terms.ts, `listingTermsOf`): stems, tasks and the place. */
    searchTerms: text('search_terms')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The `TERMS_VERSION` its terms were worked out by; older ones are worked out again at start-up. */
    termsVersion: integer('terms_version').notNull().default(0),
    status: text('status').$type<ListingStatus>().notNull().default('active'),
    images: jsonb('images')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    isDemo: boolean('is_demo').notNull().default(false),
    /** Set by a moderator: gone for everyone but its owner, whatever its status. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** The publisher is blocked: kept on the row (set on block and unblock) so the public search stays a scan of one table. */
    isPublisherBlocked: boolean('is_publisher_blocked').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The public list (what `publicSearchable` selects) in each order a search asks for, with and without a
    // category: an index scan gives the page and the capped count and stops there, whatever the table's size.
    // `desc()` alone emits NULLS LAST, which `ORDER BY … DESC` (nulls first) can never use.
    index('listings_public_newest').on(t.offerType, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(publicSearchable(t)),
    index('listings_public_category_newest')
      .on(t.offerType, t.category, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(publicSearchable(t)),
    // Pay in two runs, one per payment type (an hourly rate and a fixed price are not comparable): read
    // forwards for low to high (fixed, then hourly), backwards for high to low (hourly, then fixed).
    index('listings_public_pay').on(t.offerType, t.paymentType, t.amount, t.id).where(publicSearchable(t)),
    index('listings_public_category_pay').on(t.offerType, t.category, t.paymentType, t.amount, t.id).where(publicSearchable(t)),
    // One place, newest first (and each place in turn, for nearest first); one listing language, newest first.
    index('listings_public_place_newest')
      .on(t.offerType, t.placeId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(publicSearchable(t)),
    index('listings_public_language_newest')
      .on(t.offerType, t.language, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(publicSearchable(t)),
    // Listings whose city no place has, by their place's text: a typed name of a place also finds these.
    index('listings_public_unplaced_place_text_trgm')
      .using('gin', sql`${t.placeText} gin_trgm_ops`)
      .where(sql`${publicSearchable(t)} and ${t.placeId} is null`),
    // The rows stored before keys existed, for the start-up step that keys them (empty once it has run).
    index('listings_unkeyed')
      .on(t.id)
      .where(sql`${t.searchText} = ''`),
    // The rows whose terms an older vocabulary or analyser worked out (all of them, once, after the migration).
    index('listings_terms_version').on(t.termsVersion),
    index('listings_publisher').on(t.publisherId, t.createdAt.desc()),
    // Substring search in any script (Hebrew, Arabic, Russian, English): trigram indexes serve ILIKE. One per
    // offer type, of public listings only, so a scan of one stops at the count cap with no row filtered out.
    ...OFFER_TYPES.flatMap((offerType) => [
      index(`listings_public_${offerType}_words_trgm`)
        .using('gin', sql`${t.searchText} gin_trgm_ops`)
        .where(sql`${publicSearchable(t)} and ${t.offerType} = ${sql.raw(`'${offerType}'`)}`),
      // A query's terms overlapping a listing's (`&&`), with the GIN array index.
      index(`listings_public_${offerType}_terms`)
        .using('gin', t.searchTerms)
        .where(sql`${publicSearchable(t)} and ${t.offerType} = ${sql.raw(`'${offerType}'`)}`),
      index(`listings_public_${offerType}_place_text_trgm`)
        .using('gin', sql`${t.placeText} gin_trgm_ops`)
        .where(sql`${publicSearchable(t)} and ${t.offerType} = ${sql.raw(`'${offerType}'`)}`),
    ]),
  ],
);

/**
 * How many listings the public search can show, per offer type and category: kept by triggers on
 * `listings` (migration 0006), so a search without words knows its total without counting rows.
 */
export const publicListingCounts = pgTable(
  'public_listing_counts',
  {
    offerType: text('offer_type').notNull(),
    category: text('category').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.offerType, t.category] })],
);

/** Issued session tokens: a token is valid while its row exists unrevoked and unexpired. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/**
 * The first answer to each creating call sent with an `Idempotency-Key`, per member (docs/deploy.md#idempotent-writes):
 * a retry with the same key gets it again instead of a second listing, application, message, review or alert.
 * `fingerprint` is the request's own digest (a different request under the same key is refused); a row without
 * `status` is a request still running, taken over once `started_at` is older than a request can take.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).defaultNow().notNull(),
    status: integer('status'),
    body: text('body'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_started').on(t.startedAt)],
);

/** Fixed-window counters for rate limits, shared by every instance through the database. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  // Expired windows are swept by reset time.
  (t) => [index('rate_limits_reset').on(t.resetAt)],
);

/** ID tokens already exchanged for a session, kept until they expire: a captured token cannot be replayed. */
export const usedIdTokens = pgTable(
  'used_id_tokens',
  {
    /** The token's issuer and `jti`, or the token's hash when it has none. */
    key: text('key').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('used_id_tokens_expiry').on(t.expiresAt)],
);

/** Secrets the server generates once and every instance shares (the session signing key). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One report per user and listing. */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('reports_one_per_user').on(t.listingId, t.reporterId)],
);

/** Every moderation action, who took it and when: the screen shows this log. */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => users.id),
    action: text('action').notNull(),
    listingId: integer('listing_id').references(() => listings.id),
    userId: integer('user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('moderation_actions_newest').on(t.createdAt.desc())],
);

/** First-party analytics events: no personal data beyond the user id. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    language: text('language').notNull(),
    path: text('path').notNull(),
    props: jsonb('props').$type<AnalyticsProps>().notNull(),
    visitorId: uuid('visitor_id').notNull(),
    userId: integer('user_id').references(() => users.id),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('analytics_events_by_day').on(t.occurredAt, t.name)],
);

/**
 * A listing's viewers per day (Israel time), as the server answered its page or `GET /jobs/{id}`: a
 * browser's own events never count here. Keys are HMACs of the day with the client's address (and its
 * User-Agent), so no address is stored and one day's viewer cannot be followed to the next.
 */
export const listingViews = pgTable(
  'listing_views',
  {
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id),
    day: date('day').notNull(),
    addressKey: text('address_key').notNull(),
    browserKey: text('browser_key').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.listingId, t.day, t.addressKey, t.browserKey] }),
    // Days past the owners' window are swept.
    index('listing_views_day').on(t.day),
  ],
);

/** "Show phone" reveals per listing and day (Israel time): a count, no identity. */
export const listingRevealsDaily = pgTable(
  'listing_reveals_daily',
  {
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id),
    day: date('day').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.day] })],
);

/**
 * Saved searches: the filters of GET /jobs an owner wants mail about, and how often. Text is
 * stored trimmed as typed; "the same filters" compares it in any case, as the search does.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    offerType: text('offer_type').notNull(),
    q: text('q'),
    location: text('location'),
    /** `searchKey` of `q` and `location`: what a new listing's stored keys are compared with. */
    qKey: text('q_key'),
    /** The saved words read as the search reads them: each word's terms (search/terms.ts); a listing must hold one of each. */
    qWords: jsonb('q_words').$type<string[][]>(),
    locationKey: text('location_key'),
    category: text('category'),
    frequency: text('frequency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('alerts_user_newest').on(t.userId, t.createdAt),
    // One alert per user and filters whatever the frequency: the race between two creations ends here.
    uniqueIndex('alerts_one_per_filters').on(
      t.userId,
      t.offerType,
      sql`lower(coalesce(${t.q}, ''))`,
      sql`lower(coalesce(${t.location}, ''))`,
      sql`coalesce(${t.category}, '')`,
    ),
    // A listing that becomes visible is matched against the alerts of its offer type.
    index('alerts_offer_type').on(t.offerType, t.category),
  ],
);

/**
 * A listing an alert has matched: the row is the idempotency key of the notification (one per alert and
 * listing, ever). `claimedUntil` is the lease of the worker sending it, `sentAt` when the mail left.
 */
export const alertMatches = pgTable(
  'alert_matches',
  {
    alertId: integer('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.alertId, t.listingId] }),
    index('alert_matches_listing').on(t.listingId),
    // The daily digest reads each alert's unsent matches.
    index('alert_matches_unsent')
      .on(t.alertId, t.createdAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

// The deal kept on the site (docs/deal.md): applications, their conversations, and the reviews of both sides.

/**
 * One per applicant and listing, ever: a withdrawn or declined application is not sent again. `phone` is
 * the number the applicant chose to share with the poster, or null.
 */
export const applications = pgTable(
  'applications',
  {
    id: serial('id').primaryKey(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id),
    applicantId: integer('applicant_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('sent'),
    message: text('message').notNull(),
    phone: text('phone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the owner marked the work done: the review window opens. */
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** While the owner's offer waits for an answer: when it lapses back to `sent` (`HIRE_OFFER_HOURS` after it was made). */
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('applications_one_per_applicant').on(t.listingId, t.applicantId),
    index('applications_applicant_newest').on(t.applicantId, t.createdAt.desc()),
    // The lapse sweep reads only the offers still open, every few seconds: a handful of rows.
    index('applications_open_offers')
      .on(t.offerExpiresAt)
      .where(sql`${t.status} = 'offered'`),
  ],
);

/**
 * The private conversation an application opens, between the listing's poster and the applicant. What each
 * side has read is the id of the last message they saw. Blocks are between members (`member_blocks`).
 */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .unique()
      .references(() => applications.id),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id),
    posterId: integer('poster_id')
      .notNull()
      .references(() => users.id),
    applicantId: integer('applicant_id')
      .notNull()
      .references(() => users.id),
    posterReadId: integer('poster_read_id').notNull().default(0),
    applicantReadId: integer('applicant_read_id').notNull().default(0),
    /** The last "unread message" email to each side: at most one per conversation per 15 minutes. */
    posterMailedAt: timestamp('poster_mailed_at', { withTimezone: true }),
    applicantMailedAt: timestamp('applicant_mailed_at', { withTimezone: true }),
    lastMessageId: integer('last_message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Every list of conversations is paged by the last activity (the newest message's id), per side and per listing.
  (t) => [
    index('conversations_poster_activity').on(t.posterId, t.lastMessageId.desc(), t.id.desc()),
    index('conversations_applicant_activity').on(t.applicantId, t.lastMessageId.desc(), t.id.desc()),
    index('conversations_listing_activity').on(t.listingId, t.lastMessageId.desc(), t.id.desc()),
  ],
);

/**
 * A member blocked another (docs/deal.md, "Blocks"): from then on the blocked member cannot apply to, request
 * or write about anything of the blocker's, and neither side hears of the other, whichever way it points.
 */
export const memberBlocks = pgTable(
  'member_blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('member_blocks_blocked').on(t.blockedId, t.blockerId)],
);

/** A conversation's messages: a member's (`user`), or the site's own note (`system`, no author, its text a SystemNote). */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id),
    authorId: integer('author_id').references(() => users.id),
    kind: text('kind').notNull().default('user'),
    text: text('text').notNull(),
    /** Set by a moderator: gone from every answer. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('messages_conversation').on(t.conversationId, t.id)],
);

/**
 * One review per side of a done application. Unpublished until both sides have written or the window has
 * closed (`publishedAt`); the reviewed person may reply once.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => users.id),
    /** The reviewed person's role in the deal: `poster` or `worker`. */
    role: text('role').notNull(),
    rating: integer('rating').notNull(),
    text: text('text').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    replyText: text('reply_text'),
    replyAt: timestamp('reply_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_one_per_side').on(t.applicationId, t.authorId),
    index('reviews_subject_published').on(t.subjectId, t.publishedAt.desc()),
    // The publication sweep reads only the reviews still waiting, every few seconds: a handful of rows.
    index('reviews_waiting')
      .on(t.applicationId)
      .where(sql`${t.publishedAt} is null`),
  ],
);

/** Reports of a review or a message (`targetKind`), one per reporter and target, as listing reports are. */
export const contentReports = pgTable(
  'content_reports',
  {
    id: serial('id').primaryKey(),
    targetKind: text('target_kind').notNull(),
    targetId: integer('target_id').notNull(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('content_reports_one_per_user').on(t.targetKind, t.targetId, t.reporterId)],
);

/**
 * The replay log of `GET /me/events`: each event for one user, its id from the table's sequence (the
 * stream's event id). Kept a day at least, so a browser that reconnects misses nothing.
 */
export const userEvents = pgTable(
  'user_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    /** The message or review the event shows, if any: the replay leaves out what a moderator has hidden since. */
    messageId: integer('message_id'),
    reviewId: integer('review_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_events_user').on(t.userId, t.id), index('user_events_created').on(t.createdAt)],
);

/** Single-use tickets of `EventSource` (which cannot send a header): the hash only, valid a minute. */
export const eventTickets = pgTable('event_tickets', {
  ticketHash: text('ticket_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  /** The session that asked for it: a ticket opens nothing once that session has ended. */
  sessionId: uuid('session_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** The deal emails a user turned off by their unsubscribe link, one row per kind (RFC 8058). */
export const dealMailOptOuts = pgTable(
  'deal_mail_opt_outs',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/*
 * What a running canary is judged on (docs/releases.md, "How a canary counts"): every instance counts into
 * these tables and judges from their sums, so the counts hold however many instances serve the pages. No
 * address and no cookie is stored as it is: only keyed hashes (api/src/releases/canaryCounts.ts).
 */

/** One visitor of one arm of a canary: their counted page loads of the area and how many met an error. */
export const canaryVisitors = pgTable(
  'canary_visitors',
  {
    area: text('area').notNull(),
    /** The canary judged, `<id>@<since>`: a later canary of the area starts from nothing. */
    trial: text('trial').notNull(),
    /** The keyed hash of the visitor's bucket cookie. */
    visitorKey: text('visitor_key').notNull(),
    /** The arm: the canary's release, or the current one. */
    releaseId: text('release_id').notNull(),
    loads: integer('loads').notNull(),
    errored: integer('errored').notNull(),
    /** A visitor counts at most one load of the area a minute. */
    lastLoadAt: timestamp('last_load_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.area, t.trial, t.visitorKey] }), index('canary_visitors_last_load').on(t.lastLoadAt)],
);

/** Page loads already told, by the page's token and area: each counts once, and its error once. */
export const canaryPageLoads = pgTable(
  'canary_page_loads',
  {
    loadId: text('load_id').notNull(),
    area: text('area').notNull(),
    trial: text('trial').notNull(),
    /** The load counted (its visitor's minute and address allowed it): only then may its error count. */
    isCounted: boolean('is_counted').notNull(),
    hasError: boolean('has_error').notNull().default(false),
    /** When the page's token expires: kept until then, so a replayed token finds it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.loadId, t.area] }), index('canary_page_loads_expiry').on(t.expiresAt)],
);

/** The visitors counted from one client address (its keyed hash) in the last hour: a few at most. */
export const canaryAddressVisitors = pgTable(
  'canary_address_visitors',
  {
    addressKey: text('address_key').notNull(),
    visitorKey: text('visitor_key').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.addressKey, t.visitorKey] }), index('canary_address_visitors_seen').on(t.seenAt)],
);
