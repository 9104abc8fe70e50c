// The browser half of a release's smoke check (docs/releases.md): every page of the released area, opened in
// headless Chromium in each language against the candidate served on loopback. A page that throws, logs an
// error, misses one of the area's own files or never shows its content refuses the release.
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import {
  localeOf,
  PAGE_ROUTES,
  splitLanguagePrefix,
  withLanguagePrefix,
  type Language,
  type ReleaseArea,
  type RouteId,
} from '@tasko/shared/domain';
import accountTexts from '../../mfe-account/src/locales/en/account.json' with { type: 'json' };
import { signInThroughProvider } from './browserSignIn.js';
import { launchBrowser } from './chromium.js';

export interface PageToCheck {
  routeId: string;
  /** Without the language prefix, e.g. '/services', '/job/12'. */
  path: string;
  isProtected: boolean;
}

export interface RenderProblem {
  /** The URL path with its language, e.g. '/he/services'. */
  page: string;
  error: string;
  /** The first lines (at most 5) of the error's stack. */
  stack?: string;
}

/** Real rows the candidate's server holds, so the pages with an id show content rather than "not found". */
export interface PageSample {
  listingId: number;
  userId: number;
  blogSlug: string;
}

export const DEFAULT_RENDER_TIMEOUT_MS = 15_000;
/** A page that has rendered is watched this much longer, for errors of effects that run just after. */
const LATE_ERROR_WAIT_MS = 300;
const POLL_INTERVAL_MS = 100;
const STACK_LINES = 5;

/** The member the check signs in as, through the server's local identity provider, for the protected pages. */
const CHECK_MEMBER = { email: 'release-check@example.com', name: 'Release check' };
/** The sign-in starts on the English login page, whose button the account area names in its texts. */
const SIGN_IN_LANGUAGE: Language = 'en';

/**
 * The params of each route that has some. A conversation that does not exist is fine: its page renders its
 * own "not found" state, which still runs the area's code.
 */
function routeParams(routeId: RouteId, sample: PageSample): Record<string, string | number> {
  switch (routeId) {
    case 'job':
      return { id: sample.listingId };
    case 'userProfile':
      return { id: sample.userId };
    case 'conversation':
      return { id: 1 };
    case 'blog':
      return { blogId: sample.blogSlug };
    default:
      return {};
  }
}

function fillParams(routeId: RouteId, pattern: string, params: Record<string, string | number>): string {
  return pattern
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const value = params[segment.slice(1)];
      // A new route with a param must say here what to fill it with: checking `/job/:id` literally would pass
      // on the area's "not found" state without ever rendering a listing.
      if (value === undefined) throw new Error(`the release check has no sample for ${segment} of the route ${routeId} (${pattern})`);
      return encodeURIComponent(String(value));
    })
    .join('/');
}

/** The pages of an area: each route whose remote is the area, or every route for the shell (it frames them all). */
export function pagesToCheck(area: ReleaseArea, sample: PageSample): PageToCheck[] {
  return PAGE_ROUTES.filter((route) => area === 'shell' || route.remote === area).map((route) => ({
    routeId: route.id,
    path: fillParams(route.id, route.paths[0] ?? '/', routeParams(route.id, sample)),
    isProtected: route.isProtected === true,
  }));
}

/** What `main#main` holds, read in the page in one go. */
interface MainView {
  isRendered: boolean;
  shows: string;
}

/**
 * Runs in the page, so it is one self-contained expression: no helper functions of this module (and no named
 * local functions, which the TypeScript loader would wrap in a helper the page does not have).
 */
