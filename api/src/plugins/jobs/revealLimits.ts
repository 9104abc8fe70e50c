import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { optionalUser } from '../auth/authenticate.js';
import type { SessionService, SessionUser } from '../auth/sessions.js';
import { ApiProblem } from '../errors/errors.plugin.js';
import { byAddress, byUserOrAddress } from '../security/clientKey.js';

/** The window of every "Show phone" limit. */
export const REVEAL_WINDOW_MS = 10 * 60_000;

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/** Counts the request against `limiter`; over it, 429 `rateLimited` with the seconds to wait, like the route's own limit. */
async function holdTo(limiter: Limiter, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const state = await limiter(request);
  if (state.isAllowed || !state.isExceeded) return;
  void reply.header('retry-after', state.ttlInSeconds);
  throw new ApiProblem(429, 'rateLimited');
}

const DAY_MS = 24 * 60 * 60_000;

/** Accounts made within the day are the cheap ones an address can make by the dozen. */
function isNewAccount(user: SessionUser): boolean {
  return Date.now() - user.accountCreatedAt.getTime() < DAY_MS;
}

/**
 * The "Show phone" limits beyond the route's own per-user one, since one address can make accounts at
 * will: an account younger than a day gets `newAccountLimit` reveals, and one address gets
 * `addressLimit` across all its accounts and anonymous visitors (high, for the many people behind a
 * carrier's address). A preHandler hook, so it runs after the per-user limit (an onRequest hook), and a
 * reveal refused by a narrower limit does not spend the address's shared allowance.
 * The counters are the rate-limit plugin's, in Redis or PostgreSQL like every other limit; its limiters
 * share one namespace, so each key names its limit. `createRateLimit`, not `app.rateLimit()` hooks: the
 * plugin runs only the first of its hooks on a request, so a second one on this route would never count.
 */
export function contactRevealLimits(
  app: FastifyInstance,
  opts: { sessions: SessionService; addressLimit: number; newAccountLimit: number },
) {
  const byUser = byUserOrAddress(opts.sessions);
  const perAddress = app.createRateLimit({
    max: opts.addressLimit,
    timeWindow: REVEAL_WINDOW_MS,
    keyGenerator: (request) => `contact-reveal-address|${byAddress(request)}`,
  });
  const perNewAccount = app.createRateLimit({
    max: opts.newAccountLimit,
    timeWindow: REVEAL_WINDOW_MS,
    keyGenerator: async (request) => `contact-reveal-new-account|${await byUser(request)}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const user = await optionalUser(request, opts.sessions);
    if (user && isNewAccount(user)) await holdTo(perNewAccount, request, reply);
    await holdTo(perAddress, request, reply);
  };
}
