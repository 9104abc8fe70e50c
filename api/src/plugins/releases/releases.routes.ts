import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CLIENT_ERROR_KINDS,
  CLIENT_ERROR_MESSAGE_MAX,
  PAGE_ROUTES,
  RELEASE_AREAS,
  RELEASE_BUCKET_COOKIE,
  REMOTE_NAMES,
  type ReleaseArea,
  type RemoteName,
} from '@tasko/shared/domain';
import { noContent } from '../auth/auth.routes.js';
import { refuseInvalidRequest } from '../errors/problemSchemas.js';
import { byAddress } from '../security/clientKey.js';
import { readCookie, serverCookie } from '../security/cookies.js';
import type { SiteReleases } from '../site/siteReleases.js';

/** A visitor's bucket among canaries, 0–99, from their cookie; null when they have none (or a broken one). */
export function releaseBucketOf(request: FastifyRequest): number | null {
  const value = readCookie(request.headers.cookie, RELEASE_BUCKET_COOKIE);
  if (!value || !/^\d{1,2}$/.test(value)) return null;
  return Number(value);
}

const BUCKET_COOKIE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The visitor's bucket, given one when a canary runs and they have none yet: sticky, so the same visitor gets
 * the same release on every page. Nothing personal: a number from 0 to 99 (docs/releases.md, "Canaries").
 */
export function assignReleaseBucket(request: FastifyRequest, reply: FastifyReply, releases: SiteReleases, isSecure: boolean): number | null {
  const bucket = releaseBucketOf(request);
  if (bucket !== null || !releases.hasCanary()) return bucket;
  const assigned = Math.floor(Math.random() * 100);
  reply.header('Set-Cookie', serverCookie(RELEASE_BUCKET_COOKIE, String(assigned), { path: '/', maxAgeSeconds: BUCKET_COOKIE_SECONDS, isSecure }));
  return assigned;
}

const areaSchema = z.enum(RELEASE_AREAS as [ReleaseArea, ...ReleaseArea[]]);
const ROUTE_IDS = PAGE_ROUTES.map((route) => route.id) as [string, ...string[]];

const clientErrorSchema = z.strictObject({
  releaseId: z.string().min(1).max(40),
  remote: areaSchema,
  route: z.enum(ROUTE_IDS).nullable(),
  kind: z.enum(CLIENT_ERROR_KINDS),
  message: z.string().max(CLIENT_ERROR_MESSAGE_MAX),
});

const currentReleasesSchema = z.object({
  releases: z.record(areaSchema, z.string()),
  remotes: z.record(z.enum(REMOTE_NAMES as [RemoteName, ...RemoteName[]]), z.string()),
});

/** Larger bodies answer 413: a report is a few hundred bytes. */
const CLIENT_ERROR_BODY_LIMIT = 2 * 1024;

/**
 * What open tabs ask about releases, and what they report (docs/releases.md): the releases this visitor is
 * served now, and the errors a page's code met, counted against the release that made them.
 */
export async function releasesRoutes(app: FastifyInstance, opts: { releases: SiteReleases; clientErrorRateLimit: number }): Promise<void> {
  const { releases } = opts;

  app.get(
    '/releases/current',
    { schema: { summary: 'Which release of each area this visitor is served now, and where the remotes are', tags: ['releases'], response: { 200: currentReleasesSchema } } },
    async (request, reply) => {
      await releases.refresh();
      const { releases: ids, remotes } = releases.forVisitor(releaseBucketOf(request));
      return reply.header('Cache-Control', 'no-store').send({ releases: ids, remotes });
    },
  );

  app.post(
    '/client-errors',
    {
      schema: {
        summary: "Report an error of the page's code: no personal data, the route's id and never its URL",
        tags: ['releases'],
        body: clientErrorSchema,
        response: { 204: noContent },
      },
      bodyLimit: CLIENT_ERROR_BODY_LIMIT,
      config: { rateLimit: { max: opts.clientErrorRateLimit, timeWindow: 60_000, keyGenerator: (request: FastifyRequest) => `client-errors|${byAddress(request)}` } },
      attachValidation: true,
    },
    async (request, reply) => {
      refuseInvalidRequest(request);
      const report = request.body as z.infer<typeof clientErrorSchema>;
      releases.countError(report.remote, report.releaseId);
      request.log.warn({ clientError: report }, 'a page reported an error');
      return reply.code(204).send(null);
    },
  );
}
