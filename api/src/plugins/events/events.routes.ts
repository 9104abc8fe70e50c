import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ANALYTICS, ANALYTICS_EVENTS, LANGUAGE_CODES, type AnalyticsEventName } from '@tasko/shared/domain';
import { lineText } from '@tasko/shared/validation';
import type { Database } from '../../db/client.js';
import { analyticsEvents } from '../../db/schema.js';
import { ApiProblem } from '../errors/errors.plugin.js';
import { optionalUser } from '../auth/authenticate.js';
import type { SessionService } from '../auth/sessions.js';
import { noContent } from '../auth/auth.routes.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const eventSchema = z.object({
  name: z.string(),
  language: z.enum(LANGUAGE_CODES),
  // Lines (text.ts): a NUL in a path or a property would fail the insert (text and jsonb columns refuse it).
  path: lineText('invalidRequest').startsWith('/').max(ANALYTICS.maxPathLength),
  props: z
    .record(
      lineText('invalidRequest').max(40),
      z.union([lineText('invalidRequest').max(ANALYTICS.maxPropLength), z.number().finite(), z.boolean()]),
    )
    .refine((props) => Object.keys(props).length <= ANALYTICS.maxProps),
  visitorId: z.uuid(),
  // A clock a week behind or an hour ahead is not a clock to count by.
  at: z.iso.datetime({ offset: true }).refine((at) => {
    const age = Date.now() - Date.parse(at);
    return age < 7 * DAY_MS && age > -60 * 60 * 1000;
  }),
});

/**
 * First-party analytics: batches of at most 50 events of known names. A batch is stored whole or
 * refused whole with a message key. The user id comes from the session, never from the body; a beacon sent
 * as the page closes carries no token and stays anonymous. Everything else is the browser's word, so these
 * feed the site's daily figures only: a listing's views are counted from the server's own answers.
 */
export async function eventsRoutes(
  app: FastifyInstance,
  opts: { db: Database; sessions: SessionService; eventsRateLimit: number },
): Promise<void> {
  app.post(
    '/events',
    {
      schema: {
        summary: 'Store a batch of analytics events (sent only after cookie consent)',
        tags: ['analytics'],
        response: { 202: noContent },
      },
      bodyLimit: 64 * 1024,
      config: { rateLimit: { max: opts.eventsRateLimit, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const body = request.body as { events?: unknown } | null;
      if (!body || !Array.isArray(body.events) || body.events.length === 0) throw new ApiProblem(400, 'invalidRequest');
      if (body.events.length > ANALYTICS.batchSize) throw new ApiProblem(400, 'tooManyEvents');
      const events = body.events.map((raw) => {
        const name = (raw as { name?: unknown } | null)?.name;
        if (!(ANALYTICS_EVENTS as readonly unknown[]).includes(name)) throw new ApiProblem(400, 'unknownEvent');
        const parsed = eventSchema.safeParse(raw);
        if (!parsed.success) throw new ApiProblem(400, 'invalidRequest');
        return parsed.data;
      });
      const user = await optionalUser(request, opts.sessions);
      await opts.db.insert(analyticsEvents).values(
        events.map((event) => ({
          name: event.name as AnalyticsEventName,
          language: event.language,
          path: event.path,
          props: event.props,
          visitorId: event.visitorId,
          userId: user?.id ?? null,
          occurredAt: new Date(event.at),
        })),
      );
      return reply.code(202).send(null);
    },
  );
}
