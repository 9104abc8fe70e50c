import type { ReactNode } from 'react';
import { Link } from '@tasko/shared/router';
import { Prose, useLocalizedPath, usePageMeta, useTranslation } from '@tasko/shared';
import { contentNamespace, type ContentPage, type Section } from '../../contentNamespaces';
import './ArticlePage.css';

/**
 * A content page: title, intro, optional "last updated" line, then its sections in order; with
 * `listingsCta`, its `cta` text as a link to the listings at the end.
 */
export function ArticlePage({ page, listingsCta = false, children }: { page: ContentPage; listingsCta?: boolean; children?: ReactNode }) {
  const { t, i18n } = useTranslation(contentNamespace(page));
  const localized = useLocalizedPath();
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
      {listingsCta && (
        <p className="article__cta">
          <Link className="button button--primary" to={localized('/')}>
            {t('cta')}
          </Link>
        </p>
      )}
      {children}
    </article>
  );
}
