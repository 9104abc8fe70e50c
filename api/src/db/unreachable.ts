/** Socket failures, and PostgreSQL's connection-exception class (08) and shutdown codes (57P01–57P03). */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', '57P01', '57P02', '57P03']);
const UNREACHABLE_MESSAGE = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/;

/**
 * Whether a failure is the database (or another server) being out of reach rather than a bug: along the
 * chain of causes (drizzle wraps the driver's error), a connection code or message. Such a request answers
 * 503 `serviceUnavailable`, which the pages translate, instead of a server error.
 */
export function isUnreachable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (UNREACHABLE_MESSAGE.test(current.message)) return true;
  }
  return false;
}
