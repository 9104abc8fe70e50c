import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';

/**
 * The channel of NOTIFY (PostgreSQL's, and PGlite's own) that tells every API process's open streams what
 * else they must act on besides new events (docs/deal.md, "The event stream (server)"): a session that ended,
 * and a message or review a moderator hid or restored. Every process listens on it with the same connection
 * that hears `user_events`.
 */
export const STREAM_CONTROL_CHANNEL = 'user_event_streams';

export type HideableContent = 'message' | 'review';

/** One notice on STREAM_CONTROL_CHANNEL, as JSON. */
export type StreamNotice =
  /** These sessions were revoked (a logout): their streams end. */
  | { kind: 'sessionsEnded'; sessionIds: string[] }
  /** Every session of this member was revoked (a moderator blocked them): all their streams end. */
  | { kind: 'memberSessionsEnded'; userId: number }
  /** A moderator hid or restored this message or review: events held and not yet written follow it. */
  | { kind: 'contentHidden' | 'contentRestored'; content: HideableContent; id: number };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** The notice a payload holds, or null for anything else (a payload is never trusted to be well formed). */
export function streamNoticeOf(payload: string): StreamNotice | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const notice = value as Record<string, unknown>;
  switch (notice.kind) {
    case 'sessionsEnded': {
      const { sessionIds } = notice;
      return Array.isArray(sessionIds) && sessionIds.every((id) => typeof id === 'string' && UUID.test(id))
        ? { kind: 'sessionsEnded', sessionIds: sessionIds as string[] }
        : null;
    }
    case 'memberSessionsEnded':
      return isId(notice.userId) ? { kind: 'memberSessionsEnded', userId: notice.userId } : null;
    case 'contentHidden':
    case 'contentRestored':
      return (notice.content === 'message' || notice.content === 'review') && isId(notice.id)
        ? { kind: notice.kind, content: notice.content, id: notice.id }
        : null;
    default:
      return null;
  }
}

/** The SQL that sends `notice`: a statement of its own, or part of the write it tells of (sent at its commit). */
export function streamNoticeSql(notice: StreamNotice) {
  return sql`select pg_notify(${STREAM_CONTROL_CHANNEL}, ${JSON.stringify(notice)})`;
}

/** Tells every API process's streams (`db` may be a transaction: PostgreSQL sends a NOTIFY when it commits). */
export async function announceToStreams(db: Database, notice: StreamNotice): Promise<void> {
  await db.execute(streamNoticeSql(notice));
}
