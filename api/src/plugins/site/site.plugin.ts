import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import {
  LANGUAGE_COOKIE,
  THEME_COOKIE,
  LOCAL_IDENTITY_PROVIDER,
  DEFAULT_LANGUAGE,
  REMOTES,
  REMOTE_NAMES,
  THEMES,
  isLanguage,
  matchPageRoute,
  searchFromParams,
  searchQueryString,
  searchRequest,
  splitLanguagePrefix,
  type Language,
  type ReleaseArea,
  type RouteMatch,
  type Theme,
} from '@tasko/shared/domain';
import { REPO_ROOT, type AppConfig } from '../../config.js';
import { cacheControlOf, packageDistDir, remoteDistDir, shellPreloads } from './assets.js';
import { SHELL_DIST_BASE, type SiteReleases } from './siteReleases.js';
import { LOCAL_RELEASES_PREFIX, LocalReleaseStore } from '../../releases/releaseStores.js';
import { assignReleaseBucket } from '../releases/releases.routes.js';
import { loadMetaTexts, renderPageHtml } from './pageHtml.js';
import { firstPaintHtml } from './firstPaint.js';
import { loadArticles, pageSubject } from './pageSubjects.js';
import { llmsTxt, robotsTxt, sitemapXml } from './crawlers.js';
import type { PublicReads } from '../../db/replica.js';
import { readCookie } from '../security/cookies.js';

function setCacheHeaders(reply: FastifyReply, filePath: string): void {
  reply.header('Cache-Control', cacheControlOf(filePath));
  // A shell on another origin may load these remotes (docs/architecture.md#the-federation-contract).
  reply.header('Access-Control-Allow-Origin', '*');
}

const FILE_PREFIX = /^\/(mfe|uploads)(\/|$)/;

/** A reference of the shell's page template to its own files, quoted or not (the minifier drops the quotes). */
const SHELL_FILE_REFERENCE = new RegExp(`((?:src|href)=["']?)${SHELL_DIST_BASE.replace(/\//g, '\\/')}`, 'g');

/** Paths that are files or calls, never pages: an unknown one is a plain 404. */
export const RESERVED_PREFIX = /^\/(api|health|mfe|uploads|dev-idp|dev-mail)(\/|$)/;

/**
 * A 404 outside the pages: a missing script, style or picture in text (a browser never runs it as code, unlike
 * the JSON it used to get), never cached since the file may come with the next release; a call the API's JSON.
 */
function sendNotFound(url: string, reply: FastifyReply): FastifyReply {
  if (FILE_PREFIX.test(url)) return reply.code(404).type('text/plain; charset=utf-8').header('Cache-Control', 'no-store').send('Not found');
  return reply.code(404).send({ statusCode: 404, messageKey: 'notFound' });
}

/** The listing pages: what their first render asks the API for, so the server can hint it (tasks waits for a search). */
function listingRequestOf(routeId: string, query: URLSearchParams, language: Language): string | null {
  const offerType =
    routeId === 'home' || (routeId === 'tasks' && [...query.keys()].length > 0) ? 'job' : routeId === 'services' ? 'service' : null;
  if (!offerType) return null;
  return `/api/v1/jobs?${searchQueryString(searchRequest(searchFromParams(query), offerType, language))}`;
}

/** The API requests a page makes as soon as it renders, for an anonymous visitor: its search, or its listing. */
function firstRequestsOf(match: RouteMatch, query: URLSearchParams, language: Language): string[] {
  if (match.route.id === 'job' && match.params.id) return [`/api/v1/jobs/${encodeURIComponent(match.params.id)}?language=${language}`];
  const search = listingRequestOf(match.route.id, query, language);
  return search ? [search] : [];
}

/**
 * The answers to those requests, asked of the API itself on the visitor's behalf (the same route, limits and
 * serializer as the page's own call), to be written into the page (docs/architecture.md, "API client"): its
 * first render needs no request, and no API client code, before it shows the listings. A request that fails
 * is left to the page, with a preload hint. It comes from the visitor's address and browser, so a listing's
 * view is counted as theirs, once, whether the page's answer or the page's own call made it.
 */
async function pageAnswers(app: FastifyInstance, urls: string[], visitor: FastifyRequest): Promise<Record<string, unknown>> {
  const answers: Record<string, unknown> = {};
  await Promise.all(
    urls.map(async (url) => {
      const response = await app.inject({
        method: 'GET',
        url,
        remoteAddress: visitor.ip,
        headers: { 'user-agent': visitor.headers['user-agent'] },
      });
      if (response.statusCode === 200) answers[url] = response.json();
    }),
  );
  return answers;
}

