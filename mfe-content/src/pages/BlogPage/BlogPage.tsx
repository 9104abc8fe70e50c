import { Link, useParams } from '@tasko/shared/router';
import { formatDate, Prose, useLanguage, useLocalizedPath, usePageMeta, useTranslation } from '@tasko/shared';
import { loadBlogArticle } from '../../blog/blog';
import { useBlogData } from '../../blog/useBlogData';
import '../ArticlePage/ArticlePage.css';

export default function BlogPage() {
  const { t } = useTranslation('blog');
  const { blogId = '' } = useParams();
  const { language } = useLanguage();
  const localized = useLocalizedPath();
  const article = useBlogData(`${language}:${blogId}`, () => loadBlogArticle(language, blogId));
  const found = article.status === 'loaded' ? article.value : null;
  usePageMeta(found ? found.title : article.status === 'loaded' ? t('notFound') : undefined, found?.excerpt);

  const back = (
    <Link className="blog-back" to={localized('/blogs')}>
      {t('backToBlogs')}
    </Link>
  );
  if (article.status === 'loading')
    return (
      <p className="page page--narrow" role="status">
        {t('loading')}
      </p>
    );
  if (!found) {
    return (
      <section className="page page--narrow">
        <h1>{t('notFound')}</h1>
        <p>{t('articleMissing')}</p>
        {back}
      </section>
    );
  }
  return (
    <article className="page page--narrow article">
      {back}
      <h1>{found.title}</h1>
      <p className="article__updated">
        <time dateTime={found.date}>{formatDate(found.date, language)}</time>
      </p>
      <Prose className="prose" text={found.body} />
      {back}
    </article>
  );
}
