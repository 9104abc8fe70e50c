import type { FastifyBaseLogger } from 'fastify';
import type { Client } from 'pg';
import type { DatabaseHandle } from '../../db/client.js';
import { USER_EVENTS_CHANNEL } from '../deal/userEvents.js';
import { STREAM_CONTROL_CHANNEL } from './streamControl.js';

/** What a listener tells the streams: a notification's payload, and that it (re)started listening. */
export interface NotificationHandlers {
  /** The payload of one `NOTIFY user_events` (`[[id, userId], ...]`, see databaseEventPublisher). */
  onNotification(payload: string): void;
  /** The payload of one notice on STREAM_CONTROL_CHANNEL: sessions ended, content hidden or restored. */
  onNotice(payload: string): void;
  /**
   * LISTEN is in place again (or for the first time): whatever was stored while nobody listened was not
   * heard, so the streams read it from the table.
   */
  onListening(): void;
}

export interface NotificationListener {
  stop(): Promise<void>;
}

/** The first wait after a dropped connection; it doubles up to the bound. */
const RECONNECT_FIRST_MS = 100;
/** However long the database is away, a listener tries again at least this often. */
export const RECONNECT_MAX_MS = 5_000;

/**
 * The `application_name` of this process's listening connections: an operator sees them in
 * `pg_stat_activity`, and the tests find theirs by it (to drop it, as a failover would).
 */
export function listenerApplicationName(): string {
  return `tasko-user-events-${process.pid}`;
}

/**
 * One connection of its own per API process, outside the pool (docs/deal.md, "Real time"): a pooled
 * connection would lose its LISTEN when handed back, and one held for good would shrink the pool. Re-connects
 * and LISTENs again after any failure, waiting longer each time up to RECONNECT_MAX_MS.
 */
export async function listenOnPostgres(
  connectionString: string,
  handlers: NotificationHandlers,
  log: FastifyBaseLogger,
): Promise<NotificationListener> {
  const { default: pg } = await import('pg');
  let client: Client | null = null;
  let isStopped = false;
  let retryTimer: NodeJS.Timeout | null = null;
  let backoffMs = RECONNECT_FIRST_MS;

  const retryLater = () => {
    if (isStopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, backoffMs);
    retryTimer.unref();
    backoffMs = Math.min(backoffMs * 2, RECONNECT_MAX_MS);
  };

  const connect = async (): Promise<void> => {
    // keepAlive: a connection cut without a word (a network partition) is noticed by the system, not never.
    const next = new pg.Client({ connectionString, application_name: listenerApplicationName(), keepAlive: true });
    let isLost = false;
    const lost = (error?: Error) => {
      if (isLost) return;
      isLost = true;
      if (client === next) client = null;
      next.removeAllListeners('notification');
      void next.end().catch(() => undefined);
      if (isStopped) return;
      log.warn({ err: error }, 'user events: the listening connection was lost; listening again');
      retryLater();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', (message) => {
      if (!message.payload) return;
      if (message.channel === USER_EVENTS_CHANNEL) handlers.onNotification(message.payload);
      else if (message.channel === STREAM_CONTROL_CHANNEL) handlers.onNotice(message.payload);
    });
    try {
      await next.connect();
      // Both on the one connection: a notice and the events it concerns come in the order they committed.
      await next.query(`LISTEN ${USER_EVENTS_CHANNEL}; LISTEN ${STREAM_CONTROL_CHANNEL}`);
    } catch (error) {
      lost(error as Error);
      return;
    }
    if (isStopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    backoffMs = RECONNECT_FIRST_MS;
    handlers.onListening();
  };

  await connect();
  return {
    async stop() {
      isStopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}

/** The embedded database notifies its own listeners: no connection to lose, one LISTEN for the process. */
async function listenOnPglite(
  handle: Extract<DatabaseHandle, { kind: 'pglite' }>,
  handlers: NotificationHandlers,
): Promise<NotificationListener> {
  const unlistenEvents = await handle.pglite.listen(USER_EVENTS_CHANNEL, (payload) => handlers.onNotification(payload));
  const unlistenNotices = await handle.pglite.listen(STREAM_CONTROL_CHANNEL, (payload) => handlers.onNotice(payload));
  handlers.onListening();
  return {
    async stop() {
      // The database may be closed already (its owner closes it on the server's close too).
      await Promise.all([unlistenEvents(), unlistenNotices()].map((unlistened) => unlistened.catch(() => undefined)));
    },
  };
}

/** Listens for `user_events` on whichever database the server runs on. */
export function listenForUserEvents(
  database: DatabaseHandle,
  handlers: NotificationHandlers,
  log: FastifyBaseLogger,
): Promise<NotificationListener> {
  return database.kind === 'postgres' ? listenOnPostgres(database.connectionString, handlers, log) : listenOnPglite(database, handlers);
}
