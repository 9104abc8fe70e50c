/** Past this, a request counts as a lost connection; the page offers to try again. */
export const REQUEST_TIMEOUT_MS = 20_000;

/** Where the page is, for the sign-in page to bring the user back to. */
export function currentPath(): string | undefined {
  return typeof window === 'undefined' ? undefined : window.location.pathname + window.location.search;
}

/** A query string as URLSearchParams writes it, as the server has always seen it (axios's own leaves `:$,` unencoded). */
export function serializeParams(params: Record<string, string | number>): string {
  return new URLSearchParams(Object.entries(params).map(([name, value]) => [name, String(value)])).toString();
}
