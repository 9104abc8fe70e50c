// What the tests of the live event stream share (docs/deal.md, "The event stream (server)"): a real server
// listening on a loopback port, and a reader of `GET /me/events` that parses it as a browser's EventSource.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config.js';
import { rowsOf, type DatabaseHandle } from '../src/db/client.js';
import { users } from '../src/db/schema.js';
import { buildServer } from '../src/server.js';
import type { UserEventPublisher } from '../src/plugins/deal/userEvents.js';

/** The ping interval of these servers: a heartbeat is seen within a test, not in 25 s. */
export const PING_MS = 150;
/** How long any one wait of these tests lasts at most: a bound that ends a stuck test, far above what a busy machine takes. */
export const WAIT_MS = 20_000;

export interface ListeningServer {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

/** The real server on `handle` (with `env`), listening on a free loopback port (the stream is read over real HTTP). */
export async function listeningServer(handle: DatabaseHandle, env: Record<string, string> = {}): Promise<ListeningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasko-events-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_ORIGIN: 'http://tasko.test',
    DEMO_DATA: 'off',
    SIGN_IN_RATE_LIMIT: '1000',
    ...env,
  });
  const app = await buildServer(config, { database: handle, userEventPingMs: PING_MS });
  // Node's fetch opens a spare connection after an aborted one, and sends nothing on it: the HTTP server's
  // close would wait for it as long as the client keeps it. Such sockets carry no request: dropped on close.
  const unused = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    unused.add(socket);
    socket.once('data', () => unused.delete(socket));
    socket.once('close', () => unused.delete(socket));
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    url: `${address}/api/v1`,
    async close() {
      for (const socket of unused) socket.destroy();
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A settled race against a clock: every wait of these tests is bounded. */
export function within<T>(promise: Promise<T>, what: string, ms = WAIT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export interface StreamEvent {
  id: number;
  event: string;
  data: unknown;
  /** The bytes of its block on the wire, the blank line after it included. */
  bytes: number;
}

/** `GET /me/events` read as a browser's EventSource would: its blocks parsed as they arrive. */
export class EventStreamReader {
  readonly events: StreamEvent[] = [];
  readonly comments: string[] = [];
  retry: number | null = null;
  isEnded = false;
  private waiters: (() => void)[] = [];

  private constructor(
    readonly response: Response,
    private readonly abort: AbortController,
  ) {}

  static async open(url: string, headers: Record<string, string> = {}): Promise<EventStreamReader> {
    const abort = new AbortController();
    const response = await within(
      fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal }),
      'the stream’s head',
    );
    const reader = new EventStreamReader(response, abort);
    if (response.status === 200) void reader.read();
    return reader;
  }

  private async read(): Promise<void> {
    const decoder = new TextDecoder();
    let buffered = '';
    try {
      for await (const chunk of this.response.body as AsyncIterable<Uint8Array>) {
        buffered += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffered.indexOf('\n\n')) >= 0) {
          this.take(buffered.slice(0, end));
          buffered = buffered.slice(end + 2);
        }
        this.wake();
      }
    } catch {
      // Aborted by the test.
    }
    this.isEnded = true;
    this.wake();
  }

  private take(block: string): void {
    const fields: Record<string, string> = {};
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
      else {
        const colon = line.indexOf(':');
        fields[line.slice(0, colon)] =
          (fields[line.slice(0, colon)] ? `${fields[line.slice(0, colon)]}\n` : '') + line.slice(colon + 1).replace(/^ /, '');
      }
    }
    if (fields.retry) this.retry = Number(fields.retry);
    if (fields.id)
      this.events.push({
        id: Number(fields.id),
        event: fields.event ?? 'message',
        data: JSON.parse(fields.data ?? 'null'),
        bytes: Buffer.byteLength(`${block}\n\n`),
      });
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter();
  }

  /** Resolves once `isDone` holds (checked at each arrival), or fails after WAIT_MS. */
  until(isDone: () => boolean, what: string, ms = WAIT_MS): Promise<void> {
    const check = new Promise<void>((resolve) => {
      const test = () => {
        if (isDone() || this.isEnded) resolve();
        else this.waiters.push(test);
      };
      test();
    });
    return within(check, what, ms).then(() => assert.ok(isDone(), `${what}: the stream ended first`));
  }

  /** Waits for `count` events in all. */
  untilEvents(count: number): Promise<StreamEvent[]> {
    return this.until(() => this.events.length >= count, `${count} events`).then(() => this.events);
  }

  close(): void {
    this.abort.abort();
  }
}

/** A moment for anything wrongly sent to arrive: what a test asserts did not come. */
export const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));

export const idsOf = (events: StreamEvent[]) => events.map((event) => event.id);

export async function userIdOf(handle: DatabaseHandle, email: string): Promise<number> {
  const [row] = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  assert.ok(row, email);
  return row.id;
}

/** Publishes `count` unread totals to `userIds` and answers the new rows' ids, oldest first. */
export async function publishUnread(
  handle: DatabaseHandle,
  publisher: UserEventPublisher,
  userIds: number[],
  totals: number[],
): Promise<number[]> {
  const before = rowsOf<{ id: string | number }>(await handle.db.execute(sql`select coalesce(max(id), 0) as id from user_events`))[0]!;
  for (const unreadTotal of totals) await publisher.publish(handle.db, userIds, 'unread', { unreadTotal });
  const rows = rowsOf<{ id: string | number }>(
    await handle.db.execute(sql`select id from user_events where id > ${Number(before.id)} and user_id = ${userIds[0]!} order by id`),
  );
  return rows.map((row) => Number(row.id));
}

/** The session a token names (its `jti`): what a ticket and a stream are bound to. */
export function sessionIdOf(token: string): string {
  const [, payload = ''] = token.split('.');
  const { jti } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { jti?: unknown };
  assert.equal(typeof jti, 'string', 'a session token names its session');
  return jti as string;
}