function readMain(): MainView {
  const main = document.querySelector('main#main');
  if (!main) return { isRendered: false, shows: 'no main#main element' };
  const errorPanel = main.querySelector('.panel--error');
  if (errorPanel) {
    const heading = errorPanel.querySelector('h1, h2, h3')?.textContent?.trim() || errorPanel.textContent?.trim().slice(0, 120) || '';
    return { isRendered: false, shows: `the error panel "${heading}"` };
  }
  if (main.querySelector('.page-loading')) return { isRendered: false, shows: 'the loading spinner' };
  const hasVisibleHeading = Array.from(main.querySelectorAll('h1')).some((h1) =>
    h1.checkVisibility({ visibilityProperty: true, opacityProperty: true }),
  );
  if (hasVisibleHeading) return { isRendered: true, shows: 'the page' };
  const text = (main.textContent ?? '').replace(/\s+/g, ' ').trim();
  return { isRendered: false, shows: text ? `no visible h1, only "${text.slice(0, 120)}"` : 'nothing' };
}

/** The stack's first frames, without the message line(s) that open a V8 stack. */
function firstStackLines(stack: string | undefined): string | undefined {
  if (!stack) return undefined;
  const lines = stack.split('\n');
  const frames = lines.filter((line) => /^\s+at\s/.test(line));
  const kept = (frames.length > 0 ? frames : lines).slice(0, STACK_LINES).map((line) => line.trim());
  return kept.length > 0 ? kept.join('\n') : undefined;
}

/**
 * Chromium logs every answer of 400 or more as a console error of its own ("Failed to load resource"). The
 * area's own files are judged by their requests instead, and another area's or the API's answers (the "not
 * found" of a conversation that does not exist) are not this release's failure.
 */
function isResourceLoadMessage(message: ConsoleMessage): boolean {
  return message.text().startsWith('Failed to load resource');
}

function consoleLocation(message: ConsoleMessage): string | undefined {
  const { url, lineNumber, columnNumber } = message.location();
  return url ? `at ${url}:${lineNumber}:${columnNumber}` : undefined;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** The page's answer, or null when the page does not answer by `ms` (a page stuck in a loop never does). */
async function readMainWithin(page: Page, ms: number): Promise<MainView | null> {
  return Promise.race([page.evaluate(readMain).catch(() => null), sleep(ms).then(() => null)]);
}

interface PageWatch {
  url: string;
  pagePath: string;
  isProtected: boolean;
  ownFiles: (url: string) => boolean;
  timeoutMs: number;
}

/** Opens one page in the context and answers its first problem, or null when it rendered cleanly. */
async function checkPage(context: BrowserContext, watch: PageWatch): Promise<RenderProblem | null> {
  const page = await context.newPage();
  page.setDefaultTimeout(watch.timeoutMs);
  let isWatching = true;
  let firstProblem: RenderProblem | null = null;
  const record = (error: string, stack?: string) => {
    if (!isWatching || firstProblem) return;
    firstProblem = stack ? { page: watch.pagePath, error, stack } : { page: watch.pagePath, error };
  };
  page.on('pageerror', (error) => record(`uncaught error: ${error.message}`, firstStackLines(error.stack)));
  page.on('console', (message) => {
    if (message.type() === 'error' && !isResourceLoadMessage(message)) record(`console error: ${message.text()}`, consoleLocation(message));
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && watch.ownFiles(response.url())) record(`${response.url()} answered ${response.status()}`);
  });
  page.on('requestfailed', (request) => {
    if (watch.ownFiles(request.url())) record(`${request.url()} failed: ${request.failure()?.errorText ?? 'no answer'}`);
  });
  const seconds = `${Math.round(watch.timeoutMs / 100) / 10} s`;
  const deadline = Date.now() + watch.timeoutMs;
  try {
    try {
      await page.goto(watch.url, { waitUntil: 'commit', timeout: watch.timeoutMs });
    } catch (error) {
      record(`could not open the page: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
    let shows = 'nothing: the page did not answer (a script may be stuck)';
    while (!firstProblem) {
      const view = await readMainWithin(page, deadline - Date.now());
      if (view) shows = view.shows;
      if (view?.isRendered) {
        await sleep(LATE_ERROR_WAIT_MS);
        const landedOn = splitLanguagePrefix(new URL(page.url()).pathname).path;
        // A protected page shows the login page's heading when the session did not hold: that is not the page.
        if (watch.isProtected && landedOn === '/login') record('the protected page sent the signed-in member to /login');
        break;
      }
      if (Date.now() >= deadline) {
        record(`the page's main content did not render within ${seconds}: main shows ${shows}`);
        break;
      }
      await sleep(Math.min(POLL_INTERVAL_MS, deadline - Date.now()));
    }
    return firstProblem;
  } finally {
    isWatching = false;
    await page.close().catch(() => undefined);
  }
}

