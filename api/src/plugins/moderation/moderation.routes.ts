import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_LANGUAGE, isSerialId, MODERATION_ACTIONS, REPORT_REASONS } from '@tasko/shared/domain';
import { languageParam } from '../places/places.js';
import { ownListingSchema } from '@tasko/shared/listingWire';
import type { Database } from '../../db/client.js';
import { listings, users } from '../../db/schema.js';
import { ApiProblem } from '../errors/errors.plugin.js';
import { optionalUser, userOf } from '../auth/authenticate.js';
import type { SessionService } from '../auth/sessions.js';
import { listingId } from '../jobs/listingId.js';
import type { PublicSearchCache } from '../jobs/searchCache.js';
import { dailyCounts, moderationLog, recordAction, reportedContent, reportedListings, setContentHidden } from './moderation.queries.js';
import { noContent } from '../auth/auth.routes.js';
import { reportedContent as reportedContentSchema } from '../reviews/reviews.schemas.js';
import { announceToStreams } from '../userEvents/streamControl.js';

const idParams = z.object({ id: z.string() });
const TAGS = ['moderation'];

const reportedListing = z.object({
  listing: ownListingSchema.partial({ phone: true, contact_email: true }).extend({ hidden: z.boolean() }),
  publisher: z.object({ id: z.number().int(), email: z.string(), name: z.string(), blocked: z.boolean() }),
  reportCount: z.number().int(),
  lastReportedAt: z.string(),
  reports: z.array(z.object({ reason: z.enum(REPORT_REASONS), note: z.string(), at: z.string() })),
});
const moderationAction = z.object({
  id: z.number().int(),
  action: z.enum(MODERATION_ACTIONS),
  adminEmail: z.string(),
  listingId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  userEmail: z.string().nullable(),
  at: z.string(),
});
const dailyCount = z.object({
  day: z.string(),
  language: z.string(),
  visits: z.number(),
  pageViews: z.number(),
  searches: z.number(),
  posts: z.number(),
});

/**
 * Moderation for the addresses in ADMIN_EMAILS. For anyone else, signed in or not, every call
 * answers 404 exactly like an unknown path: the screen's existence is not revealed.
 */
