import http from 'node:http';
import { LANGUAGE_CODES } from '@tasko/shared/domain';
import { apiSession, createListing } from '../support/accounts.js';
import { expect, test } from '../support/test.js';

// Behind the proxy https needs, the local identity provider runs only when asked for (docs/security.md).
test.use({
  siteEnv: {
    DEMO_DATA: 'off',
    CANONICAL_ORIGIN: 'https://www.tasko.test',
    TRUST_PROXY: '127.0.0.1',
    DEV_IDP: 'on',
  },
});

/** A raw request as a crawler makes it: no script runs, custom Host and scheme headers allowed. */
function rawGet(
  origin: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; location?: string; body: string }> {
  const { hostname, port } = new URL(origin);
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

/** A pattern that matches `text` literally. */
const literally = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

test.describe('the blog', () => {
  for (const [language, heading, back] of [
    ['he', 'בלוג', 'חזרה לבלוג'],
    ['ar', 'المدونة', 'العودة إلى المدونة'],
  ] as const) {
    test(`lists the 13 articles and opens one, in ${language}, right to left`, async ({ page, pageErrors }) => {
      await page.goto(`/${language}/blogs`);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      const articles = page.getByRole('main').getByRole('listitem');
      await expect(articles).toHaveCount(13);
      const firstTitle = (await articles.first().getByRole('heading', { level: 2 }).innerText()).trim();
      await articles.first().getByRole('link').last().click();
      await expect(page.getByRole('heading', { name: firstTitle, level: 1 })).toBeVisible();
      await expect(page).toHaveTitle(literally(firstTitle.slice(0, 10)));
      await expect
        .poll(async () => (await page.getByRole('main').innerText()).split(/\s+/).length, { message: 'an article, not a stub' })
        .toBeGreaterThan(350);
      await page.getByRole('link', { name: back }).last().click();
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      expect(pageErrors).toEqual([]);
    });
  }

  test('says so for an unknown article, never a blank page', async ({ page }) => {
    await page.goto('/en/blogs/blog99');
    await expect(page.getByText('Article not found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to blogs' }).first()).toBeVisible();
  });
});

test.describe('what crawlers get without running scripts', () => {
  test('has the title, description, canonical, alternates, lang and dir in the first HTML of several routes', async ({ site }) => {
    for (const [path, lang, dir, title] of [
      ['/he/faq', 'he', 'rtl', 'שאלות נפוצות'],
      ['/ar/services', 'ar', 'rtl', ''],
      ['/ru/about', 'ru', 'ltr', ''],
      ['/en/blogs/blog2', 'en', 'ltr', ''],
    ] as const) {
      const { status, body } = await rawGet(site.origin, path);
      expect(status, path).toBe(200);
      expect(body, path).toMatch(new RegExp(`<html lang="${lang}" dir="${dir}">`));
      const pageTitle = /<title>([^<]+)<\/title>/.exec(body)?.[1] ?? '';
      expect(pageTitle.endsWith('| Tasko') || pageTitle.startsWith('Tasko:'), `${path}: ${pageTitle}`).toBe(true);
      if (title) expect(pageTitle, path).toContain(title);
      expect(body, path).toMatch(/<meta name="description" content="[^"]{30,}">/);
      expect(body, path).toMatch(new RegExp(`<link rel="canonical" href="https://www.tasko.test${path}">`));
      const bare = path.replace(/^\/(he|ar|ru|en)/, '') || '/';
      for (const code of LANGUAGE_CODES)
        expect(body, `${path} ${code}`).toContain(`hreflang="${code}" href="https://www.tasko.test/${code}${bare === '/' ? '' : bare}"`);
      expect(body, path).toContain(`hreflang="x-default" href="https://www.tasko.test${bare}"`);
      expect(body, path).toMatch(/<meta property="og:title" content="[^"]+">/);
    }
  });

  test('gives a listing page its own title and JobPosting data', async ({ request, site }) => {
    const token = await apiSession(request, site.origin, 'seo-noa@e2e.test', 'Noa');
    const id = await createListing(request, site.origin, token, {
      jobTitle: 'שמרטפות לשני ילדים',
      description: 'ערב אחד בשבוע ברעננה, מ-18:00 עד 22:00.',
    });
    const { status, body } = await rawGet(site.origin, `/en/job/${id}`);
    expect(status).toBe(200);
    expect(body).toMatch(/<title>שמרטפות לשני ילדים \| Tasko<\/title>/);
    expect(body).toMatch(/"@type":"JobPosting"/);
    expect(body).not.toMatch(/054-?1234-?567/);
    expect((await rawGet(site.origin, '/en/job/987654')).status).toBe(404);
  });

  test('serves a valid sitemap with every language, the articles and a listing created through the API', async ({
    page,
    request,
    site,
  }) => {
    const token = await apiSession(request, site.origin, 'seo-yossi@e2e.test', 'Yossi');
    const id = await createListing(request, site.origin, token, { jobTitle: 'Sitemap test listing' });
    const { status, body } = await rawGet(site.origin, '/sitemap.xml');
    expect(status).toBe(200);
    await page.goto('/robots.txt');
    // Chromium's own XML parser decides whether the sitemap is well-formed.
    const parsed = await page.evaluate((xml) => {
      const doc = new DOMParser().parseFromString(xml, 'application/xml');
      const error = doc.querySelector('parsererror');
      const locs = [...doc.getElementsByTagNameNS('http://www.sitemaps.org/schemas/sitemap/0.9', 'loc')].map((el) => el.textContent ?? '');
      return { error: error?.textContent ?? null, root: doc.documentElement.localName, locs };
    }, body);
    expect(parsed.error).toBeNull();
    expect(parsed.root).toBe('urlset');
    for (const code of LANGUAGE_CODES) {
      expect(parsed.locs, `listing in ${code}`).toContain(`https://www.tasko.test/${code}/job/${id}`);
      expect(parsed.locs, `article in ${code}`).toContain(`https://www.tasko.test/${code}/blogs/blog13`);
    }
    const robots = await rawGet(site.origin, '/robots.txt');
    expect(robots.body).toMatch(/Sitemap: https:\/\/www.tasko.test\/sitemap.xml/);
    const llms = await rawGet(site.origin, '/llms.txt');
    expect(llms.body).toMatch(/^# Tasko/);
  });
});

test.describe('canonical redirects', () => {
  test('sends http to https, the bare host to www, and an embedded URL to its path, each in one permanent redirect', async ({ site }) => {
    for (const [path, headers, location] of [
      ['/he/faq', { 'x-forwarded-proto': 'http' }, 'https://www.tasko.test/he/faq'],
      ['/services', { host: 'tasko.test' }, 'https://www.tasko.test/services'],
      ['/https://www.example.co.il/services', {}, 'https://www.tasko.test/services'],
      ['/https://www.tasko.test/he/blogs', { host: 'tasko.test', 'x-forwarded-proto': 'http' }, 'https://www.tasko.test/he/blogs'],
    ] as const) {
      const first = await rawGet(site.origin, path, headers);
      expect(first.status, path).toBe(301);
      expect(first.location, path).toBe(location);
      const target = new URL(location);
      const second = await rawGet(site.origin, target.pathname + target.search);
      expect(second.status, `${location} is final: no chain of redirects`).toBe(200);
    }
  });
});