/** Signs the context in once, through the login page and the local identity provider; answers a problem if it could not. */
async function signIn(context: BrowserContext, origin: string, timeoutMs: number, forLanguage: Language): Promise<RenderProblem | null> {
  const loginPath = withLanguagePrefix(SIGN_IN_LANGUAGE, '/login');
  const page = await context.newPage();
  page.setDefaultTimeout(timeoutMs);
  try {
    await page.goto(`${origin}${loginPath}`, { timeout: timeoutMs });
    await signInThroughProvider(page, CHECK_MEMBER.email, CHECK_MEMBER.name, accountTexts.login.google);
    return null;
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { page: loginPath, error: `signing in for the protected pages in ${forLanguage} failed, so they were not checked: ${message}` };
  } finally {
    await page.close().catch(() => undefined);
  }
}

async function checkLanguage(
  browser: Browser,
  language: Language,
  options: RenderCheckOptions,
  timeoutMs: number,
): Promise<RenderProblem[]> {
  const problems: RenderProblem[] = [];
  // Fresh storage per language, so one language's stored choice or session cannot carry into the other's.
  const context = await browser.newContext({ locale: localeOf(language) });
  try {
    // The public pages first, while signed out: the login page shown to a signed-in member is another page.
    const ordered = [...options.pages.filter((page) => !page.isProtected), ...options.pages.filter((page) => page.isProtected)];
    let isSignedIn = false;
    for (const page of ordered) {
      if (page.isProtected && !isSignedIn) {
        const signInProblem = await signIn(context, options.origin, timeoutMs, language);
        if (signInProblem) {
          problems.push(signInProblem);
          break;
        }
        isSignedIn = true;
      }
      const pagePath = withLanguagePrefix(language, page.path);
      const problem = await checkPage(context, {
        url: `${options.origin}${pagePath}`,
        pagePath,
        isProtected: page.isProtected,
        ownFiles: options.ownFiles,
        timeoutMs,
      });
      if (problem) problems.push(problem);
    }
    return problems;
  } finally {
    await context.close().catch(() => undefined);
  }
}

export interface RenderCheckOptions {
  /** The candidate's server, e.g. http://127.0.0.1:4310. */
  origin: string;
  pages: PageToCheck[];
  languages: readonly Language[];
  /** True for a URL of the released area's own files: only their failed requests refuse the release. */
  ownFiles: (url: string) => boolean;
  /** How long each page has to render; 15 s unless told. */
  timeoutMs?: number;
}

/** Opens each page at `${origin}/${language}${path}` for each language, in one browser; answers the problems found (empty = pass). */
export async function renderCheck(options: RenderCheckOptions): Promise<RenderProblem[]> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_RENDER_TIMEOUT_MS;
  const browser = await launchBrowser();
  try {
    const problems: RenderProblem[] = [];
    for (const language of options.languages) problems.push(...(await checkLanguage(browser, language, options, timeoutMs)));
    return problems;
  } finally {
    await browser.close();
  }
}

/** For the refusal message: each page, its error, and the first lines of its stack, indented beneath. */
export function describeProblems(problems: RenderProblem[]): string {
  return problems
    .map((problem) => {
      const stack = problem.stack
        ? `\n${problem.stack
            .split('\n')
            .map((line) => `    ${line}`)
            .join('\n')}`
        : '';
      return `${problem.page}: ${problem.error}${stack}`;
    })
    .join('\n');
}
