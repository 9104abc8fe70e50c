import { usePageMeta, useTranslation } from '@tasko/shared';
import { contentNamespace } from '../../contentNamespaces';
import '../ArticlePage/ArticlePage.css';

/** The four questions, in their order (docs/product.md#routes). */
export const FAQ_ITEMS = ['whatIs', 'registration', 'howToPost', 'languages'] as const;

export default function FaqPage() {
  const { t } = useTranslation(contentNamespace('faq'));
  usePageMeta(t('title'), t('metaDescription'));
  return (
    <article className="page page--narrow faq">
      <h1>{t('title')}</h1>
      <p className="page__intro">{t('intro')}</p>
      <dl>
        {FAQ_ITEMS.map((item) => (
          <div key={item} className="card faq__item">
            <dt>
              <h2>{t(`items.${item}.q`)}</h2>
            </dt>
            <dd>{t(`items.${item}.a`)}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
