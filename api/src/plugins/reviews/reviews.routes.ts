import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
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
import { findPublicReview, publishDueReviews, publishedReviewsOf, reviewWire, storeReply, storeReviewReport, writeReview, type ReviewRow } from './reviews.queries.js';
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
 * What a member's open pages and mailbox hear of reviews. Told after the commit, so a failure here cannot
 * undo a stored review: it is logged, and never fails the request (the review stands; retrying would 409).
 */
function announcer(opts: Pick<ReviewsOptions, 'userEventPublisher' | 'dealMail'>, log: FastifyBaseLogger) {
  const tell = async (userIds: number[], row: ReviewRow) => {
    try {
      await opts.userEventPublisher.publish(userIds, 'review', { review: { ...reviewWire(row), applicationId: row.applicationId } });
    } catch (error) {
      log.warn({ err: error, reviewId: row.id }, 'review event not stored');
    }
  };
  return {
    /** A review that waits for the other side's: only its author hears of it. */
    waiting: (row: ReviewRow) => tell([row.authorId], row),
    /** Reviews just published: each to both sides, and one email per deal. */
    async published(rows: readonly ReviewRow[]): Promise<void> {
      for (const row of rows) await tell([row.authorId, row.subjectId], row);
      for (const applicationId of new Set(rows.map((row) => row.applicationId))) {
        try {
          // Not awaited: the mail service only queues, and a request never waits for it.
          opts.dealMail.reviewsPublished(applicationId).catch((error: unknown) => log.warn({ err: error, applicationId }, 'reviews-published mail failed'));
        } catch (error) {
          log.warn({ err: error, applicationId }, 'reviews-published mail failed');
        }
      }
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
  const announce = announcer(opts, app.log);

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
      const written = await writeReview(db, { applicationId: Number(id), authorId: userOf(request).id, ...request.body, windowDays: config.reviewWindowDays });
      if (written.outcome === 'notAllowed') throw new ApiProblem(403, 'reviewNotAllowed');
      if (written.outcome === 'alreadyReviewed') throw new ApiProblem(409, 'alreadyReviewed');
      if (written.published.length > 0) await announce.published(written.published);
      else await announce.waiting(written.review);
      return reply.code(201).send({ review: reviewWire(written.review) });
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
        response: { 201: z.object({ reply: z.object({ text: z.string(), createdAt: z.string() }) }), 400: apiProblem, 401: apiProblem, 403: apiProblem, 404: apiProblem, 409: apiProblem },
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
        response: { 201: z.object({ reported: z.literal(true) }), 400: apiProblem, 401: apiProblem, 403: apiProblem, 404: apiProblem, 409: apiProblem },
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

  // The sweep: one at a time, never keeping the process alive, and waited for on close (its queries must
  // not outlive the database).
  let sweeping: Promise<void> | null = null;
  const sweep = async () => {
    const applicationIds = await publishDueReviews(db, config.reviewWindowDays);
    if (applicationIds.length > 0) await announce.published(await publishedReviewsOf(db, applicationIds));
  };
  const timer = setInterval(() => {
    sweeping ??= sweep()
      .catch((error: unknown) => app.log.warn({ err: error }, 'publishing due reviews failed'))
      .finally(() => {
        sweeping = null;
      });
  }, opts.sweepEveryMs ?? SWEEP_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await sweeping;
  });
}
