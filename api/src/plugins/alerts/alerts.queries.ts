import { and, desc, eq, inArray, isNull, lt, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { ALERT_LIMITS, DEFAULT_SETTINGS, type Alert, type Language } from '@tasko/shared/domain';
import { rowsOf, type Database } from '../../db/client.js';
import { alertMatches, alerts, listings, users } from '../../db/schema.js';
import { publiclyVisible } from '../jobs/jobs.queries.js';
import { alertKeysOf } from '../jobs/listingKeys.js';
import { matchesSavedWords } from '../../search/ranking.js';
import { ApiProblem } from '../errors/errors.plugin.js';
import { filtersOf, type AlertInput } from './alert.schemas.js';

export type AlertRow = typeof alerts.$inferSelect;

export function alertWireOf(row: AlertRow): Alert {
  return { id: row.id, ...filtersOf(row), frequency: row.frequency as Alert['frequency'], createdAt: row.createdAt.toISOString() };
}

/** PostgreSQL's unique_violation, from node-postgres or PGlite, bare or wrapped by Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Case-insensitive equality of an optional text column with an optional value, as the unique index compares. */
function sameText(column: AnyColumn, value: string | undefined): SQL {
  return sql`lower(coalesce(${column}, '')) = ${(value ?? '').toLowerCase()}`;
}

/**
 * A new alert, or 409 `alertDuplicate` (the same filters, whatever the frequency) or `tooManyAlerts`. The
 * owner's row is locked first, so two creations at once cannot both pass the count; the unique index is
 * the last word on duplicates. Nothing is written on a refusal.
 */
export async function createAlert(db: Database, userId: number, input: AlertInput): Promise<AlertRow> {
  try {
    return await db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [duplicate] = await tx
        .select({ id: alerts.id })
        .from(alerts)
        .where(
          and(
            eq(alerts.userId, userId),
            eq(alerts.offerType, input.offerType),
            sameText(alerts.q, input.q),
            sameText(alerts.location, input.location),
            sql`coalesce(${alerts.category}, '') = ${input.category ?? ''}`,
          ),
        );
      if (duplicate) throw new ApiProblem(409, 'alertDuplicate');
      const [count] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(alerts)
        .where(eq(alerts.userId, userId));
      if (Number(count?.n ?? 0) >= ALERT_LIMITS.maxPerUser) throw new ApiProblem(409, 'tooManyAlerts');
      const [row] = await tx
        .insert(alerts)
        .values({
          userId,
          offerType: input.offerType,
          q: input.q ?? null,
          location: input.location ?? null,
          ...alertKeysOf({ q: input.q ?? null, location: input.location ?? null }),
          category: input.category ?? null,
          frequency: input.frequency,
        })
        .returning();
      if (!row) throw new Error('alert not stored');
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiProblem(409, 'alertDuplicate');
    throw error;
  }
}

export function alertsOf(db: Database, userId: number): Promise<AlertRow[]> {
  return db.select().from(alerts).where(eq(alerts.userId, userId)).orderBy(desc(alerts.createdAt), desc(alerts.id));
}

/** Deletes the alert if `userId` owns it (or whoever owns it, without one): whether a row went. */
export async function deleteAlert(db: Database, alertId: number, userId?: number): Promise<boolean> {
  const owner = userId === undefined ? undefined : eq(alerts.userId, userId);
  const gone = await db
    .delete(alerts)
    .where(and(eq(alerts.id, alertId), owner))
    .returning({ id: alerts.id });
  return gone.length > 0;
}

/**
 * The alerts a listing matches, written from the alert's side so one statement serves every alert: the
 * same conditions as `searchListings` (active, publicly visible, offer type and category exact, the words of
 * `q` as the search reads them, `matchesSavedWords`, `location` in any name of the place or the street,
 * compared as search keys, as the search compares them). Never the owner's own listing, never for a blocked owner or one with email notifications
 * off (absent means on).
 */
function matchConditions(listingId: number): SQL {
  return and(
    eq(listings.id, listingId),
    eq(listings.status, 'active'),
    publiclyVisible,
    eq(alerts.offerType, listings.offerType),
    or(isNull(alerts.category), eq(alerts.category, listings.category)),
    or(isNull(alerts.qWords), matchesSavedWords(listings.searchTerms, alerts.qWords)),
    or(isNull(alerts.locationKey), sql`strpos(${listings.placeText}, ${alerts.locationKey}) > 0`),
    ne(alerts.userId, listings.publisherId),
    isNull(users.blockedAt),
    sql`coalesce((${users.settings} ->> 'emailNotifications')::boolean, true)`,
  ) as SQL;
}

/** The ids of the alerts a listing matches now (for tests beside searchListings, and for nothing else). */
export async function alertsMatching(db: Database, listingId: number): Promise<number[]> {
  const rows = await db
    .select({ id: alerts.id })
    .from(alerts)
    .innerJoin(users, eq(users.id, alerts.userId))
    .innerJoin(listings, sql`true`)
    .where(matchConditions(listingId))
    .orderBy(alerts.id);
  return rows.map((r) => r.id);
}

/**
 * Records a match for every alert the listing matches now; a pair matched before stays as it was (that is
 * what makes "once per alert and listing" hold through close, reactivate, restore and edits). Answers the
 * instant alerts' matches still unsent for this listing, new or left from an attempt that did not finish.
 */
export async function recordMatches(db: Database, listingId: number): Promise<{ alertId: number; alertCreatedAt: Date }[]> {
  await db.execute(sql`
    insert into ${alertMatches} (alert_id, listing_id)
    select ${alerts.id}, ${listings.id}
    from ${alerts}
    join ${users} on ${users.id} = ${alerts.userId}
    join ${listings} on true
    where ${matchConditions(listingId)}
    on conflict do nothing`);
  return db
    .select({ alertId: alerts.id, alertCreatedAt: alerts.createdAt })
    .from(alertMatches)
    .innerJoin(alerts, eq(alerts.id, alertMatches.alertId))
    .where(and(eq(alertMatches.listingId, listingId), isNull(alertMatches.sentAt), eq(alerts.frequency, 'instant')));
}

/** How long a worker may take to send a claimed email before another one may claim the same matches. */
const CLAIM_LEASE = sql`interval '10 minutes'`;

/**
 * Takes the unsent, unclaimed matches among `listingIds` for one send: of two workers that try at once,
 * only one gets each match. Answers the listing ids claimed.
 */
export async function claimMatches(db: Database, alertId: number, listingIds: number[]): Promise<number[]> {
  if (listingIds.length === 0) return [];
  const claimed = await db
    .update(alertMatches)
    .set({ claimedUntil: sql`now() + ${CLAIM_LEASE}` })
    .where(
      and(
        eq(alertMatches.alertId, alertId),
        inArray(alertMatches.listingId, listingIds),
        isNull(alertMatches.sentAt),
        or(isNull(alertMatches.claimedUntil), lt(alertMatches.claimedUntil, sql`now()`)),
      ),
    )
    .returning({ listingId: alertMatches.listingId });
  return claimed.map((c) => c.listingId);
}

export async function markSent(db: Database, alertId: number, listingIds: number[]): Promise<void> {
  if (listingIds.length === 0) return;
  await db
    .update(alertMatches)
    .set({ sentAt: sql`now()`, claimedUntil: null })
    .where(and(eq(alertMatches.alertId, alertId), inArray(alertMatches.listingId, listingIds)));
}

export async function releaseClaims(db: Database, alertId: number, listingIds: number[]): Promise<void> {
  if (listingIds.length === 0) return;
  await db
    .update(alertMatches)
    .set({ claimedUntil: null })
    .where(and(eq(alertMatches.alertId, alertId), inArray(alertMatches.listingId, listingIds), isNull(alertMatches.sentAt)));
}

export interface AlertRecipient {
  alert: AlertRow;
  email: string;
  language: Language;
  /** Email notifications on (absent means on), and the owner not blocked. */
  isReachable: boolean;
}

export async function recipientOf(db: Database, alertId: number): Promise<AlertRecipient | null> {
  const [row] = await db
    .select({ alert: alerts, email: users.email, settings: users.settings, blockedAt: users.blockedAt })
    .from(alerts)
    .innerJoin(users, eq(users.id, alerts.userId))
    .where(eq(alerts.id, alertId));
  if (!row) return null;
  const settings = { ...DEFAULT_SETTINGS, ...(row.settings ?? {}) };
  return {
    alert: row.alert,
    email: row.email,
    language: settings.language,
    isReachable: settings.emailNotifications !== false && row.blockedAt === null,
  };
}

/** Of these listings, the ones anyone may still see, newest first: what an email may show. */
export function visibleListings(db: Database, listingIds: number[]) {
  if (listingIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: listings.id,
      title: listings.title,
      amount: listings.amount,
      paymentType: listings.paymentType,
      offerType: listings.offerType,
      city: listings.city,
      placeId: listings.placeId,
      address: listings.address,
    })
    .from(listings)
    .where(and(inArray(listings.id, listingIds), eq(listings.status, 'active'), publiclyVisible))
    .orderBy(desc(listings.createdAt), desc(listings.id));
}

