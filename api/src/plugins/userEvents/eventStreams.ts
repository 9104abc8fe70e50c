import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { DealEventType } from '@tasko/shared/domain';
import { rowsOf, type Database } from '../../db/client.js';
import { ApiProblem } from '../errors/errors.plugin.js';
import { streamNoticeOf, type HideableContent } from './streamControl.js';

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
/** The default of STREAM_REPLAY_MAX: the most events one connection replays before it sends `resync`. */
export const DEFAULT_STREAM_REPLAY_MAX = 200;
/**
 * The most bytes of events one connection replays before it sends `resync`: half the stream's buffer, so the
 * replay and the live events held while it was read are written whole, never cut by MAX_UNREAD_BYTES.
 */
export const REPLAY_MAX_BYTES = 128 * 1024;
/**
 * How often the open streams' sessions are checked, in one query: a session that reached its 30 days, or whose
 * notice was lost while the listening connection was away, ends its streams by then at the latest.
 */
export const SESSION_CHECK_INTERVAL_MS = 60_000;
/**
 * How long a hide notice is remembered: a row read before the hide and written after it (held while its
 * stream replays, or read by a query already running) is dropped. Far longer than a read takes.
 */
const HIDE_MEMORY_MS = 60_000;

/** The stream's own event: more was missed than one connection replays; the pages reload by paging. */
const RESYNC_EVENT: DealEventType = 'resync';

/** A row of `user_events` as it goes on the wire: `data` is already JSON text (jsonb's own, one line). */
interface EventRow {
  id: number;
  userId: number;
  type: string;
  data: string;
  /** The message or review it shows: not written once a moderator has hidden that. */
  messageId: number | null;
  reviewId: number | null;
}
type EventRowRecord = {
  id: string | number;
  user_id: number;
  type: string;
  data: string;
  message_id: number | null;
  review_id: number | null;
};
const eventRowOf = (row: EventRowRecord): EventRow => ({
  id: Number(row.id),
  userId: Number(row.user_id),
  type: row.type,
  data: row.data,
  messageId: row.message_id === null ? null : Number(row.message_id),
  reviewId: row.review_id === null ? null : Number(row.review_id),
});
/** The columns every read of rows selects, as `eventRowOf` takes them. */
const EVENT_COLUMNS = sql.raw('event.id, event.user_id, event.type, event.data::text as data, event.message_id, event.review_id');

/**
 * What a moderator has not hidden (docs/deal.md, "Hidden content"): every read of rows leaves out an event
 * that shows a hidden message or review, so a restore brings it back without anything sent anew. A scalar
 * subquery per row read, on the primary key: the planner cannot turn it into a join that reads every message.
 */
const IS_VISIBLE = sql.raw(`(event.message_id is null or (select hidden_at from messages where messages.id = event.message_id) is null)
  and (event.review_id is null or (select hidden_at from reviews where reviews.id = event.review_id) is null)`);

/** Whether a session still opens streams: not revoked, not past its 30 days, its member not blocked. */
const IS_LIVE_SESSION = sql.raw('sessions.revoked_at is null and sessions.expires_at > now() and users.blocked_at is null');

/**
 * The one query of a connection (docs/deal.md, "The event stream (server)"): the member's newest event id,
 * whether the stream's session is still live, and at most `limit` + 1 visible events after `afterId` in id
 * order (none when `afterId` is null: such a stream starts at the newest row). The events are read by
 * `user_events_user` (user_id, id) and stop at the limit, however long the member was away.
 */
export function replayQuery(options: { userId: number; sessionId: string; afterId: number | null; limit: number }): SQL {
  const { userId, sessionId, afterId, limit } = options;
  return sql`
    select head.newest, head.is_live, ${EVENT_COLUMNS}
    from (
      select
        -- One step back along user_events_user. A max(id), or an order by id, of this member's rows may be
        -- planned as a walk back along the primary key through every newer row of everyone else; a row
        -- comparison is a condition only the two-column index serves.
        coalesce((
          select last.id from (
            select user_id, id from user_events where (user_id, id) <= (${userId}, 9223372036854775807)
            order by user_id desc, id desc limit 1
          ) last
          where last.user_id = ${userId}
        ), 0) as newest,
        exists (
          select 1 from sessions join users on users.id = sessions.user_id
          where sessions.id = ${sessionId} and sessions.user_id = ${userId} and ${IS_LIVE_SESSION}
        ) as is_live
    ) head
    left join lateral (
      select * from user_events event
      where event.user_id = ${userId} and event.id > ${afterId ?? 0} and ${IS_VISIBLE}
      order by event.id
      limit ${afterId === null ? 0 : limit + 1}
    ) event on head.is_live
    order by event.id`;
}
type ReplayRecord = { newest: string | number; is_live: boolean } & { [K in keyof EventRowRecord]: EventRowRecord[K] | null };

