import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import type { AppConfig } from '../../config.js';

interface Options {
  config: AppConfig;
  /** Origins other than the site's that remotes load from right now (a CDN, a release in the bucket, a dev server). */
  remoteOrigins: () => string[];
}

/** Security headers and a Content-Security-Policy the site itself passes: no inline script anywhere. */
async function securityPlugin(app: FastifyInstance, opts: Options): Promise<void> {
  // Read per response: an origin a release adds is allowed from its first page, with no restart.
  // A remote's dev server reloads the page through its websocket: allowed outside production only.
  const devSockets = (origins: string[]) =>
    opts.config.isProduction
      ? []
      : origins.filter((origin) => origin.startsWith('http://')).map((origin) => origin.replace(/^http:/, 'ws:'));
  const withRemotes = (sources: string[], options: { sockets?: boolean } = {}) => [
    () => {
      const origins = opts.remoteOrigins();
      return [...sources, ...origins, ...(options.sockets ? devSockets(origins) : [])].join(' ');
    },
  ];
  const google = opts.config.googleClientId ? ['https://accounts.google.com'] : [];
  const s3 = opts.config.s3;
  const photos = s3 ? [new URL(s3.publicUrl ?? s3.endpoint).origin] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: withRemotes(["'self'"]),
        // React sets style attributes, and each page carries the shell's frame styles in a <style> of its own.
        styleSrc: withRemotes(["'self'", "'unsafe-inline'"]),
        imgSrc: ["'self'", 'data:', 'blob:', 'https://lh3.googleusercontent.com', ...photos],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: withRemotes(["'self'"], { sockets: true }),
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