/** How far back a digest looks: a match older than this that never went out is not news any more. */
const DIGEST_WINDOW = sql`interval '7 days'`;

/** Each daily alert's unsent matches recorded up to `at`: what that day's digest carries. */
export async function digestBatches(db: Database, at: Date): Promise<{ alertId: number; alertCreatedAt: Date; listingIds: number[] }[]> {
  const result = await db.execute(sql`
    select ${alerts.id} as "alertId", ${alerts.createdAt} as "alertCreatedAt",
           array_agg(${alertMatches.listingId} order by ${alertMatches.createdAt} desc) as "listingIds"
    from ${alertMatches}
    join ${alerts} on ${alerts.id} = ${alertMatches.alertId}
    where ${alerts.frequency} = 'daily'
      and ${alertMatches.sentAt} is null
      and ${alertMatches.createdAt} <= ${at.toISOString()}::timestamptz
      and ${alertMatches.createdAt} > ${at.toISOString()}::timestamptz - ${DIGEST_WINDOW}
    group by ${alerts.id}, ${alerts.createdAt}
    order by ${alerts.id}`);
  return rowsOf<{ alertId: number; alertCreatedAt: Date | string; listingIds: number[] }>(result).map((r) => ({
    alertId: Number(r.alertId),
    alertCreatedAt: new Date(r.alertCreatedAt),
    listingIds: r.listingIds.map(Number),
  }));
}
