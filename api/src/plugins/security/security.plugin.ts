import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import type { AppConfig } from '../../config.js';

/** Origins a remote is loaded from when MFE_<NAME>_URL points elsewhere (a CDN): scripts may come from there. */
function remoteOrigins(config: AppConfig): string[] {
  const origins = new Set<string>();
  for (const url of Object.values(config.remotes)) {
    if (/^https?:\/\//.test(url)) origins.add(new URL(url).origin);
  }
  return [...origins];
}

/** Security headers and a Content-Security-Policy the site itself passes: no inline script anywhere. */
async function securityPlugin(app: FastifyInstance, opts: { config: AppConfig }): Promise<void> {
  const remotes = remoteOrigins(opts.config);
  const google = opts.config.googleClientId ? ['https://accounts.google.com'] : [];
  const s3 = opts.config.s3;
  const photos = s3 ? [new URL(s3.publicUrl ?? s3.endpoint).origin] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...remotes],
        // React sets style attributes, and each page carries the shell's frame styles in a <style> of its own.
        styleSrc: ["'self'", "'unsafe-inline'", ...remotes],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://lh3.googleusercontent.com', ...photos],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", ...remotes],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'", ...google],
        ...(opts.config.canonicalOrigin?.startsWith('https:') ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Remotes may be served to a shell on another origin (CDN setups).
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: opts.config.canonicalOrigin?.startsWith('https:') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onSend', async (_request, reply) => {
    // The posting form may use the camera; nothing else may.
    reply.header('Permissions-Policy', 'camera=(self), microphone=(), geolocation=(), payment=()');
  });
}

export default fp(securityPlugin, { name: 'security' });
