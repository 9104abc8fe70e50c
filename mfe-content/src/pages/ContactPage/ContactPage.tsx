import { usePageMeta, useTranslation } from '@tasko/shared';
import { contentNamespace } from '../../contentNamespaces';
import './ContactPage.css';

export const SUPPORT_EMAIL = 'support@tasko.co.il';
const FEATURES = ['free', 'languages', 'safety', 'support'] as const;

export default function ContactPage() {
  const { t } = useTranslation(contentNamespace('contact'));
  usePageMeta(t('title'), t('metaDescription'));
  return (
    <article className="page contact">
      <h1>{t('title')}</h1>
      <p className="page__intro">{t('intro')}</p>
      {/* The address first: most people come to this page for it. */}
      <p className="contact__email">
        {t('emailLabel')}{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`} dir="ltr">
          {SUPPORT_EMAIL}
        </a>
      </p>
      <ul className="contact__features">
        {FEATURES.map((feature) => (
          <li key={feature} className="card">
            <h2>{t(`features.${feature}.title`)}</h2>
            <p>{t(`features.${feature}.body`)}</p>
          </li>
        ))}
      </ul>
      <section className="card contact__ideas" aria-labelledby="contact-ideas">
        <h2 id="contact-ideas">{t('ideas.heading')}</h2>
        <p>{t('ideas.body')}</p>
        <a className="button button--primary" href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(t('ideas.heading'))}`}>
          {t('ideas.action')}
        </a>
      </section>
    </article>
  );
}
