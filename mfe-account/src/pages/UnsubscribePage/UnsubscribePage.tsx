import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from '@tasko/shared/router';
import { api, toApiError, useLocalizedPath, usePageMeta, useTranslation, type MessageKey } from '@tasko/shared';
import { ACCOUNT_NS } from '../../accountNamespace';
import '../account.css';

type Unsubscribing = { status: 'ready' } | { status: 'sending' } | { status: 'done' } | { status: 'failed'; messageKey: MessageKey };

/**
 * `/unsubscribe?token=…`, the link at the foot of every alert email. Opening it changes nothing:
 * mail scanners follow links, so only the button's POST unsubscribes. No sign-in: the token names the alert.
 */
export default function UnsubscribePage() {
  const { t } = useTranslation(ACCOUNT_NS);
  const { t: common } = useTranslation('common');
  const localized = useLocalizedPath();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [state, setState] = useState<Unsubscribing>({ status: 'ready' });
  const outcome = useRef<HTMLParagraphElement>(null);
  usePageMeta(t('unsubscribe.title'));

  // The button is gone once done: the keyboard goes to the confirmation, not to the page's start.
  useEffect(() => {
    if (state.status === 'done') outcome.current?.focus();
  }, [state.status]);

  const unsubscribe = async () => {
    setState({ status: 'sending' });
    try {
      await api.unsubscribe(token);
      setState({ status: 'done' });
    } catch (error) {
      setState({ status: 'failed', messageKey: toApiError(error).messageKey });
    }
  };

  const manage = (
    <p>
      <Link to={localized('/settings')}>{t('unsubscribe.manage')}</Link>
    </p>
  );

  // A refused token will be refused again: no button to try it once more.
  const isInvalid = !token || (state.status === 'failed' && state.messageKey === 'unsubscribeInvalid');
  return (
    <section className="page page--narrow account-card" aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title">{t('unsubscribe.title')}</h1>
      {isInvalid ? (
        <>
          <p className="alert alert--error" role="alert">
            {token ? common('errors.unsubscribeInvalid') : t('unsubscribe.missing')}
          </p>
          {manage}
        </>
      ) : state.status === 'done' ? (
        <>
          <p ref={outcome} tabIndex={-1} className="alert alert--success" role="status">
            {t('unsubscribe.done')}
          </p>
          {manage}
        </>
      ) : (
        <>
          <p>{t('unsubscribe.lead')}</p>
          {state.status === 'failed' && (
            <p className="alert alert--error" role="alert">
              {common([`errors.${state.messageKey}`, 'errors.serverError'])}
            </p>
          )}
          <button type="button" className="button button--primary unsubscribe__button" disabled={state.status === 'sending'} onClick={() => void unsubscribe()}>
            {state.status === 'sending' ? t('unsubscribe.sending') : t('unsubscribe.button')}
          </button>
        </>
      )}
    </section>
  );
}