/** What a new stream writes first: the replayed rows, then `resync` at this id when more was left unread. */
export interface Replay {
  rows: EventRow[];
  resyncAt: number | null;
}

/** An open `GET /me/events`: first replaying (rows heard meanwhile wait in `backlog`), then live. */
export interface EventStream {
  readonly userId: number;
  /** The session it was opened with: it ends when that session does. */
  readonly sessionId: string;
  /** Ended by its session's end: never written to again, and not attached if it was still replaying. */
  isEnded: boolean;
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

/** One `resync`: its id is where the stream goes on from, so the browser's next connection starts there. */
function resyncFrameAt(id: number): string {
  return `id: ${id}\nevent: ${RESYNC_EVENT}\ndata: {}\n\n`;
}

/** A hidden message's or review's key among the hides remembered. */
const contentKey = (content: HideableContent, id: number) => `${content}:${id}`;

export interface EventStreamsOptions {
  /** The `: ping` comment's interval (PING_INTERVAL_MS); tests shorten it. */
  pingIntervalMs?: number;
  /** STREAM_REPLAY_MAX: the most events one connection replays before `resync`. */
  replayMax?: number;
}

/**
 * Every open event stream of this API process, by user, and how rows of `user_events` reach them
 * (docs/deal.md, "Real time"). A notification names new rows; those of users with a stream here are read
 * in one query and written in id order, each at most once per stream. After the listener (re)connects,
 * every stream reads what it may have missed by its last id, so a dropped LISTEN loses nothing. A stream
 * ends with its session: a notice on the control channel says which ended, and a check each minute (and
 * after each reconnection of the listener) finds those whose notice never came.
 */
export class EventStreams {
  private readonly byUser = new Map<number, Set<EventStream>>();
  /** Rows named by notifications and not read yet; read together, so a burst costs one query. */
  private readonly heardIds = new Set<number>();
  private isCatchUpWanted = false;
  private draining: Promise<void> | null = null;
  private readonly pingTimer: NodeJS.Timeout;
  private readonly sessionTimer: NodeJS.Timeout;
  private isClosed = false;
  private readonly replayMax: number;
  /** Messages and reviews hidden in the last HIDE_MEMORY_MS, until when: rows read before the hide are dropped. */
  private readonly hiddenLately = new Map<string, number>();

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    options: EventStreamsOptions = {},
  ) {
    this.replayMax = options.replayMax ?? DEFAULT_STREAM_REPLAY_MAX;
    this.pingTimer = setInterval(() => this.ping(), options.pingIntervalMs ?? PING_INTERVAL_MS);
    this.pingTimer.unref();
    this.sessionTimer = setInterval(() => void this.checkSessions(), SESSION_CHECK_INTERVAL_MS);
    this.sessionTimer.unref();
  }

