import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { LANGUAGE_CODES, PAGE_ROUTES } from '@tasko/shared/domain';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { makeFixtureSite } from './fixtureSite.js';
import { multipartBody, validPostFields } from './multipart.js';
import { freshClientAddress, signIn, startTestServer, type TestServer } from './testServer.js';

const distRoot = makeFixtureSite();
let database: DatabaseHandle;
let server: TestServer;
let app: FastifyInstance;
let listingId: number;

async function serve(env: Record<string, string> = {}): Promise<TestServer> {
  return startTestServer(database, { DIST_ROOT: distRoot, PUBLIC_ORIGIN: 'https://tasko.test', ...env });
}

before(async () => {
  database = await openDatabase({ pgliteDir: 'memory' });
  server = await serve();
  app = server.app;
  const token = await signIn(app, 'dana@example.com', 'Dana');
  const body = multipartBody(
    validPostFields({ jobTitle: 'עזרה בהובלת ספה', description: 'Third floor, no elevator. <script>alert(1)</script>', amount: '300' }),
  );
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/jobs',
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    remoteAddress: freshClientAddress(),
  });
  listingId = res.json().job_id;
});
after(async () => {
  await server.close();
  await database.close();
  fs.rmSync(distRoot, { recursive: true, force: true });
});

const samplePath = (pattern: string) => pattern.replace(':id', String(listingId)).replace(':blogId', 'blog1');

