import type { FastifyInstance } from 'fastify';

export interface HealthProbe {
  /** Resolves when the database answers a trivial query. */
  checkDatabase?: () => Promise<void>;
}

/** GET /api/v1/health → { ok, db }: ok is false (and the status 503) when a configured database does not answer. */
export async function healthRoutes(app: FastifyInstance, opts: HealthProbe): Promise<void> {
  app.get('/health', async (_request, reply) => {
    if (!opts.checkDatabase) return { ok: true, db: 'none' };
    try {
      await opts.checkDatabase();
      return { ok: true, db: 'up' };
    } catch {
      return reply.code(503).send({ ok: false, db: 'down' });
    }
  });
}
