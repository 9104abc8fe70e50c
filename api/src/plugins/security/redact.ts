/** Query parameters whose values are personal data or secrets, whatever they hold. */
const SECRET_PARAMS = new Set(['useremail', 'email', 'token', 'id_token', 'access_token', 'nonce']);

function isSecret(name: string, value: string): boolean {
  let decoded = value;
  try {
    decoded = decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    // A malformed escape is still checked as written.
  }
  return SECRET_PARAMS.has(name.toLowerCase()) || decoded.includes('@');
}

/** A request URL fit for a log line: the values of email addresses and tokens in its query become [redacted]. */
export function redactedUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return pair;
      const name = pair.slice(0, equals);
      return isSecret(name, pair.slice(equals + 1)) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${query}`;
}
