import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isSerialId } from '@tasko/shared/domain';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { ApiProblem } from '../errors/errors.plugin.js';
import { requireAdult, userOf } from '../auth/authenticate.js';
import type { SessionService } from '../auth/sessions.js';
import type { DealMail } from '../deal/dealMail.js';
import type { UserEventPublisher } from '../deal/userEvents.js';
import { reportBody } from '../reports/reports.routes.js';
import { periodicSweep } from '../sweeps/periodicSweep.js';
import {
  findPublicReview,
  publishDueReviews,
  publishedReviewsOf,
  reviewWire,
  storeReply,
  storeReviewReport,
  writeReview,
  type ReviewRow,
} from './reviews.queries.js';
import { apiProblem, refuseInvalidRequest } from '../errors/problemSchemas.js';
import { replyInput, review, reviewInput } from './reviews.schemas.js';

const TAGS = ['reviews'];
const idParams = z.object({ id: z.string() });
/** How often closed review windows are swept for reviews to publish alone (docs/deal.md, "Reviews and profiles"). */
const SWEEP_EVERY_MS = 5_000;

export interface ReviewsOptions {
  db: Database;
  sessions: SessionService;
  config: Pick<AppConfig, 'reviewWindowDays' | 'writeRateLimit'>;
  userEventPublisher: UserEventPublisher;
  dealMail: DealMail;
  /** Tests sweep sooner; the server every 5 seconds. */
  sweepEveryMs?: number;
}

/**
 * What a member's open pages and mailbox hear of reviews, written in the review's own transaction `tx`
 * (docs/deal.md, "One transaction"): the events and emails are committed with the reviews or not at all.
 */
function announcer(opts: Pick<ReviewsOptions, 'userEventPublisher' | 'dealMail'>) {
  const tell = (tx: Database, userIds: number[], row: ReviewRow) =>
    opts.userEventPublisher.publish(tx, userIds, 'review', { review: { ...reviewWire(row), applicationId: row.applicationId } });
  return {
    /** A review that waits for the other side's: only its author hears of it. */
    waiting: (tx: Database, row: ReviewRow) => tell(tx, [row.authorId], row),
    /** Reviews just published: each to both sides, and one email per deal. */
    async published(tx: Database, rows: readonly ReviewRow[]): Promise<void> {
      for (const row of rows) await tell(tx, [row.authorId, row.subjectId], row);
      for (const applicationId of new Set(rows.map((row) => row.applicationId))) await opts.dealMail.reviewsPublished(tx, applicationId);
    },
  };
}

/**
 * Reviews of done deals (docs/deal.md, "Reviews and profiles"): writing one, the reviewed person's reply,
 * reports, and the sweep that publishes a lone review when its window closes.
 */
export async function reviewsRoutes(app: FastifyInstance, opts: ReviewsOptions): Promise<void> {
  const { db, config } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const adult = requireAdult(opts.sessions);
  const WRITE_LIMIT = { rateLimit: { max: config.writeRateLimit, timeWindow: 60_000 } };
  const announce = announcer(opts);

  api.post(
    '/applications/:id/reviews',
    {
      schema: {
        summary: 'Review the other side of a done deal, once, within the review window (double-blind until both wrote or it closed)',
        tags: TAGS,
        params: idParams,
        body: reviewInput,
        response: { 201: z.object({ review }), 400: apiProblem, 401: apiProblem, 403: apiProblem, 409: apiProblem },
      },
      attachValidation: true,
      onRequest: adult,
      config: { ...WRITE_LIMIT, idempotency: 'body' },
    },
    async (request, reply) => {
      refuseInvalidRequest(request);
      const { id } = request.params;
      // An id that names no application is refused like a deal the caller may not review: nothing is revealed.
      if (!isSerialId(id)) throw new ApiProblem(403, 'reviewNotAllowed');
      const review = await db.transaction(async (tx) => {
        const written = await writeReview(tx, {
          applicationId: Number(id),
          authorId: userOf(request).id,
          ...request.body,
          windowDays: config.reviewWindowDays,
        });
        if (written.outcome === 'notAllowed') throw new ApiProblem(403, 'reviewNotAllowed');
        if (written.outcome === 'alreadyReviewed') throw new ApiProblem(409, 'alreadyReviewed');
        if (written.published.length > 0) await announce.published(tx, written.published);
        else await announce.waiting(tx, written.review);
        return written.review;
      });
      return reply.code(201).send({ review: reviewWire(review) });
    },
  );

  api.post(
    '/reviews/:id/reply',
    {
      schema: {
        summary: 'The reviewed person’s one public reply to a published review',
        tags: TAGS,
        params: idParams,
        body: replyInput,
        response: {
          201: z.object({ reply: z.object({ text: z.string(), createdAt: z.string() }) }),
          400: apiProblem,
          401: apiProblem,
          403: apiProblem,
          404: apiProblem,
          409: apiProblem,
        },
      },
      attachValidation: true,
      onRequest: adult,
      config: WRITE_LIMIT,
    },
    async (request, reply) => {
      refuseInvalidRequest(request);
      const found = isSerialId(request.params.id) ? await findPublicReview(db, Number(request.params.id)) : null;
      if (!found) throw new ApiProblem(404, 'notFound');
      const me = userOf(request).id;
      if (found.subjectId !== me) throw new ApiProblem(403, 'forbidden');
      const stored = await storeReply(db, found.id, me, request.body.text);
      if (!stored) throw new ApiProblem(409, 'alreadyReplied');
      return reply.code(201).send({ reply: stored });
    },
  );

  api.post(
    '/reviews/:id/reports',
    {
      schema: {
        summary: 'Report a published review (discriminatory, scam, offensive, illegal, other)',
        tags: TAGS,
        params: idParams,
        body: reportBody,
        response: {
          201: z.object({ reported: z.literal(true) }),
          400: apiProblem,
          401: apiProblem,
          403: apiProblem,
          404: apiProblem,
          409: apiProblem,
        },
      },
      onRequest: adult,
      config: WRITE_LIMIT,
    },
    async (request, reply) => {
      const found = isSerialId(request.params.id) ? await findPublicReview(db, Number(request.params.id)) : null;
      if (!found) throw new ApiProblem(404, 'notFound');
      const reporter = userOf(request).id;
      // As a listing's owner cannot report their listing.
      if (found.authorId === reporter) throw new ApiProblem(403, 'forbidden');
      if (!(await storeReviewReport(db, found.id, reporter, request.body))) throw new ApiProblem(409, 'alreadyReported');
      return reply.code(201).send({ reported: true as const });
    },
  );

  // The sweep publishes a lone review when its window closes, with its events and emails, in one transaction.
  periodicSweep(app, 'publishing due reviews', opts.sweepEveryMs ?? SWEEP_EVERY_MS, () =>
    db.transaction(async (tx) => {
      const applicationIds = await publishDueReviews(tx, config.reviewWindowDays);
      if (applicationIds.length > 0) await announce.published(tx, await publishedReviewsOf(tx, applicationIds));
    }),
  );
}
