import { sql } from 'drizzle-orm';
import type { DealEventMap, DealEventType } from '@tasko/shared/domain';
import { rowsOf, type Database } from '../../db/client.js';

/** The channel of PostgreSQL's NOTIFY (and PGlite's own) that tells every API process a user event was stored. */
export const USER_EVENTS_CHANNEL = 'user_events';

/**
 * Where the deal's routes put what a member's open pages must hear (docs/deal.md, "Real time"): each event
 * is a row of `user_events` first, its id the stream's event id, then a NOTIFY that every API process
 * listening on the database hears, whichever process stored it. The row is what a reconnecting browser
 * replays; the notification only says there is something to read.
 */
export interface UserEventPublisher {
  publish<T extends DealEventType>(userIds: readonly number[], type: T, data: DealEventMap[T]): Promise<void>;
}

/** Stores the event once per user, in one statement, and notifies with the new rows' ids and users. */
export function databaseEventPublisher(db: Database): UserEventPublisher {
  return {
    async publish(userIds, type, data) {
      if (userIds.length === 0) return;
      const rows = rowsOf<{ id: string | number; user_id: number }>(
        await db.execute(sql`
          insert into user_events (user_id, type, data)
          select unnest(${`{${userIds.join(',')}}`}::int[]), ${type}, ${JSON.stringify(data)}::jsonb
          returning id, user_id`),
      );
      // A small payload whatever the event's size (NOTIFY allows 8,000 bytes): listeners read the rows.
      const payload = JSON.stringify(rows.map((row) => [Number(row.id), row.user_id]));
      await db.execute(sql`select pg_notify(${USER_EVENTS_CHANNEL}, ${payload})`);
    },
  };
}