export async function moderationRoutes(
  app: FastifyInstance,
  opts: {
    db: Database;
    sessions: SessionService;
    publicSearches: PublicSearchCache;
    adminEmails: string[];
    /** A moderator restored a listing: saved searches it matches hear of it. */
    onListingVisible?: (listingId: number) => Promise<void>;
  },
): Promise<void> {
  const { db, sessions, publicSearches } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  const isModerator = (email: string) => opts.adminEmails.includes(email);

  async function requireAdmin(request: FastifyRequest): Promise<void> {
    const user = await optionalUser(request, sessions);
    if (!user || !isModerator(user.email)) throw new ApiProblem(404, 'notFound');
    request.user = user;
  }
  const adminOnly = { onRequest: requireAdmin };

  api.get(
    '/admin/reports',
    {
      schema: {
        summary: 'Reported listings, most reported first',
        tags: TAGS,
        querystring: z.object({ language: languageParam.default(DEFAULT_LANGUAGE) }),
        response: { 200: z.object({ listings: z.array(reportedListing) }) },
      },
      ...adminOnly,
    },
    async (request) => ({ listings: await reportedListings(db, request.query.language) }),
  );

  api.get(
    '/admin/actions',
    {
      schema: {
        summary: 'The moderation log, newest first',
        tags: TAGS,
        response: { 200: z.object({ actions: z.array(moderationAction) }) },
      },
      ...adminOnly,
    },
    async () => ({
      actions: await moderationLog(db),
    }),
  );

  api.get(
    '/admin/stats',
    {
      schema: {
        summary: 'Daily visits, searches and posts per language',
        tags: TAGS,
        querystring: z.object({ days: z.coerce.number().int().min(1).max(90).default(14) }),
        response: { 200: z.object({ days: z.array(dailyCount) }) },
      },
      ...adminOnly,
    },
    async (request) => ({ days: await dailyCounts(db, request.query.days) }),
  );

  for (const action of ['hide', 'restore'] as const) {
    api.post(
      `/admin/listings/:id/${action}`,
      {
        schema: {
          summary: `${action === 'hide' ? 'Hide' : 'Restore'} a listing for everyone but its owner`,
          tags: TAGS,
          params: idParams,
          response: { 200: moderationAction },
        },
        ...adminOnly,
      },
      async (request) => {
        const id = listingId(request.params.id);
        const [updated] = await db
          .update(listings)
          .set({ hiddenAt: action === 'hide' ? new Date() : null })
          .where(eq(listings.id, id))
          .returning({ id: listings.id });
        if (!updated) throw new ApiProblem(404, 'jobNotFound');
        publicSearches.clear();
        if (action === 'restore') await opts.onListingVisible?.(id);
        return recordAction(db, userOf(request).id, action, { listingId: id });
      },
    );
  }

  api.get(
    '/admin/reported-content',
    {
      schema: {
        summary: 'Reported reviews and messages, most reported first (a message with the ones before it)',
        tags: TAGS,
        response: { 200: z.object({ items: z.array(reportedContentSchema) }) },
      },
      ...adminOnly,
    },
    async () => ({ items: await reportedContent(db) }),
  );

  // Not written to the moderation log: its rows name a listing or a user, and neither says which review or
  // message was hidden (docs/deal.md, "Reviews and profiles").
  for (const kind of ['review', 'message'] as const) {
    for (const action of ['hide', 'restore'] as const) {
      api.post(
        `/admin/${kind}s/:id/${action}`,
        {
          schema: {
            summary: `${action === 'hide' ? 'Hide' : 'Restore'} a ${kind} ${action === 'hide' ? 'from every answer' : 'a moderator hid'}`,
            tags: TAGS,
            params: idParams,
            response: { 204: noContent },
          },
          ...adminOnly,
        },
        async (request, reply) => {
          const { id } = request.params;
          if (!isSerialId(id) || !(await setContentHidden(db, kind, Number(id), action === 'hide'))) throw new ApiProblem(404, 'notFound');
          // Every read of the streams leaves hidden content out already; this reaches events read before the
          // hide and not yet written (docs/deal.md, "Hidden content"). A restore sends no event anew.
          await announceToStreams(db, { kind: action === 'hide' ? 'contentHidden' : 'contentRestored', content: kind, id: Number(id) });
          return reply.code(204).send(null);
        },
      );
    }
  }

  for (const action of ['block', 'unblock'] as const) {
    api.post(
      `/admin/users/:id/${action}`,
      {
        schema: {
          summary: `${action === 'block' ? 'Block' : 'Unblock'} a user`,
          tags: TAGS,
          params: idParams,
          response: { 200: moderationAction },
        },
        ...adminOnly,
      },
      async (request) => {
        const id = isSerialId(request.params.id) ? Number(request.params.id) : 0;
        if (id === userOf(request).id) throw new ApiProblem(403, 'forbidden');
        if (action === 'block') {
          // One moderator cannot lock another out; a moderator is removed from ADMIN_EMAILS, not blocked.
          const [target] = await db.select({ email: users.email }).from(users).where(eq(users.id, id));
          if (target && isModerator(target.email)) throw new ApiProblem(403, 'forbidden');
        }
        const [updated] = await db
          .update(users)
          .set({ blockedAt: action === 'block' ? new Date() : null })
          .where(eq(users.id, id))
          .returning({ id: users.id });
        if (!updated) throw new ApiProblem(404, 'notFound');
        await db
          .update(listings)
          .set({ isPublisherBlocked: action === 'block' })
          .where(eq(listings.publisherId, id));
        if (action === 'block') await sessions.revokeAllOf(id);
        publicSearches.clear();
        return recordAction(db, userOf(request).id, action, { userId: id });
      },
    );
  }
}