describe('page routes', () => {
  it('answers every route of the table, bare and under each language, with lang and dir in the HTML', async () => {
    for (const route of PAGE_ROUTES) {
      for (const pattern of route.paths) {
        const bare = samplePath(pattern);
        for (const language of LANGUAGE_CODES) {
          const url = bare === '/' ? `/${language}` : `/${language}${bare}`;
          const res = await app.inject(url);
          assert.equal(res.statusCode, 200, url);
          const dir = language === 'he' || language === 'ar' ? 'rtl' : 'ltr';
          assert.match(res.body, new RegExp(`<html lang="${language}" dir="${dir}">`), url);
        }
        const res = await app.inject(bare);
        assert.equal(res.statusCode, 200, bare);
      }
    }
  });

  it('renders a bare URL in Hebrew by default and in the language cookie when set', async () => {
    assert.match((await app.inject('/faq')).body, /<html lang="he" dir="rtl">/);
    const res = await app.inject({ url: '/faq', headers: { cookie: 'x=1; tasko_lang=ru' } });
    assert.match(res.body, /<html lang="ru" dir="ltr">/);
    assert.match(res.body, /<title>Частые вопросы \| Tasko<\/title>/);
    assert.match(String(res.headers.vary), /Cookie/, 'caches must keep one copy per language cookie');
  });

  it('puts the title, description, canonical URL and the four alternates plus x-default in the head', async () => {
    const { body } = await app.inject('/en/faq');
    assert.match(body, /<title>Frequently asked questions \| Tasko<\/title>/);
    assert.match(body, /<meta name="description" content="Answers about browsing, posting and the languages of Tasko.">/);
    assert.match(body, /<link rel="canonical" href="https:\/\/tasko.test\/en\/faq">/);
    for (const code of LANGUAGE_CODES) assert.match(body, new RegExp(`hreflang="${code}" href="https://tasko.test/${code}/faq"`));
    assert.match(body, /hreflang="x-default" href="https:\/\/tasko.test\/faq"/);
    assert.doesNotMatch(body, /noindex/);
  });

  it('keeps private pages out of search engines', async () => {
    assert.match((await app.inject('/my-posted-jobs')).body, /<meta name="robots" content="noindex">/);
  });

  it("paints the header, the loading state and the footer in the reader's language before any script runs", async () => {
    const { body } = await app.inject('/he/services');
    const root = /<div id="root">([\s\S]*)<\/div><\/body>/.exec(body)?.[1] ?? '';
    // The skip link first, before the header, as the shell has it (the cookie banner comes between them there).
    assert.match(root, /^<a class="skip-link" href="#main">דילוג לתוכן<\/a><header class="site-header">/);
    assert.match(root, /<a class="brand" href="\/he">/);
    // The current section is marked as the shell's NavLink marks it; links keep the /he prefix of the URL.
    assert.match(root, /<a href="\/he">עבודות<\/a><a class="active" aria-current="page" href="\/he\/services">שירותים<\/a>/);
    assert.match(root, /<span lang="he">עברית<\/span>/);
    // Signed in or not is known only in the browser: the account's place is kept, with nothing in it.
    assert.match(root, /<div class="account-slot"><\/div>/);
    assert.doesNotMatch(root, /התחברות/);
    assert.match(
      root,
      /<main id="main" tabindex="-1" class="site-main"><div class="page-loading" role="status" aria-live="polite">.*טוען…<\/span><\/div><\/main>/,
    );
    assert.match(root, /<li><a href="\/he\/faq">שאלות נפוצות<\/a><\/li>/);
    assert.match(root, new RegExp(`© ${new Date().getFullYear()} Tasko`));
  });

  it('paints the header as the shell renders it: the menu button, Jobs current on /tasks, no popup menus', async () => {
    const { body } = await app.inject('/ru/tasks');
    const root = /<div id="root">([\s\S]*)<\/div><\/body>/.exec(body)?.[1] ?? '';
    assert.match(
      root,
      /<a class="brand" href="\/ru">Tasko<\/a><div class="site-menu"><button type="button" aria-expanded="false" aria-controls="site-menu" class="header-button site-menu__toggle">/,
    );
    assert.match(
      root,
      /<span class="visually-hidden">Меню<\/span><\/button><div id="site-menu" class="site-menu__panel"><nav class="site-nav"/,
    );
    // The task search is in the Jobs section: current, though not the Jobs page itself.
    assert.match(root, /<a class="active" aria-current="true" href="\/ru">Задания<\/a><a href="\/ru\/services">Услуги<\/a>/);
    assert.match(root, /<button type="button" lang="ru" dir="ltr" disabled="" aria-current="true">Русский<\/button>/);
    assert.match(
      root,
      /<div class="site-header__actions"><div class="dropdown language-selector">.*<div class="dropdown post-menu">.*<div class="account-slot"><\/div><\/div>/,
    );
    assert.doesNotMatch(root, /aria-haspopup/);
  });

  it("paints a bare URL in the cookie's language with bare links, and escapes nothing it should not", async () => {
    const { body } = await app.inject({ url: '/', headers: { cookie: 'tasko_lang=ar' } });
    assert.match(body, /<a class="active" aria-current="page" href="\/">[^<]+<\/a><a href="\/services">/);
    assert.match(body, /<span lang="ar">العربية<\/span>/);
    assert.match(body, /<li><a href="\/contact">/);
  });

  it("paints the page in the theme the reader chose before any script, and in the device's with no choice", async () => {
    assert.match(
      (await app.inject({ url: '/en/faq', headers: { cookie: 'tasko_theme=dark' } })).body,
      /<html lang="en" dir="ltr" data-theme="dark">/,
    );
    assert.match(
      (await app.inject({ url: '/en/faq', headers: { cookie: 'tasko_theme=light' } })).body,
      /<html lang="en" dir="ltr" data-theme="light">/,
    );
    for (const cookie of ['tasko_theme=%22%3E%3Cscript%3E', 'tasko_theme=', '']) {
      assert.match((await app.inject({ url: '/en/faq', headers: { cookie } })).body, /<html lang="en" dir="ltr">/, cookie);
    }
  });

  it("writes the shell's frame styles into the page, marked with their file so the shell does not fetch them again", async () => {
    const { body } = await app.inject('/en/faq');
    assert.match(body, /<style data-href="bootstrap.22222222.css">\.site-header\{position:sticky\}.*<\/style>/);
    assert.doesNotMatch(body, /as="style" href="\/mfe\/shell\/bootstrap.22222222.css"/);
    assert.ok(body.indexOf('<style data-href') < body.indexOf('<body>'), 'styles are in the head, before anything is painted');
  });

  it('preloads the shell bootstrap, its singletons, the language file and the route’s remote together', async () => {
    const { body } = await app.inject('/ru/faq');
    for (const href of [
      '/mfe/shell/bootstrap.11111111.js',
      '/mfe/shell/react.44444444.js',
      '/mfe/shell/locale-ru.33333333.js',
      '/mfe/content/remoteEntry.js',
      '/mfe/content/faq.66666666.js',
    ]) {
      assert.match(body, new RegExp(`<link rel="preload" as="script" fetchpriority="low" href="${href}">`), href);
    }
    assert.match(body, /<link rel="preload" as="style" href="\/mfe\/content\/faq.77777777.css">/);
    assert.doesNotMatch(body, /react\.55555555/, 'the fallback copy of a singleton is never hinted');
  });

  it('writes the answer of a listing page’s first request into the page, as the API gives it, and hints only what it could not answer', async () => {
    const configOf = (body: string) =>
      JSON.parse(/<script id="tasko-config" type="application\/json">(.*?)<\/script>/.exec(body)?.[1] ?? '{}');
    const fetchHint = (body: string) => /<link rel="preload" as="fetch" href="([^"]+)" crossorigin="anonymous">/.exec(body)?.[1];
    const home = (await app.inject('/he')).body;
    const search = '/api/v1/jobs?offerType=job&page=1&pageSize=12&language=he';
    assert.deepEqual(configOf(home).answers, { [search]: (await app.inject(search)).json() });
    assert.ok((configOf(home).answers[search].jobs as unknown[]).length > 0);
    assert.equal(fetchHint(home), undefined, 'answered: nothing left to fetch');
    const services = configOf((await app.inject('/en/services?category=other&page=2')).body);
    assert.deepEqual(Object.keys(services.answers), ['/api/v1/jobs?offerType=service&category=other&page=2&pageSize=12&language=en']);
    const listing = configOf((await app.inject(`/en/job/${listingId}`)).body);
    assert.equal(listing.answers[`/api/v1/jobs/${listingId}?language=en`].jobTitle, 'עזרה בהובלת ספה');
    assert.equal(configOf((await app.inject('/en/tasks')).body).answers, undefined, '/tasks waits for a search');
    assert.equal(configOf((await app.inject('/en/faq')).body).answers, undefined);
    // A search the API refuses (a place that does not exist) is not written in: the page asks, and shows the refusal.
    const refused = (await app.inject('/en/services?placeId=99999999')).body;
    assert.equal(configOf(refused).answers, undefined);
    assert.match(fetchHint(refused) ?? '', /placeId=99999999/);
  });

  it('injects the remotes map as JSON, with each entry overridable from the environment, and hints a remote elsewhere from its manifest', async () => {
    // A remote on another origin (a CDN), on loopback: the server reads its federation manifest once for the hints.
    let manifestReads = 0;
    const cdn = http.createServer((req, res) => {
      if (req.url !== '/content/mf-manifest.json') return res.writeHead(404).end();
      manifestReads += 1;
      res.setHeader('Content-Type', 'application/json');
      res.end(
        JSON.stringify({
          shared: [],
          exposes: [
            { name: 'FaqPage', path: './FaqPage', assets: { js: { sync: ['faq.abcdef12.js'], async: [] }, css: { sync: [], async: [] } } },
          ],
        }),
      );
    });
    await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
    const cdnOrigin = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}`;
    const custom = await serve({ MFE_CONTENT_URL: `${cdnOrigin}/content/` });
    try {
      const { body, headers } = await custom.app.inject('/faq');
      const json = /<script id="tasko-config" type="application\/json">(.*?)<\/script>/.exec(body)?.[1];
      assert.ok(json);
      const config = JSON.parse(json);
      assert.equal(config.remotes.mfe_content, `${cdnOrigin}/content/remoteEntry.js`);
      assert.equal(config.remotes.mfe_jobs, '/mfe/jobs/remoteEntry.js');
      assert.ok(body.includes(`<link rel="preload" as="script" fetchpriority="low" href="${cdnOrigin}/content/remoteEntry.js">`));
      assert.ok(body.includes(`href="${cdnOrigin}/content/faq.abcdef12.js"`), 'the page chunk is hinted from the remote’s own manifest');
      assert.doesNotMatch(body, /faq\.66666666/, 'not the chunks of the build on this disk');
      assert.match(String(headers['content-security-policy']), new RegExp(`script-src 'self' ${cdnOrigin};`));
      // A remote's dev server on loopback reloads through its websocket: allowed outside production.
      assert.match(String(headers['content-security-policy']), new RegExp(`connect-src 'self' ${cdnOrigin} ws://127\\.0\\.0\\.1:\\d+;`));
      await custom.app.inject('/about');
      assert.equal(manifestReads, 1, 'read once, then kept');
    } finally {
      await custom.close();
      await new Promise((resolve) => cdn.close(resolve));
    }
  });

  it('allows no websocket in production', async () => {
    const production = await serve({ NODE_ENV: 'production', MFE_CONTENT_URL: 'http://127.0.0.1:1/content/', DEMO_DATA: 'off' });
    try {
      const csp = String((await production.app.inject('/faq')).headers['content-security-policy']);
      assert.match(csp, /connect-src 'self' http:\/\/127\.0\.0\.1:1;/);
      assert.doesNotMatch(csp, /ws:/);
    } finally {
      await production.close();
    }
  });

  it('answers unknown pages with 404 and the page shell, and unknown API paths with a JSON 404', async () => {
    const page = await app.inject('/no-such-page');
    assert.equal(page.statusCode, 404);
    assert.match(page.headers['content-type'] as string, /text\/html/);
    assert.match(page.body, /<meta name="robots" content="noindex">/);
    const api = await app.inject('/api/v1/no-such-call');
    assert.equal(api.statusCode, 404);
    assert.deepEqual(api.json(), { statusCode: 404, messageKey: 'notFound' });
    const post = await app.inject({ method: 'DELETE', url: '/api/v1/no-such-call' });
    assert.equal(post.statusCode, 404);
    assert.deepEqual(post.json(), { statusCode: 404, messageKey: 'notFound' });
    // A chunk a tab asks for after a release removed it: a 404 a browser reports as such, not JSON to run.
    const chunk = await app.inject('/mfe/content/9732.b172459a.js');
    assert.equal(chunk.statusCode, 404);
    assert.match(chunk.headers['content-type'] as string, /^text\/plain/);
    assert.equal(chunk.headers['cache-control'], 'no-store');
    assert.equal(chunk.body, 'Not found');
    assert.equal((await app.inject('/uploads/missing.jpg')).headers['content-type'], 'text/plain; charset=utf-8');
  });
});

