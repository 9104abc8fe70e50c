// Modules made by build/blogLoaders.cjs from the Markdown articles.
declare module '*.md' {
  const article: import('../blog/blog').BlogArticle;
  export default article;
}

declare module '*.blog' {
  const articles: import('../blog/blog').BlogSummary[];
  export default articles;
}
