import zlib from 'node:zlib';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { LIMITS } from '@tasko/shared/domain';
import type { AppConfig } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { keyStoredListings, termStoredListings } from './plugins/jobs/listingKeys.js';
import errorsPlugin, { ApiProblem } from './plugins/errors/errors.plugin.js';
import securityPlugin from './plugins/security/security.plugin.js';
import { compiledSerializerCompiler } from './plugins/responseSerializer.js';
import { pgRateLimitStore, RateLimitStoreDown, sweepExpiredRows } from './plugins/security/rateLimitStore.js';
import { redisRateLimitStore } from './plugins/security/redisRateLimitStore.js';
import { closeRedis, openRedis } from './plugins/security/redisConnection.js';
import { byUserOrAddress } from './plugins/security/clientKey.js';
import { registerJsonBodyParser } from './plugins/security/jsonBody.js';
import { redactedError, redactedUrl } from './plugins/security/redact.js';
import docsPlugin from './plugins/docs/docs.plugin.js';
import { healthRoutes, readinessRoutes } from './plugins/health/health.routes.js';
import { migrationState } from './db/migrations.js';
import { IdempotentWrites } from './plugins/idempotency/idempotentWrites.js';
import { authRoutes } from './plugins/auth/auth.routes.js';
import { SessionService } from './plugins/auth/sessions.js';
import { googleVerifier, IdTokenRejected, localVerifier, type IdTokenVerifier } from './plugins/auth/idToken.js';
import { openLocalIdentityProvider, LOCAL_CLIENT_ID, type LocalIdentityProvider } from './plugins/idp/idpKeys.js';
import { idpRoutes } from './plugins/idp/idp.routes.js';
import { devMailRoutes } from './plugins/mail/devMail.routes.js';
import { createMailer } from './plugins/mail/mailer.js';
import { UnsubscribeTokens } from './plugins/mail/unsubscribeTokens.js';
import { alertsRoutes, startAlerts } from './plugins/alerts/alertService.js';
import { jobsRoutes } from './plugins/jobs/jobs.routes.js';
import { LocalPhotoStorage, PHOTO_CACHE_CONTROL, S3PhotoStorage, sweepOrphanPhotos } from './plugins/jobs/photoStorage.js';
import { SearchCache, type PublicSearchCache } from './plugins/jobs/searchCache.js';
import { reportsRoutes } from './plugins/reports/reports.routes.js';
import { moderationRoutes } from './plugins/moderation/moderation.routes.js';
import { eventsRoutes } from './plugins/events/events.routes.js';
import { settingsRoutes } from './plugins/settings/settings.routes.js';
import { placesRoutes } from './plugins/places/places.routes.js';
import { searchRoutes } from './search/search.routes.js';
import { seedDemoListings } from './plugins/demo/seedDemo.js';
import { userEventsRoutes } from './plugins/userEvents/userEvents.routes.js';
import { databaseEventPublisher } from './plugins/deal/userEvents.js';
import { dealRoutes } from './plugins/deal/deal.routes.js';
import { startDealMail } from './plugins/mail/dealMail.js';
import { mailUnsubscribeRoutes } from './plugins/mail/mailUnsubscribe.routes.js';
import { reviewsRoutes } from './plugins/reviews/reviews.routes.js';
import { usersRoutes } from './plugins/reviews/users.routes.js';
import { RESERVED_PREFIX, sitePlugin, type NotFoundPage } from './plugins/site/site.plugin.js';
import { SiteReleases, type ReleasePreview } from './plugins/site/siteReleases.js';
import { releasesRoutes } from './plugins/releases/releases.routes.js';
import { releaseStoreFor } from './releases/releaseStores.js';
import { CanaryCounts } from './releases/canaryCounts.js';
import { canonicalRedirect, embeddedUrlRedirect } from './plugins/site/canonical.js';

export interface ServerDeps {
  /** An already open database (tests share one across servers); otherwise one is opened from the config. */
  database?: DatabaseHandle;
  /** Where log lines go (tests read them); standard output otherwise. */
  logStream?: NodeJS.WritableStream;
  /** The event stream's `: ping` interval (25 s otherwise): the tests wait for one. */
  userEventPingMs?: number;
  /** Serve this release of an area to every visitor though it is not live yet, counting nothing: the release tool's smoke check. */
  releasePreview?: ReleasePreview;
  /** True once the process was told to stop: `/health/ready` answers 503 from then on (main.ts sets it on SIGTERM). */
  isDraining?: () => boolean;
  /** The steps of the close still running, by name, while the server closes: main.ts logs them if a drain overruns. */
  closeSteps?: Set<string>;
}