describe('pages about one thing', () => {
  it('gives a listing’s page its title, description and JobPosting data in the first HTML, without contact details', async () => {
    const { body, statusCode } = await app.inject(`/en/job/${listingId}`);
    assert.equal(statusCode, 200);
    assert.match(body, /<title>עזרה בהובלת ספה \| Tasko<\/title>/);
    assert.match(body, /<meta name="description" content="Third floor, no elevator. &lt;script&gt;alert\(1\)&lt;\/script&gt;">/);
    assert.match(body, /<meta property="og:title" content="עזרה בהובלת ספה \| Tasko">/);
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(body)?.[1];
    assert.ok(jsonLd);
    assert.doesNotMatch(jsonLd, /<\/script/i, 'user text cannot close the element');
    const data = JSON.parse(jsonLd);
    assert.equal(data['@type'], 'JobPosting');
    assert.equal(data.baseSalary.currency, 'ILS');
    assert.equal(data.baseSalary.value.value, 300);
    assert.doesNotMatch(body, /0541234567|054-1234-567|dana@example\.com/, 'no phone or email for scrapers');
  });

  it('answers 404 and noindex for an unknown, malformed or deleted listing', async () => {
    for (const url of ['/job/999999', '/he/job/abc', '/job/99999999999']) {
      const res = await app.inject(url);
      assert.equal(res.statusCode, 404, url);
      assert.match(res.body, /<meta name="robots" content="noindex">/, url);
    }
  });

  it('gives an article its own title in each language, and 404 to an unknown one', async () => {
    const titles = new Set<string>();
    for (const language of LANGUAGE_CODES) {
      const { body, statusCode } = await app.inject(`/${language}/blogs/blog3`);
      assert.equal(statusCode, 200);
      const title = /<title>(.*?)<\/title>/.exec(body)?.[1] ?? '';
      assert.ok(title.endsWith('| Tasko') && !title.startsWith('Blog |'), title);
      titles.add(title);
      assert.match(body, /"@type":"BlogPosting"/);
    }
    assert.equal(titles.size, 4, 'a title per language');
    assert.equal((await app.inject('/en/blogs/blog99')).statusCode, 404);
  });
});

