import { RUNTIME_CONFIG_ELEMENT_ID } from '../domain/contracts';
import type { RemotesMap } from '../domain/routes';
import type { PageCanary, ReleaseArea } from '../domain/releases';

/** Configuration the server writes into index.html as JSON (no inline script, so the CSP stays strict). */
export interface RuntimeConfig {
  remotes?: Partial<RemotesMap>;
  /** The release of each area this page was served with (docs/releases.md); absent on a dev server. */
  releases?: Partial<Record<ReleaseArea, string>>;
  /** Where the API lives; absent means the page's own origin. */
  apiOrigin?: string;
  /** Sign-in: Google's authorization endpoint and client id, or the local identity provider's. */
  auth?: { authorizationEndpoint: string; clientId: string };
  /**
   * The API's answers to the page's first requests, by URL (`/api/v1/jobs?…`), as an anonymous visitor gets
   * them: the page's listing or search, so its first render needs neither a request nor the API client's code.
   */
  answers?: Record<string, unknown>;
  /** While a canary runs: the page's token for its load and error counts (docs/releases.md, "How a canary counts"). */
  canary?: PageCanary;
}

let cached: RuntimeConfig | undefined;

export function runtimeConfig(): RuntimeConfig {
  if (cached) return cached;
  cached = {};
  if (typeof document !== 'undefined') {
    const text = document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent;
    if (text) {
      try {
        cached = JSON.parse(text) as RuntimeConfig;
      } catch {
        // A broken block means defaults: same-origin API, default remote folders.
      }
    }
  }
  return cached;
}
