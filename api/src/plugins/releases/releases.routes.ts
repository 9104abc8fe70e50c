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
import { PAGE_TOKEN_MAX_LENGTH, type CanaryVisitor } from '../../releases/canaryCounts.js';

/** The visitor a request's bucket cookie names, when the server signed it; null for none, or a forged or old one. */
export function releaseVisitorOf(request: FastifyRequest, releases: SiteReleases): CanaryVisitor | null {
  return releases.visitorOf(readCookie(request.headers.cookie, RELEASE_BUCKET_COOKIE));
}

const BUCKET_COOKIE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The visitor's bucket, given by the server when a canary runs and they have none it signed: sticky, so the
 * same visitor gets the same release on every page, and never the visitor's to choose (a forged, edited or
 * unsigned cookie is replaced). Nothing personal: a number from 0 to 99 and a random id (docs/releases.md,
 * "How a canary counts").
 */
export function assignReleaseBucket(
  request: FastifyRequest,
  reply: FastifyReply,
  releases: SiteReleases,
  isSecure: boolean,
): CanaryVisitor | null {
  const visitor = releaseVisitorOf(request, releases);
  if (visitor || !releases.hasCanary()) return visitor;
  const assigned = releases.newVisitor();
  if (!assigned) return null;
  reply.header(
    'Set-Cookie',
    serverCookie(RELEASE_BUCKET_COOKIE, assigned.cookie, { path: '/', maxAgeSeconds: BUCKET_COOKIE_SECONDS, isSecure }),
  );
  return assigned.visitor;
}

const areaSchema = z.enum(RELEASE_AREAS as [ReleaseArea, ...ReleaseArea[]]);
const ROUTE_IDS = PAGE_ROUTES.map((route) => route.id) as [string, ...string[]];

/** The page's token (RuntimeConfig's `canary`): only a valid one makes a report or a load count. */
const pageTokenSchema = z.string().min(1).max(PAGE_TOKEN_MAX_LENGTH);

const clientErrorSchema = z.strictObject({
  releaseId: z.string().min(1).max(40),
  remote: areaSchema,
  route: z.enum(ROUTE_IDS).nullable(),
  kind: z.enum(CLIENT_ERROR_KINDS),
  message: z.string().max(CLIENT_ERROR_MESSAGE_MAX),
  // Optional: shells released before tokens still send reports without one, answered 204 and counted nowhere.
  token: pageTokenSchema.optional(),
});

const pageLoadSchema = z.strictObject({
  token: pageTokenSchema,
  areas: z.array(areaSchema).min(1).max(RELEASE_AREAS.length),
});

const currentReleasesSchema = z.object({
  releases: z.record(areaSchema, z.string()),
  remotes: z.record(z.enum(REMOTE_NAMES as [RemoteName, ...RemoteName[]]), z.string()),
});

/** Larger bodies answer 413: a report is a few hundred bytes, and so is a page load's beacon. */
const CLIENT_ERROR_BODY_LIMIT = 2 * 1024;

/** Per client address, each route its own count: what the reports and beacons of one address may cost. */
const perAddress = (route: string, max: number) => ({
  rateLimit: { max, timeWindow: 60_000, keyGenerator: (request: FastifyRequest) => `${route}|${byAddress(request)}` },
});

/**
 * What open tabs ask about releases, and what they report (docs/releases.md): the releases this visitor is
 * served now, the loads a page's script ran, and the errors it met, each counted against the release that
 * made them only with the page's token.
 */
export async function releasesRoutes(app: FastifyInstance, opts: { releases: SiteReleases; clientErrorRateLimit: number }): Promise<void> {
  const { releases } = opts;

  app.get(
    '/releases/current',
    {
      schema: {
        summary: 'Which release of each area this visitor is served now, and where the remotes are',
        tags: ['releases'],
        response: { 200: currentReleasesSchema },
      },
    },
    async (request, reply) => {
      await releases.refresh();
      const { releases: ids, remotes } = releases.forVisitor(releaseVisitorOf(request, releases)?.bucket ?? null);
      return reply.header('Cache-Control', 'no-store').send({ releases: ids, remotes });
    },
  );

  app.post(
    '/client-errors',
    {
      schema: {
        summary:
          "Report an error of the page's code: no personal data, the route's id and never its URL; it counts only with the page's token",
        tags: ['releases'],
        body: clientErrorSchema,
        response: { 204: noContent },
      },
      bodyLimit: CLIENT_ERROR_BODY_LIMIT,
      config: perAddress('client-errors', opts.clientErrorRateLimit),
      attachValidation: true,
    },
    async (request, reply) => {
      refuseInvalidRequest(request);
      const { token, ...report } = request.body as z.infer<typeof clientErrorSchema>;
      // Without a valid token (a shell from before tokens, a forged report) it is logged and counts nothing.
      const outcome = token ? await releases.countError(token, report.remote, report.releaseId, request.ip) : null;
      request.log.warn({ clientError: report, isCounted: outcome?.isErrorCounted ?? false }, 'a page reported an error');
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/page-loads',
    {
      schema: {
        summary: "A page's script ran: its load of these areas counts for their canaries, once per page token (docs/releases.md)",
        tags: ['releases'],
        body: pageLoadSchema,
        response: { 204: noContent },
      },
      bodyLimit: CLIENT_ERROR_BODY_LIMIT,
      config: perAddress('page-loads', opts.clientErrorRateLimit),
      attachValidation: true,
    },
    async (request, reply) => {
      refuseInvalidRequest(request);
      const { token, areas } = request.body as z.infer<typeof pageLoadSchema>;
      await releases.countLoads(token, areas, request.ip);
      return reply.code(204).send(null);
    },
  );
}
