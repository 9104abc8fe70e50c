import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiProblem } from '../errors/errors.plugin.js';
import type { SessionService, SessionUser } from './sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser` on routes that need a signed-in user. */
    user: SessionUser | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice(7).trim();
  return token || null;
}

// One look-up per request, however many hooks ask (the route, its rate limit).
const resolved = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

/** The user behind the request's bearer token, or null (no token, or a forged, expired or revoked one). */
export function optionalUser(request: FastifyRequest, sessions: SessionService): Promise<SessionUser | null> {
  let user = resolved.get(request);
  if (!user) {
    const token = bearerToken(request);
    user = token ? sessions.verify(token) : Promise.resolve(null);
    resolved.set(request, user);
  }
  return user;
}

/** onRequest hook: the caller must carry a valid session token, else 401 `unauthorized` and nothing runs. */
export function requireUser(sessions: SessionService) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const user = await optionalUser(request, sessions);
    if (!user) throw new ApiProblem(401, 'unauthorized');
    request.user = user;
  };
}

/** The signed-in user of a route guarded by requireUser. */
export function userOf(request: FastifyRequest): SessionUser {
  if (!request.user) throw new ApiProblem(401, 'unauthorized');
  return request.user;
}

/**
 * onRequest hook of the deal's routes (docs/deal.md): a signed-in user (else 401 `unauthorized`) who has
 * confirmed being 18 or older (else 403 `ageConfirmationRequired`), as for posting a listing.
 */
export function requireAdult(sessions: SessionService) {
  const signedIn = requireUser(sessions);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    await signedIn(request, reply);
    if (!userOf(request).isAgeConfirmed) throw new ApiProblem(403, 'ageConfirmationRequired');
  };
}
