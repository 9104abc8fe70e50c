// A failure of the site's code in this tab, told to `POST /client-errors` against the release of the area whose
// code failed, with the page's token (docs/releases.md): the error rate a canary is judged by. No URL with its
// query (it can hold a token), no user; at most one report per area and kind in a document, and a report that
// fails is dropped without a word (the console must not fill with errors about errors).
import { api, CLIENT_ERROR_MESSAGE_MAX, runtimeConfig, type ClientErrorKind, type ReleaseArea, type RemoteName } from '@tasko/shared';
import { VersionSkewError } from '../app/federation';
import { isPageLoadFailure } from '../app/remotePage';
import { releaseOfScript, routeAt, type ScriptRelease } from './areas';
import { tabReleases } from './tabReleases';

export type PageFailureKind = Extract<ClientErrorKind, 'loadFailed' | 'renderFailed'>;

/** webpack's names for a chunk (script or stylesheet) or a script external that did not arrive. */
const CODE_LOAD_ERRORS = new Set(['ChunkLoadError', 'ScriptExternalLoadError']);

/**
 * Why a page failed: its code could not be fetched or started (its loader failed: the federation runtime, the
 * timeout, a version skew; or a chunk of it later), or it threw while rendering. The panel and the report
 * both say it.
 */
export function failureKindOf(error: unknown): PageFailureKind {
  if (isPageLoadFailure(error) || error instanceof VersionSkewError) return 'loadFailed';
  return error instanceof Error && CODE_LOAD_ERRORS.has(error.name) ? 'loadFailed' : 'renderFailed';
}

/** A URL's query and fragment (absolute or a path: the text after `?` or `#` in a token with a slash). */
const QUERY_OR_FRAGMENT = /((?:\b[a-z][a-z\d+.-]*:)?\/[^\s?#"'`()<>]*)[?#][^\s"'`()<>]*/gi;

/** The message as it may leave the browser: URLs without query or fragment, then cut to the API's limit. */
export function reportableMessage(text: string): string {
  const bare = text.replace(QUERY_OR_FRAGMENT, '$1');
  if (bare.length <= CLIENT_ERROR_MESSAGE_MAX) return bare;
  const cut = bare.slice(0, CLIENT_ERROR_MESSAGE_MAX);
  // Never half a character: a cut between the two halves of a surrogate pair would not be valid text.
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** What failed, in words: an error's name and message, the API's message key, never a whole object (it may hold a person's data). */
function describe(reason: unknown): string {
  if (reason instanceof Error) return `${reason.name}: ${reason.message}`;
  if (typeof reason === 'string') return reason;
  if (typeof reason === 'object' && reason !== null && 'messageKey' in reason && typeof reason.messageKey === 'string')
    return `ApiError: ${reason.messageKey}`;
  return `Rejected with ${Object.prototype.toString.call(reason)}`;
}

const reported = new Set<string>();

function report(area: ReleaseArea, kind: ClientErrorKind, releaseId: string, message: string): void {
  const once = `${area}/${kind}`;
  if (reported.has(once)) return;
  reported.add(once);
  try {
    const route = routeAt(window.location.pathname)?.id ?? null;
    // The page's token makes the report count (docs/releases.md, "How a canary counts"); without a canary there is none.
    const token = runtimeConfig().canary?.token;
    void api
      .reportClientError({ releaseId, remote: area, route, kind, message: reportableMessage(message), ...(token ? { token } : {}) })
      .catch(() => undefined);
  } catch {
    // Reporting must never add a failure of its own.
  }
}

/** A page that failed in its error boundary, counted against its remote's release in this tab. */
export function reportPageFailure(remote: RemoteName, error: unknown): void {
  const kind = failureKindOf(error);
  // Offline, the page's code could not arrive through no fault of its release, and the report could not leave.
  if (kind === 'loadFailed' && navigator.onLine === false) return;
  report(remote, kind, tabReleases.releaseOf(remote), describe(error));
}

function onError(event: ErrorEvent): void {
  const script = event.filename ? releaseOfScript(event.filename) : null;
  if (!script) return;
  report(script.area, 'error', script.releaseId, `${event.message} (${event.filename}:${event.lineno}:${event.colno})`);
}

/** The URLs of a stack's frames, without their line and column (`at f (https://…/x.js:1:2)`, `f@https://…/x.js:1:2`). */
function stackUrls(reason: unknown): string[] {
  const stack = reason instanceof Error && typeof reason.stack === 'string' ? reason.stack : '';
  return (stack.match(/\bhttps?:\/\/[^\s()]+/g) ?? []).map((url) => url.replace(/(?::\d+){1,2}$/, ''));
}

function onUnhandledRejection(event: PromiseRejectionEvent): void {
  const reason: unknown = event.reason;
  const urls = stackUrls(reason);
  const scripts = urls.map(releaseOfScript).filter((script): script is ScriptRelease => script !== null);
  // A stack of others' scripts only (an extension's): not this site's failure.
  if (urls.length > 0 && scripts.length === 0) return;
  const remoteScript = scripts.find((script) => script.area !== 'shell');
  if (remoteScript) {
    report(remoteScript.area, 'unhandledRejection', remoteScript.releaseId, describe(reason));
    return;
  }
  // Most rejections are a page's own work (a request it made through the shared client, in the shell's files).
  const area = routeAt(window.location.pathname)?.remote ?? 'shell';
  report(area, 'unhandledRejection', tabReleases.releaseOf(area), describe(reason));
}

/** A listener that cannot fail: an error thrown in a window 'error' listener would be one more window error. */
function quietly<E extends Event>(listener: (event: E) => void): (event: E) => void {
  return (event) => {
    try {
      listener(event);
    } catch {
      // Nothing to tell: reporting is best effort.
    }
  };
}

/** Listens for the window's errors and unhandled rejections (bootstrap, before the first render); returns the stop. */
export function startClientErrorReports(): () => void {
  const errorListener = quietly(onError);
  const rejectionListener = quietly(onUnhandledRejection);
  window.addEventListener('error', errorListener);
  window.addEventListener('unhandledrejection', rejectionListener);
  return () => {
    window.removeEventListener('error', errorListener);
    window.removeEventListener('unhandledrejection', rejectionListener);
  };
}
