import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/client.js';
import { ApiProblem } from '../errors/errors.plugin.js';
import { STATS_WINDOW_START } from '../jobs/jobs.queries.js';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * The counters could not be reached (Redis or the database down, or too slow): the request answers 503
 * `serviceUnavailable` at once instead of a 500, and a limited route fails closed, since a limit nobody can
 * count is no limit. `cause` is what the store said, for the log.
 */
export class RateLimitStoreDown extends ApiProblem {
  constructor(cause: unknown) {
    super(503, 'serviceUnavailable');
    this.cause = cause;
  }
}

/** Where a limit's counters live: its group, or its route ("GET /api/v1/jobs/:id/contact"). */
export interface LimitScope {
  routeInfo?: { method?: string; url?: string };
  groupId?: string;
}

export function scopeName(scope: LimitScope): string {
  return scope.groupId ?? `${scope.routeInfo?.method ?? ''} ${scope.routeInfo?.url ?? ''}`;
}

/**
 * A fixed-window rate-limit store in PostgreSQL, so every instance of the API counts together (used when
 * no REDIS_URL is set). One upsert per request: the window restarts when it has expired.
 */
export function pgRateLimitStore(db: Database) {
  class PgRateLimitStore {
    constructor(private readonly prefix = 'global') {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      const id = `${this.prefix}|${key}`;
      db.execute<{ count: number; reset_at: string | Date }>(
        sql`
        insert into rate_limits (key, count, reset_at)
        values (${id}, 1, now() + (${timeWindow} * interval '1 millisecond'))
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
        returning count, reset_at`,
      ).then(
        (result) => {
          const row = rowsOf<{ count: number; reset_at: string | Date }>(result)[0];
          const ttl = row ? Math.max(0, new Date(row.reset_at).getTime() - Date.now()) : timeWindow;
          callback(null, { current: Number(row?.count ?? 1), ttl });
        },
        (error: unknown) => callback(new RateLimitStoreDown(error)),
      );
    }

    read(key: string, callback: Callback): void {
      const id = `${this.prefix}|${key}`;
      db.execute<{ count: number; reset_at: string | Date }>(
        sql`select count, reset_at from rate_limits where key = ${id} and reset_at > now()`,
      ).then(
        (result) => {
          const row = rowsOf<{ count: number; reset_at: string | Date }>(result)[0];
          callback(null, row ? { current: Number(row.count), ttl: new Date(row.reset_at).getTime() - Date.now() } : { current: 0, ttl: 0 });
        },
        (error: unknown) => callback(new RateLimitStoreDown(error)),
      );
    }

    child(scope: LimitScope) {
      return new PgRateLimitStore(scopeName(scope));
    }
  }
  return PgRateLimitStore;
}

/**
 * Deletes rate-limit windows and used ID tokens that have expired, and listing views past the owners'
 * window: nothing an attacker or a visitor sends stays for good.
 */
export async function sweepExpiredRows(db: Database): Promise<void> {
  await db.execute(sql`delete from rate_limits where reset_at <= now()`);
  await db.execute(sql`delete from used_id_tokens where expires_at <= now()`);
  await db.execute(sql`delete from listing_views where day < ${STATS_WINDOW_START}`);
}
