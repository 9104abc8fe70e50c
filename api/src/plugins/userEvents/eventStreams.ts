import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/client.js';
import { ApiProblem } from '../errors/errors.plugin.js';

/** A `: ping` comment at least this often: proxies and load balancers close a connection silent for 30 s or more. */
export const PING_INTERVAL_MS = 25_000;
/** The `retry:` hint: how long a browser waits before it reconnects after the stream ends. */
export const RETRY_HINT_MS = 3_000;
/**
 * Open streams per user in one API process (tabs, devices). Past it a new one is refused (429), so one
 * session cannot hold the process's memory with connections.
 */
export const MAX_STREAMS_PER_USER = 20;
/**
 * What a stream may have written and the client not yet read. Past it the stream is ended: the browser
 * reconnects and replays from its last event, instead of the process buffering for a reader that is gone.
 */
const MAX_UNREAD_BYTES = 256 * 1024;
/** Ids a stream remembers having sent: enough to recognise a row that committed after a later one. */
const RECENT_IDS = 32;

/** A row of `user_events` as it goes on the wire: `data` is already JSON text (jsonb's own, one line). */
interface EventRow {
  id: number;
  userId: number;
  type: string;
  data: string;
}
type EventRowRecord = { id: string | number; user_id: number; type: string; data: string };
const eventRowOf = (row: EventRowRecord): EventRow => ({ id: Number(row.id), userId: Number(row.user_id), type: row.type, data: row.data });

/** An open `GET /me/events`: first replaying (rows heard meanwhile wait in `backlog`), then live. */
export interface EventStream {
  readonly userId: number;
  response: ServerResponse | null;
  /** The highest id written: where a catch-up reads from. */
  lastSentId: number;
  /** Ids at or below it are never written (sent already, or older than where the stream started). */
  floor: number;
  /** Ids written lately, oldest first: a row that committed after a later one is written once, not never. */
  readonly recentIds: Set<number>;
  /** While the replay is read: the live rows heard meanwhile. Null once live. */
  backlog: EventRow[] | null;
  /** A catch-up ran while this stream was replaying: it runs once more when the stream is live. */
  isCatchUpOwed: boolean;
}

/** One server-sent event. jsonb's text never holds a line break, but a `data:` line must never end early. */
function frameOf(row: EventRow): string {
  return `id: ${row.id}\nevent: ${row.type}\ndata: ${row.data.replace(/\r?\n/g, '\ndata: ')}\n\n`;
}

/**
 * Every open event stream of this API process, by user, and how rows of `user_events` reach them
 * (docs/deal.md, "Real time"). A notification names new rows; those of users with a stream here are read
 * in one query and written in id order, each at most once per stream. After the listener (re)connects,
 * every stream reads what it may have missed by its last id, so a dropped LISTEN loses nothing.
 */
