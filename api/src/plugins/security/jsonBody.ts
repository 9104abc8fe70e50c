import type { FastifyInstance } from 'fastify';
import { ApiProblem } from '../errors/errors.plugin.js';

/**
 * How deeply a JSON body may nest (docs/security.md, "Hostile input and the fuzz"). The deepest body the site
 * sends is three levels (an analytics batch: the batch, its events, an event's properties); everything past the
 * limit is refused while it is still text. Parsed, a body 5,000 levels deep overflows the stack of whatever
 * walks it next: the Idempotency-Key's digest, a log line, a schema's refusal.
 */
export const MAX_JSON_DEPTH = 32;

/** Whether JSON text opens more than `max` arrays and objects inside one another. One pass, no parsing, no recursion. */
export function isNestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let isInString = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (isInString) {
      // A backslash escapes the next character, a quote included.
      if (code === 0x5c) i += 1;
      else if (code === 0x22) isInString = false;
    } else if (code === 0x22) isInString = true;
    else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (code === 0x5d || code === 0x7d) depth -= 1;
  }
  return false;
}

/**
 * The one JSON body parser: Fastify's own (with its refusal of `__proto__` and `constructor.prototype`), behind
 * the depth check, so a body too deep answers 400 `invalidRequest` before any hook sees it.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (isNestedDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(new ApiProblem(400, 'invalidRequest'), undefined);
      return;
    }
    // Fastify's own parser answers through `done` (its type also allows a promise, which it never returns).
    void parse(request, body as string, done);
  });
}
