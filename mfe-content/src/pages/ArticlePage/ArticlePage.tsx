import type { ReactNode } from 'react';
import { Prose, usePageMeta, useTranslation } from '@tasko/shared';
import { contentNamespace, type ContentPage, type Section } from '../../contentNamespaces';
import './ArticlePage.css';

/** A content page: title, intro, optional "last updated" line, then its sections in order. */
export function ArticlePage({ page, children }: { page: ContentPage; children?: ReactNode }) {
  const { t, i18n } = useTranslation(contentNamespace(page));
  usePageMeta(t('title'), t('metaDescription'));
  const sections = t('sections', { returnObjects: true }) as Record<string, Section>;
  const hasUpdated = i18n.exists('updated', { ns: contentNamespace(page) });

  return (
    <article className="page page--narrow article">
      <header>
        <h1>{t('title')}</h1>
        {hasUpdated && <p className="article__updated">{t('updated')}</p>}
        <p className="page__intro">{t('intro')}</p>
      </header>
      {Object.entries(sections).map(([id, section]) => (
        <section key={id} aria-labelledby={`${page}-${id}`}>
          <h2 id={`${page}-${id}`}>{section.heading}</h2>
          <Prose className="prose" text={section.body} />
        </section>
      ))}
      {children}
    </article>
  );
}
