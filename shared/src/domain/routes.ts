// The one route table (docs/product.md#routes). The shell renders it, the server answers page routes, titles and
// preload hints from it; neither keeps a list of its own.
import { REMOTE_ENTRY_FILE } from './contracts';
import { isLanguage, type Language } from './languages';

export const REMOTES = {
  mfe_jobs: { folder: 'jobs', envVar: 'MFE_JOBS_URL' },
  mfe_services: { folder: 'services', envVar: 'MFE_SERVICES_URL' },
  mfe_posting: { folder: 'posting', envVar: 'MFE_POSTING_URL' },
  mfe_content: { folder: 'content', envVar: 'MFE_CONTENT_URL' },
  mfe_account: { folder: 'account', envVar: 'MFE_ACCOUNT_URL' },
} as const;
export type RemoteName = keyof typeof REMOTES;
export const REMOTE_NAMES = Object.keys(REMOTES) as RemoteName[];

/** Where a remote's entry is when the site serves it itself: `/mfe/<folder>/remoteEntry.js`. */
export function siteRemoteEntry(name: RemoteName): string {
  return `/mfe/${REMOTES[name].folder}/${REMOTE_ENTRY_FILE}`;
}

/** The remotes map the server injects into index.html: remote name → URL of its remoteEntry.js. */
export type RemotesMap = Record<RemoteName, string>;

interface PageRouteEntry {
  /** Also the key of the page's title and description (`meta.<id>.title` in `common`). */
  id: string;
  /** react-router patterns, without a language prefix. */
  paths: readonly string[];
  remote: RemoteName;
  module: string;
  /** Needs a signed-in user; anonymous visitors go to /login with the intended path (docs/product.md#routes). */
  isProtected?: boolean;
  /** Left out of the sitemap and marked noindex (personal or transitional pages). */
  isPrivate?: boolean;
}

const ROUTE_TABLE = [
  { id: 'home', paths: ['/', '/home'], remote: 'mfe_jobs', module: 'HomePage' },
  { id: 'services', paths: ['/services'], remote: 'mfe_services', module: 'ServicesPage' },
  { id: 'tasks', paths: ['/tasks'], remote: 'mfe_jobs', module: 'TasksPage' },
  { id: 'job', paths: ['/job/:id'], remote: 'mfe_jobs', module: 'JobPage' },
  // A member's public profile: readable by anyone, kept out of search engines (a person, not a listing).
  { id: 'userProfile', paths: ['/user/:id'], remote: 'mfe_jobs', module: 'UserProfilePage', isPrivate: true },
  { id: 'teenJobs', paths: ['/teen-jobs'], remote: 'mfe_content', module: 'TeenJobsPage' },
  { id: 'temporaryWork', paths: ['/temporary-work'], remote: 'mfe_content', module: 'TemporaryWorkPage' },
  { id: 'about', paths: ['/about'], remote: 'mfe_content', module: 'AboutPage' },
  { id: 'contact', paths: ['/contact'], remote: 'mfe_content', module: 'ContactPage' },
  { id: 'faq', paths: ['/faq'], remote: 'mfe_content', module: 'FaqPage' },
  { id: 'blogs', paths: ['/blogs'], remote: 'mfe_content', module: 'BlogsPage' },
  { id: 'blog', paths: ['/blogs/:blogId'], remote: 'mfe_content', module: 'BlogPage' },
  { id: 'privacy', paths: ['/privacy-policy'], remote: 'mfe_content', module: 'PrivacyPolicyPage' },
  { id: 'eula', paths: ['/eula'], remote: 'mfe_content', module: 'EulaPage' },
  { id: 'aiInfo', paths: ['/ai-info'], remote: 'mfe_content', module: 'AiInfoPage' },
  { id: 'login', paths: ['/login'], remote: 'mfe_account', module: 'LoginPage', isPrivate: true },
  { id: 'authCallback', paths: ['/auth/callback'], remote: 'mfe_account', module: 'AuthCallbackPage', isPrivate: true },
  // Indexed: "post a job for free" is what people search for; the form asks for sign-in only to publish.
  { id: 'postJob', paths: ['/post-job'], remote: 'mfe_posting', module: 'PostJobPage' },
  { id: 'myPostedJobs', paths: ['/my-posted-jobs'], remote: 'mfe_account', module: 'MyPostedJobsPage', isProtected: true, isPrivate: true },
  {
    id: 'myApplications',
    paths: ['/my-applications'],
    remote: 'mfe_account',
    module: 'MyApplicationsPage',
    isProtected: true,
    isPrivate: true,
  },
  { id: 'messages', paths: ['/messages'], remote: 'mfe_account', module: 'MessagesPage', isProtected: true, isPrivate: true },
  { id: 'conversation', paths: ['/messages/:id'], remote: 'mfe_account', module: 'ConversationPage', isProtected: true, isPrivate: true },
  { id: 'settings', paths: ['/settings'], remote: 'mfe_account', module: 'SettingsPage', isProtected: true, isPrivate: true },
  { id: 'moderation', paths: ['/moderation'], remote: 'mfe_account', module: 'ModerationPage', isProtected: true, isPrivate: true },
  // The link of an alert email: no sign-in (the token names the alert), never indexed.
  { id: 'unsubscribe', paths: ['/unsubscribe'], remote: 'mfe_account', module: 'UnsubscribePage', isPrivate: true },
] as const satisfies readonly PageRouteEntry[];

