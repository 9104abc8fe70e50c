import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEAL_LIMITS, displayNameOf, isSerialId, type UserProfile } from '@tasko/shared/domain';
import type { Database } from '../../db/client.js';
import { ApiProblem } from '../errors/errors.plugin.js';
import { findPublisher } from '../jobs/jobs.queries.js';
import { publisherWire } from '../jobs/listingWire.js';
import { ratingsOf } from './ratings.js';
import { isVisibleMember, publicReviewsOf } from './reviews.queries.js';
import { apiProblem } from '../errors/problemSchemas.js';
import { reviewsPage, reviewsQuery, userProfile } from './reviews.schemas.js';

const TAGS = ['users'];
const idParams = z.object({ id: z.string() });

/** The member behind a URL's id: an id that cannot be one, an unknown member and a blocked one are all not found. */
function memberId(raw: string): number {
  if (!isSerialId(raw)) throw new ApiProblem(404, 'userNotFound');
  return Number(raw);
}

/**
 * Public profiles (docs/deal.md, "Profiles"): no session, never an email or a surname. The listing page's
 * poster block (the same query and fields), with the member's id and their rating as poster and as worker.
 */
export async function usersRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/users/:id',
    {
      schema: {
        summary: 'A member’s public profile: display name, month joined, active listings, rating by role',
        tags: TAGS,
        params: idParams,
        response: { 200: userProfile, 404: apiProblem },
      },
    },
    async (request): Promise<UserProfile> => {
      const id = memberId(request.params.id);
      const [member, ratings] = await Promise.all([findPublisher(db, id), ratingsOf(db, [id])]);
      const rating = ratings.get(id);
      if (!member || member.blockedAt || !rating) throw new ApiProblem(404, 'userNotFound');
      return { id, ...publisherWire(member), displayName: displayNameOf(member.name), rating };
    },
  );

  api.get(
    '/users/:id/reviews',
    {
      schema: {
        summary: 'A member’s published reviews, newest first, a page at a time',
        tags: TAGS,
        params: idParams,
        querystring: reviewsQuery,
        response: { 200: reviewsPage, 400: apiProblem, 404: apiProblem },
      },
    },
    async (request) => {
      const id = memberId(request.params.id);
      if (!(await isVisibleMember(db, id))) throw new ApiProblem(404, 'userNotFound');
      return publicReviewsOf(db, id, request.query.page, DEAL_LIMITS.reviewsPageSize);
    },
  );
}
