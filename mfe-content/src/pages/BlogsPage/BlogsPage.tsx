import { Link } from '@tasko/shared/router';
import { formatDate, useLanguage, useLocalizedPath, usePageMeta, useTranslation } from '@tasko/shared';
import { loadBlogIndex } from '../../blog/blog';
import { useBlogData } from '../../blog/useBlogData';
import '../ArticlePage/ArticlePage.css';

export default function BlogsPage() {
  const { t } = useTranslation('blog');
  const { language } = useLanguage();
  const localized = useLocalizedPath();
  const articles = useBlogData(language, () => loadBlogIndex(language));
  usePageMeta(t('title'), t('metaDescription'));

  return (
    <section className="page page--narrow blog-list" aria-labelledby="blog-title">
      <h1 id="blog-title">{t('title')}</h1>
      <p className="page__intro">{t('intro')}</p>
      {articles.status === 'loading' && <p role="status">{t('loading')}</p>}
      {articles.status === 'loaded' && articles.value.length === 0 && <p role="status">{t('noBlogs')}</p>}
      {articles.status === 'loaded' && articles.value.length > 0 && (
        <ul className="blog-list__items">
          {articles.value.map((article) => (
            <li key={article.id} className="card blog-card">
              <h2>
                <Link to={localized(`/blogs/${article.id}`)}>{article.title}</Link>
              </h2>
              <p className="article__updated">
                <time dateTime={article.date}>{formatDate(article.date, language)}</time>
              </p>
              <p>{article.excerpt}</p>
              <Link to={localized(`/blogs/${article.id}`)} aria-label={t('readMoreAbout', { title: article.title })}>
                {t('readMore')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
