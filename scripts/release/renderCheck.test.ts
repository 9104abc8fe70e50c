// The release's browser check against a small site of hand-written pages on loopback: each way a page can
// fail gives its problem, and the pages that render give none. `node --test --import tsx scripts/release/renderCheck.test.ts`
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { PAGE_ROUTES } from '@tasko/shared/domain';
import { describeProblems, pagesToCheck, renderCheck, type PageToCheck } from './renderCheck.js';

const SAMPLE = { listingId: 12, userId: 7, blogSlug: 'first-job' };

describe('pagesToCheck', () => {
  it('answers the one page of the services area', () => {
    assert.deepEqual(pagesToCheck('mfe_services', SAMPLE), [{ routeId: 'services', path: '/services', isProtected: false }]);
  });

  it('fills the listing id and the user id of the jobs area', () => {
    const paths = pagesToCheck('mfe_jobs', SAMPLE).map((page) => page.path);
    assert.deepEqual(paths, ['/', '/tasks', '/job/12', '/user/7']);
  });

  it('fills the blog slug, gives a conversation id 1 and marks the protected pages', () => {
    const pages = pagesToCheck('shell', { ...SAMPLE, blogSlug: 'a slug' });
    assert.equal(pages.find((page) => page.routeId === 'blog')?.path, '/blogs/a%20slug');
    assert.deepEqual(
      pages.find((page) => page.routeId === 'conversation'),
      { routeId: 'conversation', path: '/messages/1', isProtected: true },
    );
    assert.equal(pages.find((page) => page.routeId === 'about')?.isProtected, false);
  });

  it('answers every route for the shell, each with its params filled', () => {
    const pages = pagesToCheck('shell', SAMPLE);
    assert.deepEqual(
      pages.map((page) => page.routeId),
      PAGE_ROUTES.map((route) => route.id),
    );
    for (const page of pages) assert.doesNotMatch(page.path, /:/, `${page.routeId} still has a param: ${page.path}`);
  });
});

const SIGN_IN_BUTTON = 'Sign in with Google';
const MEMBER_COOKIE = 'member=yes';

