import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { PgBoss, fromPglite, type ConstructorOptions, type Job, type WorkOptions } from 'pg-boss';
import { ALERT_LIMITS } from '@tasko/shared/domain';
import type { Database, DatabaseHandle } from '../../db/client.js';
import { renderAlertEmail } from '../mail/alertEmail.js';
import type { Mailer } from '../mail/mailer.js';
import type { UnsubscribeTokens } from '../mail/unsubscribeTokens.js';
import { filtersOf } from './alert.schemas.js';
import { claimMatches, digestBatches, markSent, recipientOf, recordMatches, releaseClaims, visibleListings } from './alerts.queries.js';
import { israelDay } from '../../israelDay.js';
import { cityIn } from '../places/places.js';

export { alertsRoutes } from './alerts.routes.js';

export interface AlertService {
  /** A listing was published, reactivated or restored: queue its matching (quick; never throws). */
  listingBecameVisible(listingId: number): Promise<void>;
  /** For tests: resolves once no alert job waits or runs, rejects after `timeoutMs`. */
  drain?(timeoutMs?: number): Promise<void>;
  /** The daily digest as the 08:00 schedule runs it: each daily alert's unsent matches recorded up to `at`. */
  runDigest(at?: Date): Promise<void>;
  /**
   * The started queue, shared with the deal's emails (docs/deal.md, "Emails"): one pg-boss per process, as
   * PGlite is one connection. `stop` stops it with every worker on it.
   */
  readonly queue: PgBoss;
  stop(): Promise<void>;
}

export interface AlertDeps {
  db: Database;
  database: DatabaseHandle;
  mailer: Mailer;
  tokens: UnsubscribeTokens;
  siteOrigin: string;
  log: FastifyBaseLogger;
  /** How often idle workers look for jobs (a backstop: a new job wakes them by NOTIFY). */
  pollSeconds?: number;
  /** false: this instance only queues (a web-only instance); another one works the jobs. */
  isWorker?: boolean;
  /** The first retry's delay, doubled (with jitter) on each further one; 30 s unless told (tests). */
  retryDelaySeconds?: number;
}

export const ALERT_QUEUES = { listingVisible: 'listing-visible', email: 'alert-email', digest: 'alert-digest' } as const;
/** Where pg-boss keeps its tables, beside the application's. */
export const ALERT_QUEUE_SCHEMA = 'pgboss';

/** A digest shows this many listings, newest first; the rest of the day's matches count as told. */
const MAX_LISTINGS_PER_EMAIL = 50;

interface ListingVisibleJob {
  listingId: number;
}
interface AlertEmailJob {
  alertId: number;
  listingIds: number[];
}

/**
 * A name-based UUID (version 5 layout over SHA-1), so every instance derives the same job id for the same
 * email: pg-boss answers null to a second send of an id it holds, which makes enqueuing idempotent. The
 * alert's creation time is in the name, so an alert id used again (a restored database) is another email.
 */
