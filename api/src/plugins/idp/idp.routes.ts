import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { lineText } from '@tasko/shared/validation';
import { byAddress, onlyLocalClients, type LocalClients } from '../security/clientKey.js';
import { escapeHtml } from '../site/pageHtml.js';
import { LOCAL_CLIENT_ID, type LocalIdentityProvider } from './idpKeys.js';

const authorizeQuery = z.object({
  client_id: z.string().optional(),
  redirect_uri: z.string(),
  response_type: z.string().optional(),
  scope: z.string().optional(),
  nonce: z.string().max(200).optional(),
  state: z.string().max(4000).optional(),
});

const identity = z.object({
  email: z.email().max(254),
  // A line, as every name is (text.ts): it is signed into the token and kept as the member's name.
  name: lineText('invalidRequest').trim().min(1).max(100),
  // The sign-in form sends an empty field when the site asked for no nonce.
  nonce: z
    .string()
    .max(200)
    .optional()
    .transform((nonce) => nonce || undefined),
});

/**
 * The local OpenID provider (docs/architecture.md#the-local-identity-provider): the same redirect flow as Google's,
 * offline. It stands in for Google's own page, so it is plain and outside the site's translations.
 */
export async function idpRoutes(
  app: FastifyInstance,
  opts: { idp: LocalIdentityProvider; publicOrigin: string; clients: LocalClients; tokenRateLimit: number },
): Promise<void> {
  const { idp, publicOrigin } = opts;

  // It signs in any address it is given, moderators' included: only for a browser on this machine, or on its
  // private networks with DEV_IDP=on (docs/security.md, "The local identity provider behind a proxy"). The
  // client is the one the server resolves (`request.ip`): behind a trusted proxy, the address the proxy
  // reports, never the proxy's own loopback socket.
  app.addHook('onRequest', onlyLocalClients(opts.clients));
  const signInLimit = { rateLimit: { max: opts.tokenRateLimit, timeWindow: 60_000, keyGenerator: byAddress } };

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  /** Only the site's own pages may receive a token: the configured origin or the one this request came to. */
  function isOwnRedirect(request: FastifyRequest, redirectUri: string): boolean {
    try {
      const target = new URL(redirectUri).origin;
      return target === publicOrigin || target === `${request.protocol}://${request.host}`;
    } catch {
      return false;
    }
  }

  app.get('/.well-known/openid-configuration', async () => ({
    issuer: idp.issuer,
    authorization_endpoint: `${idp.issuer}/authorize`,
    jwks_uri: `${idp.issuer}/jwks`,
    response_types_supported: ['id_token'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    scopes_supported: ['openid', 'email', 'profile'],
  }));

  app.get('/jwks', async () => idp.jwks);

  app.get('/authorize', async (request, reply) => {
    const query = authorizeQuery.safeParse(request.query);
    if (!query.success || !isOwnRedirect(request, query.data.redirect_uri)) {
      return reply.code(400).send({ statusCode: 400, messageKey: 'invalidRequest' });
    }
    const hidden = (['redirect_uri', 'nonce', 'state'] as const)
      .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(query.data[name] ?? '')}">`)
      .join('');
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in (local identity provider)</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><link rel="stylesheet" href="/dev-idp/style.css"></head>
<body><main><h1>Sign in</h1><p>Local identity provider: no Google client id is configured.</p>
<form method="post" action="/dev-idp/authorize">${hidden}
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required>
<label for="name">Name</label><input id="name" name="name" autocomplete="name" required>
<button type="submit">Continue</button></form></main></body></html>`);
  });

  app.post('/authorize', { config: signInLimit }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, string>;
    const who = identity.safeParse(body);
    const redirectUri = body.redirect_uri ?? '';
    if (!who.success || !isOwnRedirect(request, redirectUri)) {
      return reply.code(400).send({ statusCode: 400, messageKey: 'invalidRequest' });
    }
    const idToken = await idp.signIdToken(who.data);
    const fragment = new URLSearchParams({ id_token: idToken, ...(body.state ? { state: body.state } : {}) });
    return reply.redirect(`${redirectUri}#${fragment.toString()}`, 303);
  });

  /** For scripts and tests: an ID token without the form (`nonce` from POST /api/v1/auth/nonce). */
  app.post('/token', { config: signInLimit }, async (request, reply) => {
    const who = identity.safeParse(request.body);
    if (!who.success) return reply.code(400).send({ statusCode: 400, messageKey: 'invalidRequest' });
    return { id_token: await idp.signIdToken(who.data) };
  });

  app.get('/style.css', async (_request, reply) =>
    reply
      .type('text/css')
      .send(
        'body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;background:#f4f6f5}main{background:#fff;padding:2rem;border-radius:12px;box-shadow:0 2px 12px #0002;width:min(22rem,90vw)}label{display:block;margin-top:1rem;font-weight:600}input{width:100%;padding:.6rem;margin-top:.25rem;box-sizing:border-box}button{margin-top:1.5rem;width:100%;padding:.7rem;background:#0f766e;color:#fff;border:0;border-radius:8px;font-weight:700}',
      ),
  );
}

export { LOCAL_CLIENT_ID };
