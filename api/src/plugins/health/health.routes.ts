import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** `none`: not configured; `up`: answered; `down`: configured and did not answer. */
const dependencyState = z.enum(['none', 'up', 'down']);
const healthAnswer = z.object({ ok: z.boolean(), db: dependencyState, redis: dependencyState });

type DependencyState = z.infer<typeof dependencyState>;

export interface HealthProbe {
  /** Resolves when the database answers a trivial query. */
  checkDatabase?: () => Promise<void>;
  /** Resolves when Redis (REDIS_URL) answers a PING; absent without Redis. */
  checkRedis?: () => Promise<void>;
}

async function stateOf(check: (() => Promise<void>) | undefined): Promise<DependencyState> {
  if (!check) return 'none';
  try {
    await check();
    return 'up';
  } catch {
    return 'down';
  }
}

/**
 * GET /api/v1/health → { ok, db, redis }: ok is false (and the status 503) when a configured database or
 * Redis does not answer. Without Redis the limited routes answer 503 while public reads still work, so
 * the answer names which one is down.
 */
export async function healthRoutes(app: FastifyInstance, opts: HealthProbe): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/health', { schema: { summary: 'Liveness, the database and Redis', tags: ['health'], response: { 200: healthAnswer, 503: healthAnswer } } }, async (_request, reply) => {
    const [db, redis] = await Promise.all([stateOf(opts.checkDatabase), stateOf(opts.checkRedis)]);
    const ok = db !== 'down' && redis !== 'down';
    return reply.code(ok ? 200 : 503).send({ ok, db, redis });
  });
}