  /**
   * A stream for `userId` opened with `sessionId`, heard from now on, and what it must replay first: the rows
   * after `afterId` up to the bounds (STREAM_REPLAY_MAX rows, REPLAY_MAX_BYTES), then `resync` if more were
   * left; nothing when the browser has no last id (it starts at the newest row). One query. Refused past
   * MAX_STREAMS_PER_USER, and (401) when the session ended before the stream was heard.
   */
  async open(userId: number, sessionId: string, afterId: number | null): Promise<{ stream: EventStream; replay: Replay }> {
    if (this.isClosed) throw new ApiProblem(503, 'serviceUnavailable');
    const streams = this.byUser.get(userId) ?? new Set<EventStream>();
    if (streams.size >= MAX_STREAMS_PER_USER) throw new ApiProblem(429, 'rateLimited');
    const stream: EventStream = {
      userId,
      sessionId,
      isEnded: false,
      response: null,
      lastSentId: 0,
      floor: 0,
      recentIds: new Set(),
      backlog: [],
      isCatchUpOwed: false,
    };
    // Heard before the replay is read: a row stored meanwhile is in the replay, the backlog, or both (sent once).
    // So is the end of its session: a logout that committed before the query is seen by it, one after is heard.
    streams.add(stream);
    this.byUser.set(userId, streams);
    try {
      const records = rowsOf<ReplayRecord>(await this.db.execute(replayQuery({ userId, sessionId, afterId, limit: this.replayMax })));
      const [head] = records;
      if (!head?.is_live || stream.isEnded) throw new ApiProblem(401, 'unauthorized');
      const newest = Number(head.newest);
      // An id past the member's every row (the database was restored, or reset in development) would silence
      // the stream until the sequence caught up with it: such a stream starts at their newest row instead.
      stream.floor = stream.lastSentId = Math.min(afterId ?? newest, newest);
      const found = records.filter((record): record is ReplayRecord & EventRowRecord => record.id !== null).map(eventRowOf);
      const rows: EventRow[] = [];
      let bytes = 0;
      for (const row of found) {
        const size = Buffer.byteLength(frameOf(row));
        if (rows.length === this.replayMax || bytes + size > REPLAY_MAX_BYTES) break;
        rows.push(row);
        bytes += size;
      }
      return { stream, replay: { rows, resyncAt: rows.length < found.length ? newest : null } };
    } catch (error) {
      this.forget(stream);
      throw error;
    }
  }