export function alertJobId(name: string): string {
  const hash = crypto.createHash('sha1').update(`tasko:alerts:${name}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function bossFor(database: DatabaseHandle, isWorker: boolean): PgBoss {
  const common: ConstructorOptions = {
    schema: ALERT_QUEUE_SCHEMA,
    // A new job wakes the workers at once (in-process on PGlite); polling stays as the backstop.
    useListenNotify: true,
    schedule: isWorker,
    instanceName: 'tasko-alerts',
  };
  if (database.kind === 'pglite') return new PgBoss({ ...common, db: fromPglite(database.pglite), backend: 'pglite' });
  return new PgBoss({ ...common, connectionString: database.connectionString, max: 4, application_name: 'tasko-alerts' });
}

/**
 * A queue's handler for a batch of jobs, each in turn (the alerts' queue and the deal's emails on it): a failure
 * is logged with its queue and fails the batch, and pg-boss retries it with backoff.
 */
export function eachJob<T>(log: FastifyBaseLogger, queue: string, handle: (data: T) => Promise<void>) {
  return async (jobs: Job<T>[]) => {
    for (const job of jobs) {
      try {
        await handle(job.data);
      } catch (error) {
        log.warn({ err: error, queue, jobId: job.id, retryCount: job.retryCount }, 'queue job failed; pg-boss retries it');
        throw error;
      }
    }
  };
}

/**
 * Alert delivery through pg-boss, its queue in the same database: `listing-visible` records the
 * matches of a listing and queues one `alert-email` per instant alert (a job id derived from alert and
 * listing); `alert-digest`, at 08:00 Israel time, queues one `alert-email` per daily alert and day. The
 * `alert_matches` row of each pair is claimed before a send and marked after it, so a retry, a second
 * instance or a second job for the same pair never mails it twice.
 */
export async function startAlerts(deps: AlertDeps): Promise<AlertService> {
  const { db, mailer, tokens, siteOrigin, log } = deps;
  const isWorker = deps.isWorker ?? true;
  const boss = bossFor(deps.database, isWorker);
  boss.on('error', (error) => log.error({ err: error }, 'alerts queue failed'));
  boss.on('warning', (warning) => log.warn({ warning }, 'alerts queue warning'));
  await boss.start();

  const retryDelay = deps.retryDelaySeconds ?? 30;
  const retries = { retryLimit: 8, retryDelay, retryBackoff: true, retryDelayMax: 3600, notify: true };
  const queues = [
    { name: ALERT_QUEUES.listingVisible, options: retries },
    // Longer than a claim's lease (10 minutes): a worker that died mid-send is retried once its claim lapsed.
    { name: ALERT_QUEUES.email, options: { ...retries, expireInSeconds: 15 * 60 } },
    { name: ALERT_QUEUES.digest, options: { ...retries, retryLimit: 3 } },
  ];
  for (const { name, options } of queues) {
    await boss.createQueue(name, options);
    // createQueue leaves an existing queue as it was: the options of this release win.
    await boss.updateQueue(name, options);
  }

  async function onListingVisible(listingId: number): Promise<void> {
    for (const match of await recordMatches(db, listingId)) {
      const id = alertJobId(`instant:${match.alertId}:${match.alertCreatedAt.toISOString()}:${listingId}`);
      await boss.send(ALERT_QUEUES.email, { alertId: match.alertId, listingIds: [listingId] } satisfies AlertEmailJob, { id });
    }
  }

  async function onAlertEmail({ alertId, listingIds }: AlertEmailJob): Promise<void> {
    const recipient = await recipientOf(db, alertId);
    // Deleted or unsubscribed since (its matches went with it), emails switched off, or the owner blocked.
    if (!recipient?.isReachable) return;
    const claimed = await claimMatches(db, alertId, listingIds);
    if (claimed.length === 0) return;
    let told: number[];
    try {
      const visible = await visibleListings(db, claimed);
      told = visible.map((listing) => listing.id);
      if (visible.length > 0) {
        const { alert } = recipient;
        const filters = filtersOf(alert);
        const message = await renderAlertEmail({
          to: recipient.email,
          language: recipient.language,
          kind: alert.frequency === 'daily' ? 'daily' : 'instant',
          alert: { id: alert.id, ...filters, ...(filters.location ? { location: cityIn(filters.location, recipient.language) } : {}) },
          // Every place in the reader's language: the listing's place record, not the city as its poster typed it.
          listings: visible.slice(0, MAX_LISTINGS_PER_EMAIL).map(({ placeId, ...listing }) => ({
            ...listing,
            city: cityIn(listing.city, recipient.language, placeId),
            paymentType: listing.paymentType,
            offerType: listing.offerType,
          })),
          siteOrigin,
          unsubscribeToken: tokens.sign(alert.id),
        });
        await mailer.send(message);
      }
    } catch (error) {
      await releaseClaims(db, alertId, claimed);
      throw error;
    }
    await markSent(db, alertId, told);
    // Closed, hidden or blocked since the match: not told and not marked (a daily digest within the week may still carry it).
    await releaseClaims(
      db,
      alertId,
      claimed.filter((id) => !told.includes(id)),
    );
  }

  async function runDigest(at = new Date()): Promise<void> {
    const day = israelDay(at);
    for (const batch of await digestBatches(db, at)) {
      const id = alertJobId(`daily:${batch.alertId}:${batch.alertCreatedAt.toISOString()}:${day}`);
      await boss.send(ALERT_QUEUES.email, { alertId: batch.alertId, listingIds: batch.listingIds } satisfies AlertEmailJob, { id });
    }
  }

  if (isWorker) {
    // PGlite is one connection shared with every request: its idle workers poll less often.
    const pollSeconds = deps.pollSeconds ?? (deps.database.kind === 'pglite' ? 5 : 2);
    const polling: WorkOptions = { pollingIntervalSeconds: pollSeconds, notifyPollingIntervalSeconds: Math.max(pollSeconds, 30) };
    if (deps.pollSeconds !== undefined) polling.notifyPollingIntervalSeconds = pollSeconds;
    await boss.work<ListingVisibleJob>(
      ALERT_QUEUES.listingVisible,
      polling,
      eachJob(log, ALERT_QUEUES.listingVisible, (data) => onListingVisible(data.listingId)),
    );
    await boss.work<AlertEmailJob>(ALERT_QUEUES.email, polling, eachJob(log, ALERT_QUEUES.email, onAlertEmail));
    await boss.work<object>(
      ALERT_QUEUES.digest,
      polling,
      eachJob(log, ALERT_QUEUES.digest, () => runDigest()),
    );
    // Stored in the database: every instance shares the one schedule, and pg-boss creates one job per day.
    await boss.schedule(ALERT_QUEUES.digest, `0 ${ALERT_LIMITS.digestHour} * * *`, null, {
      tz: ALERT_LIMITS.digestTimeZone,
      missed: 'once',
    });
  }

  const queueNames = Object.values(ALERT_QUEUES);
  return {
    async listingBecameVisible(listingId) {
      try {
        await boss.send(ALERT_QUEUES.listingVisible, { listingId } satisfies ListingVisibleJob);
      } catch (error) {
        // The listing is published whatever happens here: a failure to queue must not fail the request.
        log.error({ err: error, listingId }, 'could not queue the alerts of a listing');
      }
    },
    async drain(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const { rows } = await boss
          .getDb()
          .executeSql(
            `select count(*)::int as n from ${ALERT_QUEUE_SCHEMA}.job where name = any($1) and state in ('created', 'retry', 'active')`,
            [queueNames],
          );
        if (Number((rows[0] as { n: number } | undefined)?.n ?? 0) === 0) return;
        if (Date.now() > deadline) throw new Error(`alert jobs still pending after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    runDigest,
    queue: boss,
    async stop() {
      // Graceful: a running send finishes (and is marked) before the queue lets go of the database.
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
