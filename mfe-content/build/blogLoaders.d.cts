// What TypeScript code may use of the loaders: the test reads articles with the build's own parser.
export interface Article {
  id: string;
  title: string;
  excerpt: string;
  date: string;
  body: string;
}

export function parseArticle(file: string): Article;
export function articleIds(dir: string): string[];
