// Which area a page or a script belongs to (docs/releases.md): a failure is counted against the release of
// the area whose code failed, and the site-wide error bar is for the shell's own code only.
import { matchPageRoute, REMOTE_NAMES, REMOTES, siteFileOf, splitLanguagePrefix, type PageRoute, type ReleaseArea } from '@tasko/shared';
import { tabReleases } from './tabReleases';

/** The route of the table a location shows; null outside every route (a page that does not exist). */
export function routeAt(pathname: string): PageRoute | null {
  return matchPageRoute(splitLanguagePrefix(pathname).path)?.route ?? null;
}

/** The shell's folder among the site's (`/mfe/shell/`, `/mfe/releases/shell/<id>/`). */
const SHELL_FOLDER = 'shell';

function parse(url: string): URL | null {
  try {
    return new URL(url, window.location.href);
  } catch {
    return null;
  }
}

const folderOf = (entry: string) => new URL('.', new URL(entry, window.location.href)).href;

export interface ScriptRelease {
  area: ReleaseArea;
  releaseId: string;
}

/**
 * The area and release whose code a script URL is: a folder the tab loaded a remote from, else a file on the
 * page's own origin (a remote's site folder, or the shell's, or the document). Null for everyone else's
 * scripts (a browser extension, a third party).
 */
export function releaseOfScript(url: string): ScriptRelease | null {
  const script = parse(url);
  if (!script) return null;
  const known = tabReleases.knownEntries().findLast(({ entry }) => script.href.startsWith(folderOf(entry)));
  if (known) return { area: known.remote, releaseId: known.releaseId };
  if (script.origin !== window.location.origin) return null;
  const siteFile = siteFileOf(script.pathname);
  const area = REMOTE_NAMES.find((name) => REMOTES[name].folder === siteFile?.folder) ?? 'shell';
  return { area, releaseId: siteFile?.releaseId ?? tabReleases.releaseOf(area) };
}

const withoutFragment = (href: string) => href.split('#')[0];

/** The shell's own files (`/mfe/shell/…`, `/mfe/releases/shell/<id>/…`) or the document itself. */
export function isShellScript(url: string): boolean {
  const script = parse(url);
  if (!script || script.origin !== window.location.origin) return false;
  return siteFileOf(script.pathname)?.folder === SHELL_FOLDER || withoutFragment(script.href) === withoutFragment(window.location.href);
}
