// Releases as the browser and the server both see them (docs/releases.md): the areas a team releases on its
// own, the id of the built `dist` (release zero), and what a page reports when its code fails.
import { REMOTE_NAMES, type RemoteName, type RemotesMap } from './routes';

/** The shell and each remote: every area has its own releases, history, canary and rollback. */
export type ReleaseArea = 'shell' | RemoteName;
export const RELEASE_AREAS: readonly ReleaseArea[] = ['shell', ...REMOTE_NAMES];

export function isReleaseArea(value: unknown): value is ReleaseArea {
  return typeof value === 'string' && (RELEASE_AREAS as readonly string[]).includes(value);
}

/** The build in an area's `dist` folder, served until its first release and again after rolling back past it. */
export const RELEASE_ZERO = 'dist';

/** Where the site serves the releases it keeps itself (not in a bucket): `/mfe/releases/<folder>/<id>/…`. */
export const SITE_RELEASES_PATH = '/mfe/releases/';

/**
 * What a path of the site's own files is: an area's dist (`/mfe/<folder>/…`, release zero) or a stored
 * release (`/mfe/releases/<folder>/<id>/…`); null for a path outside them.
 */
export function siteFileOf(pathname: string): { folder: string; releaseId: string | null } | null {
  const match = /^\/mfe\/(?:releases\/([^/]+)\/([^/]+)|([^/]+))\//.exec(pathname);
  if (!match) return null;
  const [, releasedFolder, releaseId, distFolder] = match;
  return { folder: releasedFolder ?? distFolder ?? '', releaseId: releaseId ?? null };
}

/** Which release of each area a page was served with, and where each remote's entry is for it. */
export interface CurrentReleases {
  releases: Record<ReleaseArea, string>;
  remotes: RemotesMap;
}

/**
 * The visitor's place among canaries (0–99), kept in a cookie so the same visitor gets the same releases on
 * every page: a canary at 10 % goes to buckets 0–9. The server signs it (a bucket and a random id), so a
 * visitor cannot pick one. It says nothing about the person (docs/releases.md, "How a canary counts").
 */
export const RELEASE_BUCKET_COOKIE = 'tasko_release_bucket';

/** What failed in a page, as `POST /client-errors` is told. */
export const CLIENT_ERROR_KINDS = ['error', 'unhandledRejection', 'loadFailed', 'renderFailed'] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];

export const CLIENT_ERROR_MESSAGE_MAX = 500;

/** One error report: no URL (it can hold tokens), no user, only the route's id and the release. */
export interface ClientErrorReport {
  releaseId: string;
  remote: ReleaseArea;
  /** The route's id from the route table, or null outside every route (a page that does not exist). */
  route: string | null;
  kind: ClientErrorKind;
  message: string;
  /** The page's token (RuntimeConfig's `canary`): a report counts against its release only with it. */
  token?: string;
}

/**
 * What a page carries while a canary runs (RuntimeConfig's `canary`): a signed, short-lived token naming the
 * releases it was served with, and the areas a canary runs in. Its script tells `POST /page-loads` which of
 * them it ran, and its error reports carry the token: loads and errors count only so.
 */
export interface PageCanary {
  token: string;
  areas: ReleaseArea[];
}

/** The body of `POST /page-loads`: the page's token and the areas whose code this document ran. */
export interface PageLoadReport {
  token: string;
  areas: ReleaseArea[];
}

/** How often an open tab asks which releases are current (also on focus, never more often than this). */
export const RELEASE_CHECK_INTERVAL_MS = 60_000;