/** A page's id: its texts' keys are typed with it (`meta.${RouteId}.title`). */
export type RouteId = (typeof ROUTE_TABLE)[number]['id'];

export interface PageRoute extends PageRouteEntry {
  id: RouteId;
}

export const PAGE_ROUTES: readonly PageRoute[] = ROUTE_TABLE;

export interface LocatedPath {
  /** The language named by the URL prefix, or null for a bare path. */
  language: Language | null;
  /** The path without the prefix, always starting with '/'. */
  path: string;
}

export function splitLanguagePrefix(pathname: string): LocatedPath {
  const match = /^\/([a-z]{2})(\/.*)?$/.exec(pathname);
  if (match && isLanguage(match[1])) return { language: match[1], path: match[2] || '/' };
  return { language: null, path: pathname || '/' };
}

export function withLanguagePrefix(language: Language, path: string): string {
  const bare = splitLanguagePrefix(path).path;
  return bare === '/' ? `/${language}` : `/${language}${bare}`;
}

export interface RouteMatch {
  route: PageRoute;
  params: Record<string, string>;
}

/** No page path is anywhere near this long; a longer one is matched against nothing. */
export const MAX_PAGE_PATH_LENGTH = 2048;

/** `/tasks///` → `/tasks`, in one pass from the end (a regular expression here was quadratic in the slashes). */
export function withoutTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 1 && path.charCodeAt(end - 1) === 47 /* '/' */) end -= 1;
  return end === path.length ? path : path.slice(0, end);
}

/** Matches a bare path (no language prefix, no query) against the table. */
export function matchPageRoute(path: string): RouteMatch | null {
  if (path.length > MAX_PAGE_PATH_LENGTH) return null;
  const trimmed = withoutTrailingSlashes(path);
  const actual = trimmed.split('/');
  for (const route of PAGE_ROUTES) {
    for (const pattern of route.paths) {
      const expected = pattern.split('/');
      if (expected.length !== actual.length) continue;
      const params: Record<string, string> = {};
      const isMatch = expected.every((segment, i) => {
        const value = actual[i] ?? '';
        if (segment.startsWith(':')) {
          if (!value) return false;
          params[segment.slice(1)] = safeDecode(value);
          return true;
        }
        return segment === value;
      });
      if (isMatch) return { route, params };
    }
  }
  return null;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The document title, the same on the server's first HTML and after client-side navigation. */
export function formatPageTitle(routeId: string, title: string, brand: string): string {
  if (routeId === 'home') return `${brand}: ${title}`;
  return title === brand ? brand : `${title} | ${brand}`;
}
