/**
 * One cookie's value from a Cookie header, or undefined. A value that is not valid percent-encoding is
 * read as written (a malformed cookie is the client's problem, never a 500).
 */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const equals = part.indexOf('=');
    if (equals < 0 || part.slice(0, equals).trim() !== name) continue;
    const value = part.slice(equals + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/** A Set-Cookie value for a cookie only the server reads (HttpOnly, SameSite=Lax). */
export function serverCookie(name: string, value: string, options: { path: string; maxAgeSeconds: number; isSecure: boolean }): string {
  return [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${options.path}`,
    `Max-Age=${options.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(options.isSecure ? ['Secure'] : []),
  ].join('; ');
}
