import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REPORT_NOTE_MAX_LENGTH, REPORT_REASONS } from '@tasko/shared/domain';
import { freeText } from '@tasko/shared/validation';
import type { Database } from '../../db/client.js';
import { reports } from '../../db/schema.js';
import { ApiProblem } from '../errors/errors.plugin.js';
import { requireUser, userOf } from '../auth/authenticate.js';
import type { SessionService } from '../auth/sessions.js';
import { findListing } from '../jobs/jobs.queries.js';
import { listingId } from '../jobs/listingId.js';

/** A report of what members can report (a listing, a review, a message): a reason and an optional note. */
export const reportBody = z.object({
  reason: z.enum(REPORT_REASONS, { message: 'reportReasonRequired' }),
  note: freeText('reportNoteTooLong').trim().max(REPORT_NOTE_MAX_LENGTH, { message: 'reportNoteTooLong' }).default(''),
});

/**
 * "Report" on a listing page (docs/product.md#legal: users can report discriminatory content): one report per
 * user and listing.
 */
export async function reportsRoutes(
  app: FastifyInstance,
  opts: { db: Database; sessions: SessionService; reportRateLimit: number },
): Promise<void> {
  const { db } = opts;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/jobs/:id/reports',
    {
      schema: {
        summary: 'Report a listing (discriminatory, scam, offensive, illegal, other)',
        tags: ['trust and safety'],
        params: z.object({ id: z.string() }),
        body: reportBody,
        response: { 201: z.object({ reported: z.literal(true) }) },
      },
      onRequest: requireUser(opts.sessions),
      config: { rateLimit: { max: opts.reportRateLimit, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const reporter = userOf(request);
      const listing = await findListing(db, listingId(request.params.id));
      if (!listing || listing.status !== 'active') throw new ApiProblem(404, 'jobNotFound');
      if (listing.publisherId === reporter.id) throw new ApiProblem(403, 'forbidden');
      const [stored] = await db
        .insert(reports)
        .values({ listingId: listing.id, reporterId: reporter.id, reason: request.body.reason, note: request.body.note })
        .onConflictDoNothing()
        .returning({ id: reports.id });
      if (!stored) throw new ApiProblem(409, 'alreadyReported');
      return reply.code(201).send({ reported: true as const });
    },
  );
}
