import { createRequire } from 'node:module';
import path from 'node:path';
import { LANGUAGE_CODES, isSerialId, listingStructuredData, type Language, type RouteMatch } from '@tasko/shared/domain';
import { REPO_ROOT } from '../../config.js';
import type { Database } from '../../db/client.js';
import { findListing } from '../jobs/jobs.queries.js';
import { publicWire } from '../jobs/listingWire.js';

export interface ArticleMeta {
  id: string;
  title: string;
  excerpt: string;
  date: string;
}

interface BlogLoaders {
  parseArticle(file: string): ArticleMeta & { body: string };
  articleIds(dir: string): string[];
}

// The blog's own Markdown reader (its webpack loader), so the server and the pages read articles alike.
const blogLoaders = createRequire(import.meta.url)(path.join(REPO_ROOT, 'mfe-content', 'build', 'blogLoaders.cjs')) as BlogLoaders;
const blogDir = (language: Language) => path.join(REPO_ROOT, 'mfe-content', 'src', 'blog', language);

/** Every article's title, excerpt and date per language, read once at start (articles change with a deploy). */
export function loadArticles(): Record<Language, ArticleMeta[]> {
  return Object.fromEntries(
    LANGUAGE_CODES.map((language) => [
      language,
      blogLoaders.articleIds(blogDir(language)).map((id) => {
        const { body: _body, ...meta } = blogLoaders.parseArticle(path.join(blogDir(language), `${id}.md`));
        return meta;
      }),
    ]),
  ) as Record<Language, ArticleMeta[]>;
}

/** What a page with an id is about: its own title and description, structured data, or nothing found. */
export interface PageSubject {
  title: string;
  description: string;
  structuredData?: object;
  lastModified?: Date;
}

const DESCRIPTION_LENGTH = 160;

export function summary(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= DESCRIPTION_LENGTH ? flat : `${flat.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…`;
}

/**
 * The subject of a page route with an id (a listing, an article): found → its meta; not found → null, and
 * the page answers 404; routes without an id → undefined (the route's own texts serve).
 */
export async function pageSubject(
  db: Database,
  articles: Record<Language, ArticleMeta[]>,
  match: RouteMatch,
  language: Language,
  url: string,
  noTitle: string,
): Promise<PageSubject | null | undefined> {
  if (match.route.id === 'job') {
    const id = match.params.id ?? '';
    if (!isSerialId(id)) return null;
    const row = await findListing(db, Number(id));
    if (!row) return null;
    const listing = publicWire(row, language);
    return {
      title: listing.jobTitle || noTitle,
      description: summary(listing.description),
      structuredData: listingStructuredData(listing, url, noTitle),
      lastModified: row.updatedAt,
    };
  }
  if (match.route.id === 'blog') {
    const article = articles[language].find((a) => a.id === match.params.blogId);
    if (!article) return null;
    return {
      title: article.title,
      description: summary(article.excerpt),
      structuredData: {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: article.title,
        description: article.excerpt,
        datePublished: article.date,
        inLanguage: language,
        url,
      },
    };
  }
  return undefined;
}