export class EventStreams {
  private readonly byUser = new Map<number, Set<EventStream>>();
  /** Rows named by notifications and not read yet; read together, so a burst costs one query. */
  private readonly heardIds = new Set<number>();
  private isCatchUpWanted = false;
  private draining: Promise<void> | null = null;
  private readonly pingTimer: NodeJS.Timeout;
  private isClosed = false;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    pingIntervalMs = PING_INTERVAL_MS,
  ) {
    this.pingTimer = setInterval(() => this.ping(), pingIntervalMs);
    this.pingTimer.unref();
  }

  /**
   * A stream for `userId`, heard from now on, and the rows it must replay first: those after `afterId`, or
   * none when the browser has no last id (it starts at the newest row). Refused past MAX_STREAMS_PER_USER.
   */
  async open(userId: number, afterId: number | null): Promise<{ stream: EventStream; replay: EventRow[] }> {
    if (this.isClosed) throw new ApiProblem(503, 'serviceUnavailable');
    const streams = this.byUser.get(userId) ?? new Set<EventStream>();
    if (streams.size >= MAX_STREAMS_PER_USER) throw new ApiProblem(429, 'rateLimited');
    const stream: EventStream = { userId, response: null, lastSentId: 0, floor: 0, recentIds: new Set(), backlog: [], isCatchUpOwed: false };
    // Heard before the replay is read: a row stored meanwhile is in the replay, the backlog, or both (sent once).
    streams.add(stream);
    this.byUser.set(userId, streams);
    try {
      if (afterId === null) {
        const [newest] = rowsOf<{ id: string | number }>(await this.db.execute(sql`select coalesce(max(id), 0) as id from user_events where user_id = ${userId}`));
        stream.floor = stream.lastSentId = Number(newest?.id ?? 0);
        return { stream, replay: [] };
      }
      // An id past every row (the database was restored, or reset in development) would silence the stream
      // until the sequence caught up with it: such a stream starts at the newest row instead.
      const [newest] = rowsOf<{ id: string | number }>(await this.db.execute(sql`select coalesce(max(id), 0) as id from user_events`));
      stream.floor = stream.lastSentId = Math.min(afterId, Number(newest?.id ?? 0));
      const replay = rowsOf<EventRowRecord>(
        await this.db.execute(sql`select id, user_id, type, data::text as data from user_events where user_id = ${userId} and id > ${stream.floor} order by id`),
      ).map(eventRowOf);
      return { stream, replay };
    } catch (error) {
      this.forget(stream);
      throw error;
    }
  }

  /** The response is the stream's now: the replay, then what was heard meanwhile, then live events. */
  attach(stream: EventStream, response: ServerResponse, replay: readonly EventRow[]): void {
    if (response.destroyed || this.isClosed) {
      this.forget(stream);
      if (!response.destroyed) response.end();
      return;
    }
    stream.response = response;
    response.on('close', () => this.forget(stream));
    this.write(stream, `retry: ${RETRY_HINT_MS}\n\n`);
    for (const row of replay) this.deliver(stream, row);
    const backlog = stream.backlog ?? [];
    stream.backlog = null;
    for (const row of backlog.sort((a, b) => a.id - b.id)) this.deliver(stream, row);
    if (stream.isCatchUpOwed) this.catchUp();
  }

  /** A stream gone: its connection closed, or the request failed before it was attached. */
  forget(stream: EventStream): void {
    const streams = this.byUser.get(stream.userId);
    if (!streams?.delete(stream)) return;
    if (streams.size === 0) this.byUser.delete(stream.userId);
  }

  /** A `NOTIFY user_events` payload: `[[id, userId], ...]`. Rows of users without a stream here are not read. */
  heard(payload: string): void {
    let pairs: unknown;
    try {
      pairs = JSON.parse(payload);
    } catch {
      this.log.warn({ payload: payload.slice(0, 200) }, 'user events: a notification that is not JSON');
      return;
    }
    if (!Array.isArray(pairs)) return;
    for (const pair of pairs) {
      if (!Array.isArray(pair)) continue;
      const [id, userId] = pair as unknown[];
      if (typeof id === 'number' && Number.isSafeInteger(id) && typeof userId === 'number' && this.byUser.has(userId)) this.heardIds.add(id);
    }
    if (this.heardIds.size > 0) this.drain();
  }

  /** Every live stream reads the rows after its last id: the listener was away, or a read failed. */
  catchUp(): void {
    if (this.byUser.size === 0) return;
    this.isCatchUpWanted = true;
    this.drain();
  }

  /** Ends every stream (the server is closing): a browser reconnects, to this process's successor or another. */
  closeAll(): void {
    this.isClosed = true;
    clearInterval(this.pingTimer);
    for (const streams of this.byUser.values()) {
      for (const stream of streams) stream.response?.end();
    }
    this.byUser.clear();
  }

  /** One read at a time, in the order heard: rows reach each stream in id order, and a burst is one query. */
  private drain(): void {
    if (this.draining || this.isClosed) return;
    this.draining = this.readHeard()
      .catch((error: unknown) => {
        this.log.warn({ err: error }, 'user events: reading new events failed; the streams catch up in a second');
        const retry = setTimeout(() => this.catchUp(), 1_000);
        retry.unref();
      })
      .finally(() => {
        this.draining = null;
        if (this.heardIds.size > 0 || this.isCatchUpWanted) this.drain();
      });
  }

  private async readHeard(): Promise<void> {
    while (!this.isClosed && (this.heardIds.size > 0 || this.isCatchUpWanted)) {
      if (this.isCatchUpWanted) {
        this.isCatchUpWanted = false;
        // What the catch-up reads covers every row heard so far.
        this.heardIds.clear();
        await this.readMissed();
        continue;
      }
      const ids = [...this.heardIds];
      this.heardIds.clear();
      const rows = rowsOf<EventRowRecord>(
        await this.db.execute(sql`select id, user_id, type, data::text as data from user_events where id = any(${`{${ids.join(',')}}`}::bigint[]) order by id`),
      ).map(eventRowOf);
      for (const row of rows) this.toStreamsOf(row);
    }
  }

  /** For each user, the rows after the lowest last id of their live streams; each stream skips what it sent. */
  private async readMissed(): Promise<void> {
    const afterByUser = new Map<number, number>();
    for (const [userId, streams] of this.byUser) {
      for (const stream of streams) {
        if (stream.backlog) {
          stream.isCatchUpOwed = true;
          continue;
        }
        afterByUser.set(userId, Math.min(afterByUser.get(userId) ?? Number.MAX_SAFE_INTEGER, stream.lastSentId));
      }
    }
    if (afterByUser.size === 0) return;
    const rows = rowsOf<EventRowRecord>(
      await this.db.execute(sql`
        select event.id, event.user_id, event.type, event.data::text as data
        from unnest(${`{${[...afterByUser.keys()].join(',')}}`}::int[], ${`{${[...afterByUser.values()].join(',')}}`}::bigint[]) as missed(user_id, after_id)
        join user_events event on event.user_id = missed.user_id and event.id > missed.after_id
        order by event.id`),
    ).map(eventRowOf);
    for (const row of rows) this.toStreamsOf(row);
  }

  private toStreamsOf(row: EventRow): void {
    for (const stream of this.byUser.get(row.userId) ?? []) {
      if (stream.backlog) stream.backlog.push(row);
      else this.deliver(stream, row);
    }
  }

  /** Writes the row unless this stream has sent it (or started after it). */
  private deliver(stream: EventStream, row: EventRow): void {
    if (row.id <= stream.floor || stream.recentIds.has(row.id)) return;
    this.write(stream, frameOf(row));
    stream.recentIds.add(row.id);
    if (row.id > stream.lastSentId) stream.lastSentId = row.id;
    if (stream.recentIds.size > RECENT_IDS) {
      const [oldest] = stream.recentIds;
      stream.recentIds.delete(oldest!);
      if (oldest! > stream.floor) stream.floor = oldest!;
    }
  }

  private write(stream: EventStream, text: string): void {
    const response = stream.response;
    if (!response || response.writableEnded || response.destroyed) return;
    response.write(text);
    if (response.writableLength > MAX_UNREAD_BYTES) {
      this.log.info({ userId: stream.userId }, 'user events: a stream read too slowly was ended');
      response.destroy();
    }
  }

  private ping(): void {
    for (const streams of this.byUser.values()) {
      for (const stream of streams) this.write(stream, ': ping\n\n');
    }
  }
}
