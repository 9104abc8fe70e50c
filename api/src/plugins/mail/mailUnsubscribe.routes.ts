import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { ApiProblem } from '../errors/errors.plugin.js';
import { unsubscribeAnswer, unsubscribeQuery } from '../alerts/alert.schemas.js';
import { deleteAlert } from '../alerts/alerts.queries.js';
import { optOut } from './dealMail.queries.js';
import type { UnsubscribeTokens } from './unsubscribeTokens.js';

/**
 * `POST /mail/unsubscribe?token=…`: the one unsubscribe of every email, the one-click of RFC 8058 that a mail
 * provider POSTs (`List-Unsubscribe=One-Click`, a form) and the unsubscribe page's call (an empty or JSON
 * body). An alert's token deletes that alert; a deal email's token stops that kind of email to its user
 * (docs/deal.md, "Emails"). The body says nothing the token does not, so it is read and dropped; its own
 * scope, so these parsers touch no other route. `POST /alerts/unsubscribe` stays for the links of alert
 * emails already sent.
 */
export async function mailUnsubscribeRoutes(app: FastifyInstance, opts: { db: Database; tokens: UnsubscribeTokens }): Promise<void> {
  const ignoreBody = { parseAs: 'string' as const, bodyLimit: 4096 };
  app.addContentTypeParser('application/x-www-form-urlencoded', ignoreBody, (_request, _body, done) => done(null, null));
  // Fastify refuses an empty JSON body by default; a page's fetch may send one.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', ignoreBody, (_request, _body, done) => done(null, null));

  app.withTypeProvider<ZodTypeProvider>().post(
    '/mail/unsubscribe',
    {
      schema: {
        summary: 'Stop what an email’s unsubscribe token names: its alert, or its kind of deal email (RFC 8058 one-click; no session)',
        tags: ['mail'],
        querystring: unsubscribeQuery,
        response: { 200: unsubscribeAnswer },
      },
    },
    async (request) => {
      const { token } = request.query;
      const dealMail = opts.tokens.verifyDealMail(token);
      if (dealMail) {
        await optOut(opts.db, dealMail.userId, dealMail.kind);
        return { unsubscribed: true as const };
      }
      const alertId = await opts.tokens.verify(token);
      if (alertId === null) throw new ApiProblem(400, 'unsubscribeInvalid');
      // An alert already gone is the outcome asked for: a second click, or the owner deleted it.
      await deleteAlert(opts.db, alertId);
      return { unsubscribed: true as const };
    },
  );
}
