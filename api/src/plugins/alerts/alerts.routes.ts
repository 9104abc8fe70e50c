import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isSerialId } from '@tasko/shared/domain';
import type { Database } from '../../db/client.js';
import { ApiProblem } from '../errors/errors.plugin.js';
import { requireUser, userOf } from '../auth/authenticate.js';
import type { SessionService } from '../auth/sessions.js';
import { noContent } from '../auth/auth.routes.js';
import type { UnsubscribeTokens } from '../mail/unsubscribeTokens.js';
import { alertInput, alertList, alertWire, unsubscribeAnswer, unsubscribeQuery } from './alert.schemas.js';
import { alertsOf, alertWireOf, createAlert, deleteAlert } from './alerts.queries.js';

const TAGS = ['alerts'];
const idParams = z.object({ id: z.string() });

/**
 * The one-click unsubscribe of RFC 8058 (a mail provider POSTs `List-Unsubscribe=One-Click` as a form) and
 * the page's own call (an empty or JSON body): the body says nothing the token does not, so it is read and
 * dropped. Its own scope, so these parsers touch no other route.
 */
async function unsubscribeRoute(app: FastifyInstance, opts: { db: Database; tokens: UnsubscribeTokens }): Promise<void> {
  const ignoreBody = { parseAs: 'string' as const, bodyLimit: 4096 };
  app.addContentTypeParser('application/x-www-form-urlencoded', ignoreBody, (_request, _body, done) => done(null, null));
  // Fastify refuses an empty JSON body by default; a page's fetch may send one.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', ignoreBody, (_request, _body, done) => done(null, null));

  app.withTypeProvider<ZodTypeProvider>().post(
    '/alerts/unsubscribe',
    {
      schema: {
        summary: 'Delete the alert an email’s unsubscribe token names (RFC 8058 one-click; no session)',
        tags: TAGS,
        querystring: unsubscribeQuery,
        response: { 200: unsubscribeAnswer },
      },
    },
    async (request) => {
      const alertId = await opts.tokens.verify(request.query.token);
      if (alertId === null) throw new ApiProblem(400, 'unsubscribeInvalid');
      // An alert already gone is the outcome asked for: a second click, or the owner deleted it.
      await deleteAlert(opts.db, alertId);
      return { unsubscribed: true as const };
    },
  );
}

/** Saved searches under /api/v1: the signed-in user's own, and the email's unsubscribe link. */
export async function alertsRoutes(
  app: FastifyInstance,
  opts: { db: Database; sessions: SessionService; tokens: UnsubscribeTokens; writeRateLimit: number },
): Promise<void> {
  const { db } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(opts.sessions);
  const WRITE_LIMIT = { rateLimit: { max: opts.writeRateLimit, timeWindow: 60_000 } };

  api.get(
    '/me/alerts',
    { schema: { summary: 'My saved searches, newest first', tags: TAGS, response: { 200: alertList } }, onRequest: signedIn },
    async (request) => ({
      alerts: (await alertsOf(db, userOf(request).id)).map(alertWireOf),
    }),
  );

  api.post(
    '/me/alerts',
    {
      schema: { summary: 'Save a search: mail me new listings like these', tags: TAGS, body: alertInput, response: { 201: alertWire } },
      onRequest: signedIn,
      config: { ...WRITE_LIMIT, idempotency: 'body' },
    },
    async (request, reply) => {
      const row = await createAlert(db, userOf(request).id, request.body);
      return reply.code(201).send(alertWireOf(row));
    },
  );

  api.delete(
    '/me/alerts/:id',
    {
      schema: { summary: 'Delete my saved search', tags: TAGS, params: idParams, response: { 204: noContent } },
      onRequest: signedIn,
      config: WRITE_LIMIT,
    },
    async (request, reply) => {
      const { id } = request.params;
      // Another user's alert answers exactly like one that does not exist.
      if (!isSerialId(id) || !(await deleteAlert(db, Number(id), userOf(request).id))) throw new ApiProblem(404, 'notFound');
      return reply.code(204).send(null);
    },
  );

  await app.register(unsubscribeRoute, { db, tokens: opts.tokens });
}