  /** The response is the stream's now: the replay (and `resync`), then what was heard meanwhile, then live events. */
  attach(stream: EventStream, response: ServerResponse, replay: Replay): void {
    if (response.destroyed || this.isClosed || stream.isEnded) {
      this.forget(stream);
      if (!response.destroyed) response.end();
      return;
    }
    stream.response = response;
    response.on('close', () => this.forget(stream));
    this.write(stream, `retry: ${RETRY_HINT_MS}\n\n`);
    for (const row of replay.rows) this.deliver(stream, row);
    if (replay.resyncAt !== null) {
      // The browser stores this id and its pages reload by paging: the rows up to it are never replayed again.
      this.write(stream, resyncFrameAt(replay.resyncAt));
      stream.floor = Math.max(stream.floor, replay.resyncAt);
      stream.lastSentId = Math.max(stream.lastSentId, replay.resyncAt);
    }
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
      if (typeof id === 'number' && Number.isSafeInteger(id) && typeof userId === 'number' && this.byUser.has(userId))
        this.heardIds.add(id);
    }
    if (this.heardIds.size > 0) this.drain();
  }

  /** A notice of the control channel (streamControl.ts): sessions ended, or a message or review hidden or restored. */
  heardNotice(payload: string): void {
    const notice = streamNoticeOf(payload);
    if (!notice) {
      this.log.warn({ payload: payload.slice(0, 200) }, 'user events: a control notice it cannot read');
      return;
    }
    switch (notice.kind) {
      case 'sessionsEnded': {
        const ended = new Set(notice.sessionIds);
        this.endStreams((stream) => ended.has(stream.sessionId));
        return;
      }
      case 'memberSessionsEnded':
        this.endStreams((stream) => stream.userId === notice.userId);
        return;
      case 'contentHidden': {
        const now = Date.now();
        for (const [key, until] of this.hiddenLately) if (until <= now) this.hiddenLately.delete(key);
        // A row read before the hide and not written yet (held while its stream replays, or read by a query
        // that was running) is dropped when it comes to be written.
        this.hiddenLately.set(contentKey(notice.content, notice.id), now + HIDE_MEMORY_MS);
        return;
      }
      case 'contentRestored':
        this.hiddenLately.delete(contentKey(notice.content, notice.id));
        return;
    }
  }

  /** The listening connection is in place again: what it may have missed is read, and the sessions checked. */
  relistened(): void {
    this.catchUp();
    void this.checkSessions();
  }

  /** Every live stream reads the rows after its last id: the listener was away, or a read failed. */
  catchUp(): void {
    if (this.byUser.size === 0) return;
    this.isCatchUpWanted = true;
    this.drain();
  }

  /**
   * Ends the streams whose session is over though no notice said so (one was lost while the listener was away,
   * or the session reached its 30 days): one query for every open stream's session.
   */
  async checkSessions(): Promise<void> {
    const open = [...this.byUser.values()].flatMap((streams) => [...streams]);
    if (open.length === 0 || this.isClosed) return;
    const sessionIds = [...new Set(open.map((stream) => stream.sessionId))];
    try {
      const live = rowsOf<{ id: string }>(
        await this.db.execute(sql`
          select sessions.id from sessions join users on users.id = sessions.user_id
          where sessions.id = any(${`{${sessionIds.join(',')}}`}::uuid[]) and ${IS_LIVE_SESSION}`),
      );
      const liveIds = new Set(live.map((row) => row.id));
      for (const stream of open) if (!liveIds.has(stream.sessionId)) this.end(stream);
    } catch (error) {
      this.log.warn({ err: error }, 'user events: checking the open streams’ sessions failed; checked again within a minute');
    }
  }

  /** Ends every stream (the server is closing): a browser reconnects, to this process's successor or another. */
  closeAll(): void {
    this.isClosed = true;
    clearInterval(this.pingTimer);
    clearInterval(this.sessionTimer);
    for (const streams of this.byUser.values()) {
      for (const stream of streams) stream.response?.end();
    }
    this.byUser.clear();
  }

  private endStreams(isOver: (stream: EventStream) => boolean): void {
    for (const streams of [...this.byUser.values()]) {
      for (const stream of [...streams]) if (isOver(stream)) this.end(stream);
    }
  }

  /**
   * Its session is over: the stream ends (the browser's next ticket is refused, so it does not come back), or,
   * still replaying, is refused or ended where it is attached.
   */
  private end(stream: EventStream): void {
    stream.isEnded = true;
    this.forget(stream);
    stream.response?.end();
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
        await this.db.execute(
          sql`select ${EVENT_COLUMNS} from user_events event where event.id = any(${`{${ids.join(',')}}`}::bigint[]) and ${IS_VISIBLE} order by event.id`,
        ),
      ).map(eventRowOf);
      for (const row of rows) this.toStreamsOf(row);
    }
  }

  /**
   * For each user, the rows after the lowest last id of their live streams; each stream skips what it sent.
   * At most STREAM_REPLAY_MAX rows a user, as a replay: a user who missed more has their streams ended, and
   * each browser reconnects to a replay that ends in `resync`.
   */
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
        select ${EVENT_COLUMNS}
        from unnest(${`{${[...afterByUser.keys()].join(',')}}`}::int[], ${`{${[...afterByUser.values()].join(',')}}`}::bigint[]) as missed(user_id, after_id)
        cross join lateral (
          select * from user_events event
          where event.user_id = missed.user_id and event.id > missed.after_id and ${IS_VISIBLE}
          order by event.id
          limit ${this.replayMax + 1}
        ) event
        order by event.id`),
    ).map(eventRowOf);
    const countByUser = new Map<number, number>();
    for (const row of rows) countByUser.set(row.userId, (countByUser.get(row.userId) ?? 0) + 1);
    const behind = new Set([...countByUser].filter(([, count]) => count > this.replayMax).map(([userId]) => userId));
    if (behind.size > 0) this.endStreams((stream) => behind.has(stream.userId) && !stream.backlog);
    for (const row of rows) if (!behind.has(row.userId)) this.toStreamsOf(row);
  }

  private toStreamsOf(row: EventRow): void {
    for (const stream of this.byUser.get(row.userId) ?? []) {
      if (stream.backlog) stream.backlog.push(row);
      else this.deliver(stream, row);
    }
  }

  private isHiddenLately(row: EventRow): boolean {
    if (this.hiddenLately.size === 0) return false;
    const now = Date.now();
    const isHidden = (key: string) => (this.hiddenLately.get(key) ?? 0) > now;
    return (
      (row.messageId !== null && isHidden(contentKey('message', row.messageId))) ||
      (row.reviewId !== null && isHidden(contentKey('review', row.reviewId)))
    );
  }

  /** Writes the row unless this stream has sent it (or started after it), or it shows what was just hidden. */
  private deliver(stream: EventStream, row: EventRow): void {
    if (row.id <= stream.floor || stream.recentIds.has(row.id) || this.isHiddenLately(row)) return;
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
