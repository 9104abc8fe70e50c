import { registerNamespace, type Language } from '@tasko/shared';

export interface BlogSummary {
  id: string;
  title: string;
  excerpt: string;
  /** YYYY-MM-DD */
  date: string;
}

export interface BlogArticle extends BlogSummary {
  /** Text as `Prose` (@tasko/shared) renders it: ## headings, paragraphs, - and 1. lists, **bold**. */
  body: string;
}

registerNamespace('blog', (language) => import(`../locales/${language}/blog.json`));

/** The articles of one language, newest first, without their bodies. */
export function loadBlogIndex(language: Language): Promise<BlogSummary[]> {
  return import(`./${language}/index.blog`).then((m: { default: BlogSummary[] }) => m.default);
}

/** One article, or null when the language has no article with that id. */
export function loadBlogArticle(language: Language, id: string): Promise<BlogArticle | null> {
  if (!/^blog\d{1,3}$/.test(id)) return Promise.resolve(null);
  return import(`./${language}/${id}.md`).then(
    (m: { default: BlogArticle }) => m.default,
    (error: unknown) => {
      // No such article in this language; a failed download is a real error for the page's boundary.
      if ((error as { code?: string }).code === 'MODULE_NOT_FOUND') return null;
      throw error;
    },
  );
}
