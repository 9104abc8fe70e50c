import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthAnswer = z.object({ ok: z.boolean(), db: z.enum(['none', 'up', 'down']) });

export interface HealthProbe {
  /** Resolves when the database answers a trivial query. */
  checkDatabase?: () => Promise<void>;
}

/** GET /api/v1/health → { ok, db }: ok is false (and the status 503) when a configured database does not answer. */
export async function healthRoutes(app: FastifyInstance, opts: HealthProbe): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/health', { schema: { summary: 'Liveness and the database', tags: ['health'], response: { 200: healthAnswer, 503: healthAnswer } } }, async (_request, reply) => {
    if (!opts.checkDatabase) return { ok: true, db: 'none' as const };
    try {
      await opts.checkDatabase();
      return { ok: true, db: 'up' as const };
    } catch {
      return reply.code(503).send({ ok: false, db: 'down' });
    }
  });
}
