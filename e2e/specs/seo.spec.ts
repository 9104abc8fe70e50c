import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { LANGUAGE_CODES } from '@tasko/shared/domain';
import { apiSession, createListing } from '../support/accounts.js';
import { newPage, useSiteAndBrowser } from '../support/site.js';

// Behind the proxy https needs, the local identity provider runs only when asked for (docs/security.md).
const running = useSiteAndBrowser({
  DEMO_DATA: 'off',
  CANONICAL_ORIGIN: 'https://www.tasko.test',
  TRUST_PROXY: '127.0.0.1',
  DEV_IDP: 'on',
});

/** A raw request as a crawler makes it: no script runs, custom Host and scheme headers allowed. */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<{ status: number; location?: string; body: string }> {
  const { hostname, port } = new URL(running.site.origin);
  return new Promise((resolve, reject) => {
    const request = http.get(
      { hostname, port, path, headers: { host: 'www.tasko.test', 'x-forwarded-proto': 'https', ...headers } },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            ...(response.headers.location ? { location: response.headers.location } : {}),
            body,
          }),
        );
      },
    );
    request.on('error', reject);
    request.setTimeout(10_000, () => request.destroy(new Error(`timeout: ${path}`)));
  });
}

describe('the blog', () => {
  for (const [language, heading, back] of [
    ['he', 'בלוג', 'חזרה לבלוג'],
    ['ar', 'المدونة', 'العودة إلى المدونة'],
  ] as const) {
    it(`lists the 13 articles and opens one, in ${language}, right to left`, async () => {
      const { page, context, problems } = await newPage(running.browser);
      try {
        await page.goto(`${running.site.origin}/${language}/blogs`);
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
        const articles = page.getByRole('main').getByRole('listitem');
        await articles.first().waitFor();
        assert.equal(await articles.count(), 13);
        const firstTitle = (await articles.first().getByRole('heading', { level: 2 }).innerText()).trim();
        await articles.first().getByRole('link').last().click();
        await page.getByRole('heading', { name: firstTitle, level: 1 }).waitFor();
        assert.match(await page.title(), new RegExp(firstTitle.slice(0, 10)));
        const words = (await page.getByRole('main').innerText()).split(/\s+/).length;
        assert.ok(words > 350, `an article, not a stub (${words} words)`);
        await page.getByRole('link', { name: back }).last().click();
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        assert.deepEqual(problems.errors, []);
      } finally {
        await context.close();
      }
    });
  }

  it('says so for an unknown article, never a blank page', async () => {
    const { page, context } = await newPage(running.browser);
    try {
      await page.goto(`${running.site.origin}/en/blogs/blog99`);
      await page.getByText('Article not found').waitFor();
      await page.getByRole('link', { name: 'Back to blogs' }).first().waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('what crawlers get without running scripts', () => {
  it('has the title, description, canonical, alternates, lang and dir in the first HTML of several routes', async () => {
    for (const [path, lang, dir, title] of [
      ['/he/faq', 'he', 'rtl', 'שאלות נפוצות'],
      ['/ar/services', 'ar', 'rtl', ''],
      ['/ru/about', 'ru', 'ltr', ''],
      ['/en/blogs/blog2', 'en', 'ltr', ''],
    ] as const) {
      const { status, body } = await rawGet(path);
      assert.equal(status, 200, path);
      assert.match(body, new RegExp(`<html lang="${lang}" dir="${dir}">`), path);
      const pageTitle = /<title>([^<]+)<\/title>/.exec(body)?.[1] ?? '';
      assert.ok(pageTitle.endsWith('| Tasko') || pageTitle.startsWith('Tasko:'), `${path}: ${pageTitle}`);
      if (title) assert.ok(pageTitle.includes(title), `${path}: ${pageTitle}`);
      assert.match(body, /<meta name="description" content="[^"]{30,}">/, path);
      assert.match(body, new RegExp(`<link rel="canonical" href="https://www.tasko.test${path}">`), path);
      const bare = path.replace(/^\/(he|ar|ru|en)/, '') || '/';
      for (const code of LANGUAGE_CODES)
        assert.ok(body.includes(`hreflang="${code}" href="https://www.tasko.test/${code}${bare === '/' ? '' : bare}"`), `${path} ${code}`);
      assert.ok(body.includes(`hreflang="x-default" href="https://www.tasko.test${bare}"`), path);
      assert.match(body, /<meta property="og:title" content="[^"]+">/, path);
    }
  });

  it('gives a listing page its own title and JobPosting data', async () => {
    const { page, context } = await newPage(running.browser);
    try {
      const token = await apiSession(page.request, running.site.origin, 'noa@example.com', 'Noa');
      const id = await createListing(page.request, running.site.origin, token, {
        jobTitle: 'שמרטפות לשני ילדים',
        description: 'ערב אחד בשבוע ברעננה, מ-18:00 עד 22:00.',
      });
      const { status, body } = await rawGet(`/en/job/${id}`);
      assert.equal(status, 200);
      assert.match(body, /<title>שמרטפות לשני ילדים \| Tasko<\/title>/);
      assert.match(body, /"@type":"JobPosting"/);
      assert.doesNotMatch(body, /054-?1234-?567/);
      assert.equal((await rawGet('/en/job/987654')).status, 404);
    } finally {
      await context.close();
    }
  });

  it('serves a valid sitemap with every language, the articles and a listing created through the API', async () => {
    const { page, context } = await newPage(running.browser);
    try {
      const token = await apiSession(page.request, running.site.origin, 'yossi@example.com', 'Yossi');
      const id = await createListing(page.request, running.site.origin, token, { jobTitle: 'Sitemap test listing' });
      const { status, body } = await rawGet('/sitemap.xml');
      assert.equal(status, 200);
      await page.goto(`${running.site.origin}/robots.txt`);
      // Chromium's own XML parser decides whether the sitemap is well-formed.
      const parsed = await page.evaluate((xml) => {
        const doc = new DOMParser().parseFromString(xml, 'application/xml');
        const error = doc.querySelector('parsererror');
        const locs = [...doc.getElementsByTagNameNS('http://www.sitemaps.org/schemas/sitemap/0.9', 'loc')].map(
          (el) => el.textContent ?? '',
        );
        return { error: error?.textContent ?? null, root: doc.documentElement.localName, locs };
      }, body);
      assert.equal(parsed.error, null);
      assert.equal(parsed.root, 'urlset');
      for (const code of LANGUAGE_CODES) {
        assert.ok(parsed.locs.includes(`https://www.tasko.test/${code}/job/${id}`), `listing in ${code}`);
        assert.ok(parsed.locs.includes(`https://www.tasko.test/${code}/blogs/blog13`), `article in ${code}`);
      }
      const robots = await rawGet('/robots.txt');
      assert.match(robots.body, /Sitemap: https:\/\/www.tasko.test\/sitemap.xml/);
      const llms = await rawGet('/llms.txt');
      assert.match(llms.body, /^# Tasko/);
    } finally {
      await context.close();
    }
  });
});

describe('canonical redirects', () => {
  it('sends http to https, the bare host to www, and an embedded URL to its path, each in one permanent redirect', async () => {
    for (const [path, headers, location] of [
      ['/he/faq', { 'x-forwarded-proto': 'http' }, 'https://www.tasko.test/he/faq'],
      ['/services', { host: 'tasko.test' }, 'https://www.tasko.test/services'],
      ['/https://www.example.co.il/services', {}, 'https://www.tasko.test/services'],
      ['/https://www.tasko.test/he/blogs', { host: 'tasko.test', 'x-forwarded-proto': 'http' }, 'https://www.tasko.test/he/blogs'],
    ] as const) {
      const first = await rawGet(path, headers);
      assert.equal(first.status, 301, path);
      assert.equal(first.location, location, path);
      const target = new URL(location);
      const second = await rawGet(target.pathname + target.search);
      assert.equal(second.status, 200, `${location} is final: no chain of redirects`);
    }
  });
});
