import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { listings, users } from '../../db/schema.js';
import { ApiProblem } from '../errors/errors.plugin.js';
import { bearerToken, userOf } from '../auth/authenticate.js';
import type { SessionService } from '../auth/sessions.js';
import { listingId } from '../jobs/listingId.js';
import type { PublicSearchCache } from '../jobs/searchCache.js';
import { dailyCounts, moderationLog, recordAction, reportedListings } from './moderation.queries.js';

const idParams = z.object({ id: z.string() });
const TAGS = ['moderation'];

/**
 * Moderation for the addresses in ADMIN_EMAILS (issue 9). For anyone else, signed in or not, every call
 * answers 404 exactly like an unknown path: the screen's existence is not revealed.
 */
export async function moderationRoutes(
  app: FastifyInstance,
  opts: { db: Database; sessions: SessionService; publicSearches: PublicSearchCache; adminEmails: string[] },
): Promise<void> {
  const { db, sessions, publicSearches } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  async function requireAdmin(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request);
    const user = token ? await sessions.verify(token) : null;
    if (!user || !opts.adminEmails.includes(user.email)) throw new ApiProblem(404, 'notFound');
    request.user = user;
  }
  const adminOnly = { onRequest: requireAdmin };

  api.get('/admin/reports', { schema: { summary: 'Reported listings, most reported first', tags: TAGS }, ...adminOnly }, async () => ({
    listings: await reportedListings(db),
  }));

  api.get('/admin/actions', { schema: { summary: 'The moderation log, newest first', tags: TAGS }, ...adminOnly }, async () => ({
    actions: await moderationLog(db),
  }));

  api.get(
    '/admin/stats',
    { schema: { summary: 'Daily visits, searches and posts per language', tags: TAGS, querystring: z.object({ days: z.coerce.number().int().min(1).max(90).default(14) }) }, ...adminOnly },
    async (request) => ({ days: await dailyCounts(db, request.query.days) }),
  );

  for (const action of ['hide', 'restore'] as const) {
    api.post(`/admin/listings/:id/${action}`, { schema: { summary: `${action === 'hide' ? 'Hide' : 'Restore'} a listing for everyone but its owner`, tags: TAGS, params: idParams }, ...adminOnly }, async (request) => {
      const id = listingId(request.params.id);
      const [updated] = await db
        .update(listings)
        .set({ hiddenAt: action === 'hide' ? new Date() : null })
        .where(eq(listings.id, id))
        .returning({ id: listings.id });
      if (!updated) throw new ApiProblem(404, 'jobNotFound');
      publicSearches.clear();
      return recordAction(db, userOf(request).id, action, { listingId: id });
    });
  }

  for (const action of ['block', 'unblock'] as const) {
    api.post(`/admin/users/:id/${action}`, { schema: { summary: `${action === 'block' ? 'Block' : 'Unblock'} a user`, tags: TAGS, params: idParams }, ...adminOnly }, async (request) => {
      const id = /^\d{1,10}$/.test(request.params.id) ? Number(request.params.id) : 0;
      if (id === userOf(request).id) throw new ApiProblem(403, 'forbidden');
      const [updated] = await db
        .update(users)
        .set({ blockedAt: action === 'block' ? new Date() : null })
        .where(eq(users.id, id))
        .returning({ id: users.id });
      if (!updated) throw new ApiProblem(404, 'notFound');
      await db.update(listings).set({ isPublisherBlocked: action === 'block' }).where(eq(listings.publisherId, id));
      if (action === 'block') await sessions.revokeAllOf(id);
      publicSearches.clear();
      return recordAction(db, userOf(request).id, action, { userId: id });
    });
  }
}
