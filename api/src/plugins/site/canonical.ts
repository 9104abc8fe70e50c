import type { FastifyReply, FastifyRequest } from 'fastify';

/** `/https://www.example.co.il/services?x=1` (or with one slash, or percent-encoded) → `/services?x=1`. */
const EMBEDDED_URL = /^\/(?:https?(?::|%3A))(?:\/|%2F)+[^/?]+(\/[^?]*)?(\?.*)?$/i;

export function withoutEmbeddedUrl(url: string): string | null {
  const match = EMBEDDED_URL.exec(url);
  if (!match) return null;
  // One leading slash, never `//host` or `/\host`, which a browser would read as another site.
  return (match[1] || '/').replace(/^[/\\]+/, '/') + (match[2] ?? '');
}

/**
 * Without CANONICAL_ORIGIN: a path that starts with an embedded absolute URL goes to that path on this site
 * (docs/product.md#routes, "On load"), never to the host it names.
 */
export async function embeddedUrlRedirect(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return;
  const fixedPath = withoutEmbeddedUrl(request.url);
  if (fixedPath !== null) return reply.redirect(fixedPath, 301);
}

/**
 * With CANONICAL_ORIGIN set (docs/product.md#routes, "On load"): http → https, the bare host → www, and a path
 * that starts with an embedded absolute URL → the canonical path, all in one permanent redirect. Requests for other hosts
 * (a load balancer's health check by address) are left alone.
 */
export function canonicalRedirect(canonicalOrigin: string) {
  const canonical = new URL(canonicalOrigin);
  const bareHost = canonical.host.replace(/^www\./, '');
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const host = request.host.toLowerCase();
    if (host !== canonical.host && host !== bareHost) return;
    const fixedPath = withoutEmbeddedUrl(request.url);
    const isCanonicalOrigin = `${request.protocol}:` === canonical.protocol && host === canonical.host;
    if (isCanonicalOrigin && fixedPath === null) return;
    return reply.redirect(canonical.origin + (fixedPath ?? request.url), 301);
  };
}
