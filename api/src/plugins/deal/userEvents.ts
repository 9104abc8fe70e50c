import { sql } from 'drizzle-orm';
import type { DealEventMap, DealEventType } from '@tasko/shared/domain';
import { rowsOf, type Database } from '../../db/client.js';

/** The channel of PostgreSQL's NOTIFY (and PGlite's own) that tells every API process a user event was stored. */
export const USER_EVENTS_CHANNEL = 'user_events';

/**
 * Where the deal's writes put what a member's open pages must hear (docs/deal.md, "Real time"): each event
 * is a row of `user_events`, its id the stream's event id, and a NOTIFY that every API process listening on
 * the database hears, whichever process stored it. `tx` is the write's own transaction: the row and the
 * notification are committed with the write or not at all (PostgreSQL delivers a NOTIFY at commit), so a
 * reconnecting browser that replays the rows misses nothing that happened.
 */
export interface UserEventPublisher {
  publish<T extends StoredEventType>(tx: Database, userIds: readonly number[], type: T, data: DealEventMap[T]): Promise<void>;
}

/** What is stored and replayed: every event but `resync`, which only a stream's own replay writes. */
export type StoredEventType = Exclude<DealEventType, 'resync'>;

/** The message or review an event shows, kept beside it so the replay can leave out what a moderator hid since. */
function subjectOf(type: StoredEventType, data: DealEventMap[StoredEventType]): { messageId: number | null; reviewId: number | null } {
  if (type === 'message') return { messageId: (data as DealEventMap['message']).message.id, reviewId: null };
  if (type === 'review') return { messageId: null, reviewId: (data as DealEventMap['review']).review.id };
  return { messageId: null, reviewId: null };
}

/** Stores the event once per user, in one statement, and notifies with the new rows' ids and users. */
export function databaseEventPublisher(): UserEventPublisher {
  return {
    async publish(tx, userIds, type, data) {
      if (userIds.length === 0) return;
      const { messageId, reviewId } = subjectOf(type, data);
      const rows = rowsOf<{ id: string | number; user_id: number }>(
        await tx.execute(sql`
          insert into user_events (user_id, type, data, message_id, review_id)
          select unnest(${`{${userIds.join(',')}}`}::int[]), ${type}, ${JSON.stringify(data)}::jsonb, ${messageId}::int, ${reviewId}::int
          returning id, user_id`),
      );
      // A small payload whatever the event's size (NOTIFY allows 8,000 bytes): listeners read the rows.
      const payload = JSON.stringify(rows.map((row) => [Number(row.id), row.user_id]));
      await tx.execute(sql`select pg_notify(${USER_EVENTS_CHANNEL}, ${payload})`);
    },
  };
}
