import fs from 'node:fs';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { LANGUAGE_CODES, PAGE_ROUTES, withLanguagePrefix, type Language } from '@tasko/shared/domain';
import { REPO_ROOT } from '../../config.js';
import type { Database } from '../../db/client.js';
import { listings } from '../../db/schema.js';
import { publiclyVisible } from '../jobs/jobs.queries.js';
import type { ArticleMeta } from './pageSubjects.js';
import { escapeHtml } from './pageHtml.js';

// What crawlers and AI agents read: /sitemap.xml, /robots.txt and /llms.txt.

/** A sitemap holds at most 50,000 addresses; each listing has four. */
const MAX_SITEMAP_LISTINGS = 10_000;

interface SitemapEntry {
  /** The path without a language prefix. */
  path: string;
  lastModified: string;
}

function urlElement(origin: string, entry: SitemapEntry, language: Language): string {
  const alternates = [
    ...LANGUAGE_CODES.map(
      (code) => `<xhtml:link rel="alternate" hreflang="${code}" href="${escapeHtml(origin + withLanguagePrefix(code, entry.path))}"/>`,
    ),
    `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeHtml(origin + entry.path)}"/>`,
  ];
  return `<url><loc>${escapeHtml(origin + withLanguagePrefix(language, entry.path))}</loc><lastmod>${entry.lastModified}</lastmod>${alternates.join('')}</url>`;
}

/**
 * Every public page in the four languages, every article, every active listing, each with its alternates.
 * Pages without a date of their own carry the date of the build that serves them.
 */
export async function sitemapXml(db: Database, origin: string, articles: Record<Language, ArticleMeta[]>, builtAt: Date): Promise<string> {
  const built = builtAt.toISOString();
  const entries: SitemapEntry[] = PAGE_ROUTES.filter((route) => !route.isPrivate && !route.paths[0]?.includes(':')).map((route) => ({
    path: route.paths[0] ?? '/',
    lastModified: built,
  }));
  // Articles have the same ids in every language; the English list names them.
  for (const article of articles.en) entries.push({ path: `/blogs/${article.id}`, lastModified: new Date(article.date).toISOString() });
  const active = await db
    .select({ id: listings.id, updatedAt: listings.updatedAt })
    .from(listings)
    .where(and(eq(listings.status, 'active'), publiclyVisible))
    .orderBy(desc(listings.updatedAt))
    .limit(MAX_SITEMAP_LISTINGS);
  for (const listing of active) entries.push({ path: `/job/${listing.id}`, lastModified: listing.updatedAt.toISOString() });

  const urls = entries.flatMap((entry) => LANGUAGE_CODES.map((language) => urlElement(origin, entry, language)));
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function robotsTxt(origin: string): string {
  const privatePaths = PAGE_ROUTES.filter((route) => route.isPrivate).flatMap((route) => route.paths);
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /dev-idp/',
    // Sign-in, posting and personal pages: nothing there for an index, in any language.
    ...privatePaths.flatMap((p) => [`Disallow: ${p}`, `Disallow: /*${p}`]),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

interface AiInfoTexts {
  title: string;
  metaDescription: string;
  intro: string;
  sections: Record<string, { heading: string; body: string }>;
}

/** /llms.txt: the /ai-info page as Markdown (llmstxt.org), in English, with where to go next. */
export function llmsTxt(origin: string): string {
  const info = JSON.parse(
    fs.readFileSync(path.join(REPO_ROOT, 'mfe-content', 'src', 'locales', 'en', 'aiInfo.json'), 'utf8'),
  ) as AiInfoTexts;
  return [
    '# Tasko',
    '',
    `> ${info.metaDescription}`,
    '',
    info.intro,
    '',
    ...Object.values(info.sections).flatMap((section) => [`## ${section.heading}`, '', section.body, '']),
    '## Links',
    '',
    `- [Information for AI agents](${origin}/ai-info): this text as a page, also in Hebrew (${origin}/he/ai-info), Arabic (${origin}/ar/ai-info) and Russian (${origin}/ru/ai-info)`,
    `- [Sitemap](${origin}/sitemap.xml): every page, article and active listing in the four languages`,
    `- [Listings as JSON](${origin}/api/v1/jobs?q=&location=&category=all&sort=newest&page=1): the public search the pages use (no contact details)`,
    `- [API reference](${origin}/api/docs)`,
    '',
  ].join('\n');
}
