import type { OutgoingHttpHeaders } from 'node:http';
import { lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database, DatabaseHandle } from '../../db/client.js';
import { eventTickets, userEvents } from '../../db/schema.js';
import { ApiProblem } from '../errors/errors.plugin.js';
import { bearerToken, requireAdult, userOf } from '../auth/authenticate.js';
import type { SessionService } from '../auth/sessions.js';
import { issueEventTicket, redeemEventTicket, type TicketHolder } from './eventTickets.js';
import { DEFAULT_STREAM_REPLAY_MAX, EventStreams, PING_INTERVAL_MS } from './eventStreams.js';
import { listenForUserEvents } from './notificationListener.js';

/** How long `user_events` keeps a row: a browser that was away two days still replays what it missed. */
export const USER_EVENT_RETENTION_MS = 48 * 60 * 60 * 1000;
/** How often old events and expired tickets are deleted. */
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
/** Tickets a user may take in a minute: one per page load or reconnect, far below this. */
const TICKETS_PER_MINUTE = 60;

const TAGS = ['deal'];
const EVENT_ID = /^\d{1,15}$/;

const streamQuery = z.object({
  ticket: z
    .string()
    .max(100)
    .optional()
    .describe('A ticket of POST /me/events/ticket, for EventSource (which cannot send the Bearer header); single use'),
  lastEventId: z
    .string()
    .regex(EVENT_ID)
    .optional()
    .describe('Replay the events after this id (the Last-Event-ID header wins when both are sent)'),
});

export interface UserEventsOptions {
  database: DatabaseHandle;
  sessions: SessionService;
  /** The `: ping` comment's interval (PING_INTERVAL_MS); tests shorten it. */
  pingIntervalMs?: number;
  /** STREAM_REPLAY_MAX: the most events one connection replays before it sends `resync`. */
  replayMax?: number;
}

/** Events older than the retention, and tickets past their minute. */
export async function sweepUserEvents(db: Database): Promise<void> {
  await db.delete(userEvents).where(lt(userEvents.createdAt, new Date(Date.now() - USER_EVENT_RETENTION_MS)));
  await db.delete(eventTickets).where(lt(eventTickets.expiresAt, new Date()));
}

/** The id to replay after: the browser's Last-Event-ID on a reconnect, else the page's `?lastEventId=`, else none. */
function replayAfter(request: FastifyRequest<{ Querystring: z.infer<typeof streamQuery> }>): number | null {
  const header = request.headers['last-event-id'];
  const given = typeof header === 'string' && header !== '' ? header : request.query.lastEventId;
  if (given === undefined) return null;
  if (!EVENT_ID.test(given)) throw new ApiProblem(400, 'invalidRequest', { lastEventId: 'invalidRequest' });
  return Number(given);
}

/** The headers the hooks before the handler set (security headers, rate-limit counts), for a hijacked reply. */
function headersSetOn(reply: FastifyReply): OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(reply.getHeaders()).filter(([, value]) => value !== undefined));
}

/**
 * The live event stream of the deal (docs/deal.md, "Real time"): `POST /me/events/ticket` and
 * `GET /me/events`, this process's one listening connection, and the retention sweep.
 */
export async function userEventsRoutes(app: FastifyInstance, opts: UserEventsOptions): Promise<void> {
  const { db } = opts.database;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const adult = requireAdult(opts.sessions);
  const streams = new EventStreams(db, app.log, {
    pingIntervalMs: opts.pingIntervalMs ?? PING_INTERVAL_MS,
    replayMax: opts.replayMax ?? DEFAULT_STREAM_REPLAY_MAX,
  });
  const listener = await listenForUserEvents(
    opts.database,
    {
      onNotification: (payload) => streams.heard(payload),
      onNotice: (payload) => streams.heardNotice(payload),
      onListening: () => streams.relistened(),
    },
    app.log,
  );
  // Before the HTTP server closes: it waits for every connection, and a stream never ends by itself.
  app.addHook('preClose', async () => streams.closeAll());
  app.addHook('onClose', async () => listener.stop());

  const sweep = setInterval(
    () => void sweepUserEvents(db).catch((error: unknown) => app.log.warn({ err: error }, 'sweeping user events failed')),
    SWEEP_INTERVAL_MS,
  );
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  /** Who the stream is for, and with which session: the Bearer session (an adult's), else the ticket's, consumed here. */
  const streamHolders = new WeakMap<FastifyRequest, TicketHolder>();
  const streamUser = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (bearerToken(request)) {
      await adult(request, reply);
      const user = userOf(request);
      streamHolders.set(request, { userId: user.id, sessionId: user.sessionId });
      return;
    }
    const { ticket } = request.query as { ticket?: unknown };
    const holder = typeof ticket === 'string' ? await redeemEventTicket(db, ticket) : null;
    if (holder === null) throw new ApiProblem(401, 'unauthorized');
    streamHolders.set(request, holder);
  };

  api.post(
    '/me/events/ticket',
    {
      schema: {
        summary: 'A single-use ticket for GET /me/events, valid a minute (EventSource cannot send the Bearer header)',
        tags: TAGS,
        response: { 200: z.object({ ticket: z.string() }) },
      },
      onRequest: adult,
      config: { rateLimit: { max: TICKETS_PER_MINUTE, timeWindow: 60_000 } },
    },
    async (request) => {
      const user = userOf(request);
      // Bound to this session: once it ends (logout, revocation, a moderator's block) the ticket opens nothing.
      return { ticket: await issueEventTicket(db, { userId: user.id, sessionId: user.sessionId }) };
    },
  );

  api.get(
    '/me/events',
    {
      schema: {
        summary: 'My live events (text/event-stream): message, application, review, unread, resync; a `: ping` comment every 25 s',
        description:
          "Authenticated by the Bearer header or `?ticket=`. Replays the events after Last-Event-ID (or `?lastEventId=`) from the last 48 hours, at most STREAM_REPLAY_MAX (200) of them or 128 kB, then `resync` (its id the newest event's) if more were left; then sends new ones as they happen; each is `id`, `event` and one `data` line of JSON. Events of messages and reviews a moderator hid are left out. The answer ends when the session does (logout, revocation, a block), and otherwise not.",
        tags: TAGS,
        querystring: streamQuery,
        response: { 200: { description: 'A stream of server-sent events', content: { 'text/event-stream': { schema: z.string() } } } },
      },
      onRequest: streamUser,
      // A HEAD would open a stream with no body to write into, held until the client leaves.
      exposeHeadRoute: false,
    },
    async (request, reply) => {
      const holder = streamHolders.get(request);
      if (holder === undefined) throw new ApiProblem(401, 'unauthorized');
      // Read before a byte is sent: a failure here is still an answer in the one error shape.
      const { stream, replay } = await streams.open(holder.userId, holder.sessionId, replayAfter(request));
      // Written on the socket itself: Fastify's onSend hooks (compression above all) would hold the events
      // back until the answer ends, which it never does.
      reply.hijack();
      reply.raw.writeHead(200, {
        ...headersSetOn(reply),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // nginx and its kind buffer a proxied answer unless told not to.
        'x-accel-buffering': 'no',
        // When the stream ends the socket goes with it: a closing server does not wait on idle keep-alives.
        connection: 'close',
      });
      streams.attach(stream, reply.raw, replay);
    },
  );
}