/** Nobody can sign in: production without Google and without the local provider switched on. */
const refusingVerifier: IdTokenVerifier = {
  verify: () => Promise.reject(new IdTokenRejected('no identity provider configured')),
};

/** Believe the nearest `hops` proxies, as Fastify does for a number (its types name no number). */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** The whole server: API under /api/v1 (a plugin per resource), the site's files and pages around it. */
export async function buildServer(config: AppConfig, deps: ServerDeps = {}): Promise<FastifyInstance> {
  const database =
    deps.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      replicaUrl: config.databaseReplicaUrl,
      replicaMaxLagMs: config.replicaMaxLagMs,
      pgliteDir: config.pgliteDir,
    }));
  const { db } = database;
  // Listings stored before search keys existed (migration 0007): keyed and mapped to places once.
  const storedListingsKeyed = await keyStoredListings(db);
  // Listings whose search terms an older vocabulary worked out, or none did: worked out again.
  const storedListingsTermed = await termStoredListings(db);
  const sessions = await SessionService.open(db);
  let idp: LocalIdentityProvider | null = null;
  let verifier = refusingVerifier;
  if (config.googleClientId) verifier = googleVerifier(config.googleClientId);
  else if (config.isLocalIdpAllowed) {
    idp = await openLocalIdentityProvider(config.dataDir, `${config.publicOrigin}/dev-idp`);
    verifier = localVerifier(idp.jwks, idp.issuer, LOCAL_CLIENT_ID);
  }
  // Demo photos are stored where uploads go, so the one storage is made here, before the seeding.
  const storage = config.s3 ? new S3PhotoStorage(config.s3) : new LocalPhotoStorage(config.uploadDir);
  const demoSeeding = config.hasDemoData ? await database.exclusively(() => seedDemoListings(db, storage)) : null;

  const notFoundPage: NotFoundPage = { serve: null };
  // A URL the router cannot read (a malformed escape, a path parameter past its length) is refused before any
  // route: in the API's one error shape, or as the site's own not-found page.
  const routerRefusal = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !RESERVED_PREFIX.test(request.url);
    if (isPage && notFoundPage.serve) {
      // Fastify does not await this hook: a failure is sent through the error handler, as a route's would be.
      notFoundPage.serve(request, reply).catch((failure: unknown) => reply.send(failure));
      return;
    }
    const problem =
      error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? { statusCode: 404, messageKey: 'notFound' }
        : { statusCode: 400, messageKey: 'invalidRequest' };
    void reply.code(problem.statusCode).send(problem);
  };
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
      // Tokens travel in these headers: never in a log line.
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: {
        // An email address or a token in a query string is personal data: logged as [redacted].
        req: (request: { method: string; url: string; host?: string; ip?: string }) => ({
          method: request.method,
          url: redactedUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
        }),
        // A failed query's parameters (anyone's data) and secret-shaped values stay out of error lines.
        err: redactedError,
      },
    },
    // Only the proxies named in TRUST_PROXY may set the client's address, host and protocol.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors: routerRefusal,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler);
  // A body nested past 32 levels is refused as text, before the Idempotency-Key's digest or a schema walks it.
  registerJsonBodyParser(app);
  app.decorateRequest('user', null);
  if (storedListingsKeyed.keyed > 0) app.log.info(storedListingsKeyed, 'stored listings keyed for search, cities mapped to places');
  if (storedListingsTermed.termed > 0) app.log.info(storedListingsTermed, 'stored listings given the search terms of this vocabulary');
  if (demoSeeding?.photoError) app.log.warn(demoSeeding, 'demo listings seeded without photos');
  else if (demoSeeding?.listings) app.log.info(demoSeeding, 'demo listings seeded');
  /** A step of the close, named in `deps.closeSteps` while it runs. */
  const onCloseStep = (name: string, step: () => unknown) =>
    app.addHook('onClose', async () => {
      deps.closeSteps?.add(name);
      try {
        await step();
      } finally {
        deps.closeSteps?.delete(name);
      }
    });
  if (!deps.database) onCloseStep('closing the database pools', () => database.close());

  await app.register(errorsPlugin);
  // Once the instance drains (SIGTERM) or closes, every answer ends its connection: a proxy's keep-alive
  // connection would otherwise hold the close back until it times out (docs/deploy.md#health-and-shutdown).
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (isClosing || deps.isDraining?.()) reply.header('connection', 'close');
    return payload;
  });
  app.addHook('onRequest', config.canonicalOrigin ? canonicalRedirect(config.canonicalOrigin) : embeddedUrlRedirect);
  // Which release of each area pages get, read again as releases, canaries and rollbacks move it: before the
  // CSP is written. A local release's files are served only once the manifest names them, so it is read for
  // them too (not for the files of dist).
  const canaryCounts = await CanaryCounts.open(db, config.canary.maxVisitorsPerAddress);
  const siteReleases = new SiteReleases(config, releaseStoreFor(config), app.log, deps.releasePreview ?? null, canaryCounts);
  onCloseStep('closing the release manifest reader', () => siteReleases.close());
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' && !/^\/(api\/|health\/|uploads\/|mfe\/(?!releases\/))/.test(request.url)) await siteReleases.refresh();
  });
  await app.register(securityPlugin, { config, remoteOrigins: () => siteReleases.origins() });
  // Ahead of compression: a kept answer is the JSON as sent (docs/deploy.md#idempotent-writes).
  const idempotentWrites = new IdempotentWrites(db);
  idempotentWrites.register(app);
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Quality 4: near the size of 11 at a fraction of the CPU, which matters on two cores.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // Saved searches: their queue lives in the database, so it starts with the server and stops before it.
  const tokens = await UnsubscribeTokens.open(db);
  const mailer = createMailer(config);
  const siteOrigin = config.canonicalOrigin ?? config.publicOrigin;
  const alerts = await startAlerts({ db, database, mailer, tokens, siteOrigin, log: app.log });
  onCloseStep('stopping the job queue (pg-boss)', () => alerts.stop());
  const onListingVisible = (listingId: number) => alerts.listingBecameVisible(listingId);
  // The deal on the site (docs/deal.md): what its routes tell members' open pages, and their emails.
  const userEventPublisher = databaseEventPublisher();
  // Its emails ride the alerts' queue (one pg-boss per process), stopped with it.
  const dealMail = await startDealMail({
    db,
    queue: alerts.queue,
    mailer,
    tokens,
    siteOrigin,
    log: app.log,
    reviewWindowDays: config.reviewWindowDays,
  });
  const redis = config.redisUrl ? await openRedis(config.redisUrl, app.log) : null;
  if (redis) onCloseStep('closing the Redis connection', () => closeRedis(redis));
  await app.register(rateLimit, {
    global: false,
    // Sign-in routes count by address instead (their own keyGenerator).
    keyGenerator: byUserOrAddress(sessions),
    // The plugin's store type names route options it never passes; ours take what it does pass (LimitScope).
    store: (redis ? redisRateLimitStore(redis, config.redisKeyPrefix) : pgRateLimitStore(db)) as never,
    errorResponseBuilder: (_request, context) => new ApiProblem(context.statusCode, 'rateLimited'),
  });
  app.addHook('onError', async (request, _reply, error) => {
    if (error instanceof RateLimitStoreDown) request.log.warn({ err: error.cause }, 'rate-limit counters unreachable: answered 503');
  });
  await app.register(multipart, {
    limits: { fileSize: LIMITS.maxImageBytes, files: LIMITS.maxImages, fields: 30, fieldSize: 64 * 1024, parts: 40 },
  });
  await app.register(docsPlugin);
  const checkRedis = redis ? () => redis.ping().then(() => undefined) : undefined;
  await app.register(readinessRoutes, {
    checkPrimary: () => database.check(),
    replicaState: () => database.reads.state(),
    ...(checkRedis ? { checkRedis } : {}),
    migrations: (isPrimaryUp) => migrationState(isPrimaryUp ? db : database.reads.db()),
    isDraining: deps.isDraining ?? (() => false),
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { checkDatabase: () => database.check(), ...(checkRedis ? { checkRedis } : {}) });
      await api.register(authRoutes, {
        db,
        sessions,
        verifier,
        signInRateLimit: config.signInRateLimit,
        adminEmails: config.adminEmails,
        isSecureCookie: (config.canonicalOrigin ?? config.publicOrigin).startsWith('https:'),
      });
      const publicSearches: PublicSearchCache = new SearchCache(config.searchCacheMs);
      await api.register(jobsRoutes, {
        db,
        publicReads: database.reads,
        idempotentWrites,
        sessions,
        storage,
        publicSearches,
        writeRateLimit: config.writeRateLimit,
        contactRevealLimit: config.contactRevealLimit,
        contactRevealAddressLimit: config.contactRevealAddressLimit,
        contactRevealNewAccountLimit: config.contactRevealNewAccountLimit,
        uploadTimeBudgetMs: config.uploadTimeBudgetMs,
        onListingVisible,
      });
      await api.register(reportsRoutes, { db, sessions, reportRateLimit: config.writeRateLimit });
      await api.register(moderationRoutes, { db, sessions, publicSearches, adminEmails: config.adminEmails, onListingVisible });
      await api.register(alertsRoutes, { db, sessions, tokens, writeRateLimit: config.writeRateLimit });
      // Every email's unsubscribe link, an alert's or a kind of deal email's (RFC 8058 one-click; no session).
      await api.register(mailUnsubscribeRoutes, { db, tokens });
      await api.register(eventsRoutes, { db, sessions, eventsRateLimit: config.eventsRateLimit });
      await api.register(settingsRoutes, { db, sessions, writeRateLimit: config.writeRateLimit });
      await api.register(placesRoutes);
      await api.register(searchRoutes, { publicReads: database.reads });
      await api.register(releasesRoutes, { releases: siteReleases, clientErrorRateLimit: config.clientErrorRateLimit });
      // The live event stream (docs/deal.md, "Real time"): its own listening connection to the database.
      await api.register(userEventsRoutes, {
        database,
        sessions,
        replayMax: config.streamReplayMax,
        ...(deps.userEventPingMs ? { pingIntervalMs: deps.userEventPingMs } : {}),
      });
      // The deal's routes (docs/deal.md) take { db, sessions, config, userEventPublisher, dealMail } as they need.
      await api.register(reviewsRoutes, { db, sessions, config, userEventPublisher, dealMail });
      await api.register(usersRoutes, { db });
      await api.register(dealRoutes, {
        db,
        sessions,
        userEventPublisher,
        dealMail,
        writeRateLimit: config.writeRateLimit,
        applicationRateLimit: config.applicationRateLimit,
        messageRateLimit: config.messageRateLimit,
        conversationDailyLimit: config.conversationDailyLimit,
        hireOfferHours: config.hireOfferHours,
      });
    },
    { prefix: '/api/v1' },
  );
  if (idp) {
    // The outbox shows everyone's mail and unsubscribe tokens: only where the local provider runs, and like it.
    await app.register(devMailRoutes, { prefix: '/dev-mail', outboxDir: config.outboxDir, clients: config.localIdpClients });
    await app.register(idpRoutes, {
      prefix: '/dev-idp',
      idp,
      publicOrigin: config.publicOrigin,
      clients: config.localIdpClients,
      tokenRateLimit: config.signInRateLimit,
    });
  }
  /** `task` every `ms` while the server runs, a failure logged: it never keeps the process alive, and stops on close. */
  const repeat = (ms: number, failure: string, task: () => Promise<void>) => {
    const timer = setInterval(() => void task().catch((error: unknown) => app.log.warn({ err: error }, failure)), ms);
    timer.unref();
    app.addHook('onClose', () => clearInterval(timer));
  };
  // Every invented client address used to leave a counter row behind for good.
  repeat(60_000, 'sweeping expired rows failed', () => sweepExpiredRows(db));
  repeat(10 * 60_000, 'sweeping expired idempotency keys failed', () => idempotentWrites.sweep());
  repeat(60_000, 'sweeping canary counts failed', () => siteReleases.sweepCanaryCounts());
  // A post killed between writing its photos and its row leaves files no listing shows: gone an hour later.
  repeat(10 * 60_000, 'sweeping orphan photos failed', async () => {
    const removed = await sweepOrphanPhotos(db, storage);
    if (removed.length > 0) app.log.info({ removed: removed.length }, 'orphan photos removed');
  });
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
  // Photos in a bucket are served from there (S3_PUBLIC_URL); only local ones from here.
  if (!config.s3) {
    await app.register(fastifyStatic, {
      root: config.uploadDir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      // Not `immutable` for a year: a deleted listing's photos must stop being served.
      setHeaders: ((reply: { header(name: string, value: string): void }) => {
        reply.header('Cache-Control', PHOTO_CACHE_CONTROL);
      }) as unknown as (res: unknown, path: string) => void,
    });
  }
  await app.register(sitePlugin, { config, publicReads: database.reads, siteReleases, notFoundPage });
  return app;
}
