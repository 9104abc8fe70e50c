/** Query parameters whose values are personal data or secrets, whatever they hold (compared decoded, lower-cased). */
const SECRET_PARAMS = new Set(['useremail', 'email', 'token', 'id_token', 'access_token', 'nonce', 'state', 'code', 'ticket']);

/**
 * Values that are secrets or personal data by their shape, under any name and anywhere in a URL: a JWT (an
 * ID token), an email address, an unsubscribe token (`u1.<id>.<signature>`, the form of an alert email's link).
 */
const SECRET_SHAPES = [/eyJ[\w-]*\.[\w-]+\.[\w-]*/g, /[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}/gi, /u1\.\d+\.[\w-]{20,}/g];

export const REDACTED = '[redacted]';

/** Percent-decoded (and `+` as a space), or as written when the escape is malformed: checked either way. */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

function hasSecretShape(text: string): boolean {
  return SECRET_SHAPES.some((shape) => {
    shape.lastIndex = 0;
    return shape.test(text);
  });
}

/** Each secret-shaped run in a text replaced, the rest kept: `/dev-mail/dana@example.com/x` → `/dev-mail/[redacted]/x`. */
export function redactedText(text: string): string {
  return SECRET_SHAPES.reduce((result, shape) => result.replace(shape, REDACTED), text);
}

/**
 * A request URL fit for a log line: a path segment that holds an email or a token is replaced, and so is the
 * value of a query parameter that is secret by its decoded name (`to%6Ben` is `token`) or by its value's shape.
 */
export function redactedUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const pathPart = queryStart < 0 ? url : url.slice(0, queryStart);
  const path = pathPart
    .split('/')
    .map((segment) => (hasSecretShape(decoded(segment)) ? REDACTED : segment))
    .join('/');
  if (queryStart < 0) return path;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      if (hasSecretShape(decoded(name))) return REDACTED;
      if (equals < 0) return pair;
      const isSecret = SECRET_PARAMS.has(decoded(name).trim().toLowerCase()) || hasSecretShape(decoded(pair.slice(equals + 1)));
      return isSecret ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** Drizzle's failed-query message ends with the query's parameters, which may be anyone's data. */
const QUERY_PARAMETERS = /\nparams: [\s\S]*$/;

/**
 * An error fit for a log line: its message and stack without a failed query's parameters or a secret-shaped
 * value, and none of the fields a database error carries them in (`params`, and the driver's `where`).
 */
export function redactedError(error: Error): {
  type: string;
  message: string;
  stack: string;
  code?: string;
  cause?: { type: string; message: string };
} {
  const { cause, code } = error as Error & { code?: unknown };
  const message = redactedText(error.message.replace(QUERY_PARAMETERS, ''));
  return {
    type: error.name,
    message,
    // The stack opens with the message: the same message, redacted, then the frames.
    stack: (error.stack ?? '').replace(error.message, message),
    ...(typeof code === 'string' ? { code } : {}),
    ...(cause instanceof Error ? { cause: { type: cause.name, message: redactedText(cause.message) } } : {}),
  };
}
