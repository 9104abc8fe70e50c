import { useEffect, useRef } from 'react';
import { Link } from '@tasko/shared/router';
import { useLocalizedPath, useTranslation } from '@tasko/shared';
import { failureKindOf } from '../releases/clientErrors';

const FAILURE_TEXTS = {
  offline: { title: 'remoteError.offlineTitle', body: 'remoteError.offlineBody' },
  loadFailed: { title: 'remoteError.title', body: 'remoteError.body' },
  renderFailed: { title: 'remoteError.renderTitle', body: 'remoteError.renderBody' },
} as const;

/** A page that failed, said as what happened: the reader offline, its code not arriving, or its code failing. */
export function RemoteFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('common');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  // Offline is the reader's to fix (and "Try again" works once they are back); anything else is the site's.
  const isOffline = typeof navigator !== 'undefined' && navigator.onLine === false;
  const texts = FAILURE_TEXTS[isOffline ? 'offline' : failureKindOf(error)];
  return (
    <section className="panel panel--error page-panel" role="alert">
      <h1 ref={heading} tabIndex={-1}>
        {t(texts.title)}
      </h1>
      <p>{t(texts.body)}</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        {t('remoteError.retry')}
      </button>
    </section>
  );
}

export function NotFound() {
  const { t } = useTranslation('common');
  const localized = useLocalizedPath();
  return (
    <section className="panel page-panel">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <Link className="button button--primary" to={localized('/')}>
        {t('notFound.home')}
      </Link>
    </section>
  );
}

export function PageLoading() {
  const { t } = useTranslation('common');
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{t('loading')}</span>
    </div>
  );
}

/**
 * "Something went wrong / Please refresh the page" (docs/product.md#the-frame-around-every-page), for errors
 * outside the pages.
 */
export function SomethingWentWrong({ onDismiss }: { onDismiss?: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div className="error-screen" role="alert">
      <strong>{t('errorScreen.title')}</strong>
      <span>{t('errorScreen.body')}</span>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        {t('errorScreen.refresh')}
      </button>
      {onDismiss && (
        <button type="button" className="button" onClick={onDismiss} aria-label={t('errorScreen.dismiss')}>
          ×
        </button>
      )}
    </div>
  );
}