const document = (body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>page</title><link rel="icon" href="data:,"></head><body>${body}</body></html>`;
const redirectTo = (path: string) => `<script>location.replace(${JSON.stringify(path)})</script>`;

/** The hand-written pages, by path without the language prefix. */
function pageFor(path: string, isMember: boolean): string | null {
  switch (path) {
    case '/ok':
      return document('<main id="main"><h1>ok</h1></main>');
    case '/throws':
      return document('<main id="main"><h1>ok</h1></main><script src="/own/throws.js"></script>');
    case '/missing-own':
      return document('<main id="main"><h1>ok</h1></main><script src="/own/missing.js"></script>');
    case '/missing-elsewhere':
      return document('<main id="main"><h1>ok</h1></main><script src="/elsewhere/missing.js"></script>');
    case '/no-heading':
      return document('<main id="main"><p>Still thinking</p></main>');
    case '/error-panel':
      return document(
        '<main id="main"><section class="panel panel--error" role="alert"><h1>This part of the site did not load</h1></section></main>',
      );
    case '/late-error':
      return document('<main id="main"><h1>ok</h1></main><script>setTimeout(() => { throw new Error("too late") }, 50)</script>');
    case '/console-error':
      return document('<main id="main"><h1>ok</h1></main><script>console.error("the page is unhappy")</script>');
    case '/members-only':
      return isMember ? document('<main id="main"><h1>Your messages</h1></main>') : redirectTo('/en/login');
    case '/forgets-members':
      return redirectTo('/en/login');
    case '/login':
      return document(
        `<main id="main"><h1>Log in</h1><button type="button" onclick="location.href='/dev-idp/authorize'">${SIGN_IN_BUTTON}</button></main>`,
      );
    case '/auth/callback':
      return document(`<main id="main"><p role="status">Logging you in</p></main>${redirectTo('/en/ok')}`);
    default:
      return null;
  }
}

const THROWING_SCRIPT = 'function renderPage() { throw new Error("the page broke"); }\nfunction start() { renderPage(); }\nstart();\n';

interface FakeSite {
  origin: string;
  signIns: number;
  close(): Promise<void>;
}

async function startFakeSite(): Promise<FakeSite> {
  const site: FakeSite = { origin: '', signIns: 0, close: async () => undefined };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const isMember = (request.headers.cookie ?? '').includes(MEMBER_COOKIE);
    if (url.pathname === '/own/throws.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(THROWING_SCRIPT);
      return;
    }
    if (url.pathname === '/dev-idp/authorize' && request.method === 'GET') {
      const form =
        '<form method="post"><label>Email <input name="email"></label><label>Name <input name="name"></label><button type="submit">Continue</button></form>';
      response.writeHead(200, { 'content-type': 'text/html' }).end(document(form));
      return;
    }
    if (url.pathname === '/dev-idp/authorize' && request.method === 'POST') {
      site.signIns += 1;
      response.writeHead(303, { location: '/en/auth/callback', 'set-cookie': `${MEMBER_COOKIE}; Path=/` }).end();
      return;
    }
    const language = /^\/(en|he)(\/.*)$/.exec(url.pathname);
    const page = language ? pageFor(language[2] ?? '', isMember) : null;
    if (page === null) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  site.close = () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  return site;
}

const ownFiles = (url: string) => new URL(url).pathname.startsWith('/own/');
const publicPage = (path: string): PageToCheck => ({ routeId: path.slice(1), path, isProtected: false });

describe('renderCheck', () => {
  let site: FakeSite;
  before(async () => {
    site = await startFakeSite();
  });
  after(async () => {
    await site.close();
  });

  it('passes pages that render, in each language, signing in once per language for the protected page', async () => {
    const pages = [
      publicPage('/ok'),
      publicPage('/missing-elsewhere'),
      { routeId: 'membersOnly', path: '/members-only', isProtected: true },
    ];
    const problems = await renderCheck({ origin: site.origin, pages, languages: ['he', 'en'], ownFiles });
    assert.deepEqual(problems, []);
    assert.equal(site.signIns, 2);
  });

  it('gives each failing page its first problem, and none to the page that renders', async () => {
    const pages = [
      publicPage('/throws'),
      publicPage('/missing-own'),
      publicPage('/no-heading'),
      publicPage('/error-panel'),
      publicPage('/late-error'),
      publicPage('/console-error'),
      publicPage('/ok'),
      { routeId: 'forgetsMembers', path: '/forgets-members', isProtected: true },
    ];
    const problems = await renderCheck({ origin: site.origin, pages, languages: ['en'], ownFiles, timeoutMs: 1500 });
    const byPage = new Map(problems.map((problem) => [problem.page, problem]));
    assert.deepEqual(
      problems.map((problem) => problem.page),
      ['/en/throws', '/en/missing-own', '/en/no-heading', '/en/error-panel', '/en/late-error', '/en/console-error', '/en/forgets-members'],
    );

    const thrown = byPage.get('/en/throws');
    assert.equal(thrown?.error, 'uncaught error: the page broke');
    const frames = thrown?.stack?.split('\n') ?? [];
    assert.ok(frames.length >= 2 && frames.length <= 5, `stack lines: ${thrown?.stack}`);
    assert.match(frames[0] ?? '', /^at renderPage .*\/own\/throws\.js:1:/);

    assert.equal(byPage.get('/en/missing-own')?.error, `${site.origin}/own/missing.js answered 404`);
    assert.equal(
      byPage.get('/en/no-heading')?.error,
      `the page's main content did not render within 1.5 s: main shows no visible h1, only "Still thinking"`,
    );
    assert.equal(
      byPage.get('/en/error-panel')?.error,
      `the page's main content did not render within 1.5 s: main shows the error panel "This part of the site did not load"`,
    );
    assert.equal(byPage.get('/en/late-error')?.error, 'uncaught error: too late');
    assert.equal(byPage.get('/en/console-error')?.error, 'console error: the page is unhappy');
    assert.equal(byPage.get('/en/forgets-members')?.error, 'the protected page sent the signed-in member to /login');
  });

  it('says how to get a Chromium when there is none', async () => {
    const saved = process.env.CHROME_PATH;
    process.env.CHROME_PATH = '/nowhere/chromium';
    try {
      await assert.rejects(
        renderCheck({ origin: site.origin, pages: [publicPage('/ok')], languages: ['en'], ownFiles }),
        /install chromium .*or set CHROME_PATH/,
      );
    } finally {
      if (saved === undefined) delete process.env.CHROME_PATH;
      else process.env.CHROME_PATH = saved;
    }
  });
});

describe('describeProblems', () => {
  it('lists each page with its error and its stack indented beneath', () => {
    const text = describeProblems([
      { page: '/he/services', error: 'uncaught error: boom', stack: 'at render (a.js:1:2)\nat start (a.js:3:4)' },
      { page: '/en/services', error: 'http://127.0.0.1:1/mfe/services/x.js answered 404' },
    ]);
    assert.equal(
      text,
      '/he/services: uncaught error: boom\n    at render (a.js:1:2)\n    at start (a.js:3:4)\n/en/services: http://127.0.0.1:1/mfe/services/x.js answered 404',
    );
  });
});