/**
 * Where the router's own refusals (an address it cannot read) find the site's 404 page: they happen before any
 * route, outside this plugin, so the plugin hands its page renderer out through this holder.
 */
export interface NotFoundPage {
  serve: ((request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>) | null;
}

/** The theme the reader chose, from its cookie: none (the device's) when there is no choice or it is unreadable. */
function themeOf(cookie: string | undefined): { theme?: Theme } {
  const theme = THEMES.find((t) => t === cookie);
  return theme ? { theme } : {};
}

/**
 * The shell and every remote from one origin, and index.html for every page route
 * (docs/architecture.md#the-picture).
 */
export async function sitePlugin(
  app: FastifyInstance,
  opts: { config: AppConfig; publicReads: PublicReads; siteReleases: SiteReleases; notFoundPage: NotFoundPage },
): Promise<void> {
  // A page's title and the sitemap are public: they may come from the replica (docs/deploy.md#reads-from-the-replica).
  const { config, publicReads, siteReleases } = opts;
  const articles = loadArticles();
  const shellDir = packageDistDir(config.distRoot, 'shell');
  const isSecureCookie = (config.canonicalOrigin ?? config.publicOrigin).startsWith('https:');
  const texts = loadMetaTexts(path.join(REPO_ROOT, 'shared', 'src', 'locales'));
  const origin = config.canonicalOrigin ?? config.publicOrigin;
  const auth = config.googleClientId
    ? { authorizationEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth', clientId: config.googleClientId }
    : LOCAL_IDENTITY_PROVIDER;

  // A file the static folders do not have (a chunk an old tab asks for after a release removed it): text.
  app.setNotFoundHandler((request, reply) => sendNotFound(request.url, reply));
  // A page address the router could not read (a malformed escape) is a page that does not exist.
  opts.notFoundPage.serve = servePage;
  const staticRoots: { prefix: string; root: string; allowedPath?: (file: string) => boolean }[] = [
    { prefix: '/mfe/shell/', root: shellDir },
    ...REMOTE_NAMES.map((name) => ({ prefix: `/mfe/${REMOTES[name].folder}/`, root: remoteDistDir(config.distRoot, name) })),
  ];
  // Local releases (RELEASES_DIR/<folder>/<build id>/): files of releases the manifest holds, never the
  // manifest itself, nor a build that is being checked or was refused.
  const releases = siteReleases.store;
  if (releases instanceof LocalReleaseStore) {
    staticRoots.push({
      prefix: LOCAL_RELEASES_PREFIX,
      root: releases.location,
      allowedPath: (file) => {
        const release = releases.releaseOfPath(file);
        return release !== null && siteReleases.isServable(release.folder, release.id);
      },
    });
  }
  for (const [i, { prefix, root, allowedPath }] of staticRoots.entries()) {
    fs.mkdirSync(root, { recursive: true });
    await app.register(fastifyStatic, {
      root,
      prefix,
      ...(allowedPath ? { allowedPath } : {}),
      decorateReply: i === 0,
      index: false,
      wildcard: true,
      preCompressed: true,
      // @fastify/static 10 passes the reply, though its types still name a ServerResponse.
      setHeaders: setCacheHeaders as unknown as (res: unknown, path: string) => void,
    });
  }

  function languageOf(request: FastifyRequest, prefixed: Language | null): Language {
    if (prefixed) return prefixed;
    const fromCookie = readCookie(request.headers.cookie, LANGUAGE_COOKIE);
    return isLanguage(fromCookie) ? fromCookie : DEFAULT_LANGUAGE;
  }

  async function servePage(request: FastifyRequest, reply: FastifyReply) {
    // Appended, never resolved: as a base-relative reference `//a@` names a host and does not parse.
    const url = new URL(`http://local${request.url}`);
    const { language: prefixed, path: barePath } = splitLanguagePrefix(url.pathname);
    // `//x` has an empty segment: no page's address, and a browser would read it as another host.
    const match = url.pathname.includes('//') ? null : matchPageRoute(barePath);
    const language = languageOf(request, prefixed);
    const canaryVisitor = assignReleaseBucket(request, reply, siteReleases, isSecureCookie);
    const visitor = siteReleases.forVisitor(canaryVisitor?.bucket ?? null);
    // What the server sees fail itself counts against the release that failed, with no report from the page
    // (docs/releases.md, "How a canary counts").
    const failedWith = async (area: ReleaseArea) => {
      if (canaryVisitor) await siteReleases.countServerFailure(canaryVisitor, area, visitor.releases[area], request.ip);
    };
    /** `work` of the release of `area`: its failure counts against that release, then goes on as it would. */
    const ofRelease = async <T>(area: ReleaseArea, work: () => T | Promise<T>): Promise<T> => {
      try {
        return await work();
      } catch (error) {
        await failedWith(area);
        throw error;
      }
    };
    const shell = await ofRelease('shell', () => siteReleases.shellBuild(visitor.releases.shell));
    // A shell release's template names its files where dist keeps them; its pages load them from the release.
    const template =
      visitor.shellBase === SHELL_DIST_BASE
        ? shell.indexHtml
        : shell.indexHtml?.replace(SHELL_FILE_REFERENCE, (_reference, attribute: string) => attribute + visitor.shellBase);
    if (!template) {
      await failedWith('shell');
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The site is not built yet: run `npm run build`, then start the server again.');
    }
    // A listing or an article: its own title and description, or 404 when it does not exist.
    const canonicalUrl = origin + url.pathname;
    const subject = match
      ? await publicReads.read((db) => pageSubject(db, articles, match, language, canonicalUrl, texts[language].noTitle))
      : undefined;
    const isFound = match !== null && subject !== null;
    const firstRequests = match && isFound ? firstRequestsOf(match, url.searchParams, language) : [];
    const answers = await pageAnswers(app, firstRequests, request);
    const preloadFetches = firstRequests.filter((href) => !(href in answers));
    const scripts = shellPreloads(shell, language, visitor.shellBase, { asksApi: preloadFetches.length > 0 });
    const { remotes, releases: releaseIds } = visitor;
    if (match) {
      const { remote, module } = match.route;
      scripts.push(
        remotes[remote],
        ...(await ofRelease(remote, () => siteReleases.pagePreloads(remote, releaseIds[remote], remotes[remote], module))),
      );
    }
    // The load counts only once the page's script tells it with this token (docs/releases.md, "How a canary counts").
    const canary = canaryVisitor ? siteReleases.pageToken(canaryVisitor, releaseIds) : null;
    // The chunk loader knows a style by its file name (or its full URL): so the page's styles are not fetched again.
    const inlineStyles = shell.frameStyles.map(({ file, css }) => ({ href: visitor.shellBase + file, dataHref: file, css }));
    const html = await ofRelease('shell', () =>
      renderPageHtml({
        template,
        language,
        ...themeOf(readCookie(request.headers.cookie, THEME_COOKIE)),
        path: barePath,
        isPrefixed: prefixed !== null,
        // An unknown listing or article reads as not found (and noindex), though its page still loads.
        route: isFound ? match.route : null,
        ...(subject ? { title: subject.title, description: subject.description, structuredData: subject.structuredData } : {}),
        origin,
        texts,
        runtimeConfig: {
          remotes,
          releases: releaseIds,
          auth,
          ...(Object.keys(answers).length ? { answers } : {}),
          ...(canary ? { canary } : {}),
        },
        preloadScripts: scripts.filter((f) => f.endsWith('.js')),
        preloadStyles: scripts.filter((f) => f.endsWith('.css') && !inlineStyles.some((style) => style.href === f)),
        inlineStyles,
        firstPaint: firstPaintHtml({ language, path: barePath, isPrefixed: prefixed !== null }),
        preloadFetches,
      }),
    );
    return reply
      .code(isFound ? 200 : 404)
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Cookie')
      .type('text/html; charset=utf-8')
      .send(html);
  }

  const favicon = fs.readFileSync(path.join(REPO_ROOT, 'shell', 'public', 'favicon.svg'));
  app.get('/favicon.svg', async (_request, reply) =>
    reply.type('image/svg+xml').header('Cache-Control', 'public, max-age=86400').send(favicon),
  );

  const crawlerCache = 'public, max-age=3600';
  app.get('/sitemap.xml', async (_request, reply) => {
    const builtAt = fs.existsSync(path.join(shellDir, 'index.html')) ? fs.statSync(path.join(shellDir, 'index.html')).mtime : new Date();
    return reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', crawlerCache)
      .send(await publicReads.read((db) => sitemapXml(db, origin, articles, builtAt)));
  });
  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', crawlerCache).send(robotsTxt(origin)),
  );
  const llms = llmsTxt(origin);
  app.get('/llms.txt', async (_request, reply) =>
    reply.type('text/markdown; charset=utf-8').header('Cache-Control', crawlerCache).send(llms),
  );

  app.get('/*', async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // Unknown files and calls under these prefixes are plain 404s, never the page shell.
    if (RESERVED_PREFIX.test(pathname)) return sendNotFound(pathname, reply);
    return servePage(request, reply);
  });
}