describe('for crawlers', () => {
  it('lists every public page, article and active listing in the sitemap, with alternates and lastmod', async () => {
    const res = await app.inject('/sitemap.xml');
    assert.equal(res.statusCode, 200);
    assert.match(res.headers['content-type'] as string, /application\/xml/);
    const xml = res.body;
    assert.ok(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>'));
    for (const path of ['/he/faq', '/ar/services', '/ru/blogs/blog13', `/en/job/${listingId}`, '/he']) {
      assert.ok(xml.includes(`<loc>https://tasko.test${path}</loc>`), path);
    }
    assert.ok(!xml.includes('/login') && !xml.includes('/my-posted-jobs') && !xml.includes('/moderation'), 'no private pages');
    const urls = xml.match(/<url>/g)?.length ?? 0;
    assert.equal(urls, (xml.match(/<lastmod>\d{4}-\d{2}-\d{2}T[^<]+<\/lastmod>/g) ?? []).length);
    assert.equal((xml.match(/hreflang="x-default"/g) ?? []).length, urls);
  });

  it('points robots.txt at the sitemap and keeps private pages out', async () => {
    const { body } = await app.inject('/robots.txt');
    assert.match(body, /^Sitemap: https:\/\/tasko.test\/sitemap.xml$/m);
    assert.match(body, /^Disallow: \/api\/$/m);
    assert.match(body, /^Disallow: \/\*\/my-posted-jobs$/m);
  });

  it('describes the site for AI agents in /llms.txt', async () => {
    const res = await app.inject('/llms.txt');
    assert.match(res.headers['content-type'] as string, /text\/markdown/);
    assert.match(res.body, /^# Tasko\n\n> /);
    assert.match(res.body, /## Main pages/);
    assert.match(res.body, /https:\/\/tasko.test\/sitemap.xml/);
  });
});

describe('canonical URLs', () => {
  let canonical: TestServer;
  before(async () => {
    canonical = await serve({ CANONICAL_ORIGIN: 'https://www.tasko.test', TRUST_PROXY: '127.0.0.1' });
  });
  after(async () => canonical.close());

  const get = (url: string, host: string, proto: string) => canonical.app.inject({ url, headers: { host, 'x-forwarded-proto': proto } });

  it('sends http to https with one permanent redirect', async () => {
    const res = await get('/he/faq?x=1', 'www.tasko.test', 'http');
    assert.equal(res.statusCode, 301);
    assert.equal(res.headers.location, 'https://www.tasko.test/he/faq?x=1');
  });

  it('sends the bare host to www', async () => {
    const res = await get('/services', 'tasko.test', 'https');
    assert.equal(res.statusCode, 301);
    assert.equal(res.headers.location, 'https://www.tasko.test/services');
  });

  it('sends a path with an embedded absolute URL to the canonical path, in the same single redirect', async () => {
    for (const [url, target] of [
      ['/https://www.tasko.test/services', '/services'],
      ['/https:/www.example.co.il/he/faq?q=1', '/he/faq?q=1'],
      ['/http%3A%2F%2Ftasko.test', '/'],
    ]) {
      const res = await get(url as string, 'tasko.test', 'http');
      assert.equal(res.statusCode, 301, url);
      assert.equal(res.headers.location, `https://www.tasko.test${target}`, url);
    }
  });

  it('leaves the canonical origin and other hosts alone', async () => {
    assert.equal((await get('/he/faq', 'www.tasko.test', 'https')).statusCode, 200);
    assert.equal((await get('/api/v1/health', '10.0.0.5:8080', 'http')).statusCode, 200);
  });
});

describe('assets', () => {
  it('caches hashed files for a year and revalidates entries', async () => {
    const hashed = await app.inject('/mfe/content/faq.66666666.js');
    assert.equal(hashed.statusCode, 200);
    assert.equal(hashed.headers['cache-control'], 'public, max-age=31536000, immutable');
    const entry = await app.inject('/mfe/content/remoteEntry.js');
    assert.equal(entry.headers['cache-control'], 'no-cache');
    assert.equal(entry.headers['access-control-allow-origin'], '*');
  });

  it('caches a hashed file for a year whether it is sent raw, as brotli or as gzip; an entry never', async () => {
    for (const [encoding, sent] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const hashed = await app.inject({ url: '/mfe/content/faq.66666666.js', headers: { 'accept-encoding': encoding } });
      assert.equal(hashed.statusCode, 200);
      assert.equal(hashed.headers['content-encoding'], sent, encoding);
      assert.equal(hashed.headers['cache-control'], 'public, max-age=31536000, immutable', encoding);
    }
    const entry = await app.inject({ url: '/mfe/content/remoteEntry.js', headers: { 'accept-encoding': 'br' } });
    assert.equal(entry.headers['content-encoding'], 'br');
    assert.equal(entry.headers['cache-control'], 'no-cache');
  });

  it('compresses pages', async () => {
    const res = await app.inject({ url: '/en/faq', headers: { 'accept-encoding': 'br' } });
    assert.equal(res.headers['content-encoding'], 'br');
  });
});

describe('health', () => {
  it('answers ok', async () => {
    const res = await app.inject('/api/v1/health');
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().ok, true);
  });
});
