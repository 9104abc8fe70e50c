import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MigrationState } from '../../db/migrations.js';
import { answerWithin, type ReplicaState } from '../../db/replica.js';

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
    await answerWithin(check());
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
  api.get(
    '/health',
    { schema: { summary: 'Liveness, the database and Redis', tags: ['health'], response: { 200: healthAnswer, 503: healthAnswer } } },
    async (_request, reply) => {
      const [db, redis] = await Promise.all([stateOf(opts.checkDatabase), stateOf(opts.checkRedis)]);
      const ok = db !== 'down' && redis !== 'down';
      return reply.code(ok ? 200 : 503).send({ ok, db, redis });
    },
  );
}

const readinessAnswer = z.object({
  ready: z.boolean(),
  checks: z.object({
    primary: z.enum(['up', 'down']),
    replica: z.enum(['none', 'up', 'lagging', 'down']),
    redis: dependencyState,
    migrations: z.enum(['applied', 'behind']),
    draining: z.boolean(),
  }),
});

/** What `/health/ready` answers. */
export type Readiness = z.infer<typeof readinessAnswer>;

export interface ReadinessProbe {
  checkPrimary: () => Promise<void>;
  replicaState: () => ReplicaState;
  checkRedis?: () => Promise<void>;
  /** Whether the database holds every migration this code expects; `primaryUp` says which server to ask. */
  migrations: (primaryUp: boolean) => Promise<MigrationState>;
  /** SIGTERM was received: the instance finishes what it has and takes nothing new. */
  isDraining: () => boolean;
}

/**
 * At the site's root, for proxies and orchestrators (docs/deploy.md#health-and-shutdown): `/health/live`
 * answers while the process does; `/health/ready` says whether this instance should get traffic. Ready means
 * it can serve public reads: the primary or the replica answers, the schema is the code's, and it is not
 * draining. A primary outage alone does not take it out, so searches go on from the replica.
 */
export async function readinessRoutes(app: FastifyInstance, probe: ReadinessProbe): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const noStore = { 'cache-control': 'no-store' };
  api.get(
    '/health/live',
    { schema: { summary: 'The process answers', tags: ['health'], response: { 200: z.object({ live: z.literal(true) }) } } },
    async (_request, reply) => reply.headers(noStore).send({ live: true as const }),
  );
  api.get(
    '/health/ready',
    {
      schema: {
        summary: 'Whether this instance should get traffic, and why',
        tags: ['health'],
        response: { 200: readinessAnswer, 503: readinessAnswer },
      },
    },
    async (_request, reply) => {
      const [primary, redis] = await Promise.all([stateOf(probe.checkPrimary), stateOf(probe.checkRedis)]);
      const replica = probe.replicaState();
      const isPrimaryUp = primary === 'up';
      const migrations =
        isPrimaryUp || replica !== 'down' ? await answerWithin(probe.migrations(isPrimaryUp)).catch(() => 'behind' as const) : 'behind';
      const draining = probe.isDraining();
      const canRead = isPrimaryUp || replica === 'up' || replica === 'lagging';
      const ready = canRead && migrations === 'applied' && !draining;
      return reply
        .code(ready ? 200 : 503)
        .headers(noStore)
        .send({ ready, checks: { primary: isPrimaryUp ? ('up' as const) : ('down' as const), replica, redis, migrations, draining } });
    },
  );
}
