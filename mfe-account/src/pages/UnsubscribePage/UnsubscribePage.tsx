import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from '@tasko/shared/router';
import { api, isDealMailKind, toApiError, useLocalizedPath, usePageMeta, useTranslation, type MessageKey } from '@tasko/shared';
import { ACCOUNT_NS } from '../../accountNamespace';
import '../account.css';

type Unsubscribing = { status: 'ready' } | { status: 'sending' } | { status: 'done' } | { status: 'failed'; messageKey: MessageKey };

/**
 * `/unsubscribe?token=…`, the link at the foot of every email: an alert's, or with `&mail=<kind>` a kind of
 * deal email's (docs/deal.md, "Emails"), which the page names. Opening it changes nothing: mail scanners
 * follow links, so only the button's POST unsubscribes. No sign-in: the token names what to stop; `mail`
 * only chooses the words.
 */
export default function UnsubscribePage() {
  const { t } = useTranslation(ACCOUNT_NS);
  const { t: common } = useTranslation('common');
  const localized = useLocalizedPath();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const mail = params.get('mail');
  const dealMail = isDealMailKind(mail) ? mail : null;
  const texts = dealMail
    ? {
        title: t('unsubscribe.deal.title'),
        lead: t(`unsubscribe.deal.lead.${dealMail}`),
        done: t(`unsubscribe.deal.done.${dealMail}`),
        manage: t('unsubscribe.deal.manage'),
        missing: t('unsubscribe.deal.missing'),
      }
    : {
        title: t('unsubscribe.title'),
        lead: t('unsubscribe.lead'),
        done: t('unsubscribe.done'),
        manage: t('unsubscribe.manage'),
        missing: t('unsubscribe.missing'),
      };
  const [state, setState] = useState<Unsubscribing>({ status: 'ready' });
  const outcome = useRef<HTMLParagraphElement>(null);
  usePageMeta(texts.title);

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
      <Link to={localized('/settings')}>{texts.manage}</Link>
    </p>
  );

  // A refused token will be refused again: no button to try it once more.
  const isInvalid = !token || (state.status === 'failed' && state.messageKey === 'unsubscribeInvalid');
  return (
    <section className="page page--narrow account-card" aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title">{texts.title}</h1>
      {isInvalid ? (
        <>
          <p className="alert alert--error" role="alert">
            {token ? common('errors.unsubscribeInvalid') : texts.missing}
          </p>
          {manage}
        </>
      ) : state.status === 'done' ? (
        <>
          <p ref={outcome} tabIndex={-1} className="alert alert--success" role="status">
            {texts.done}
          </p>
          {manage}
        </>
      ) : (
        <>
          <p>{texts.lead}</p>
          {state.status === 'failed' && (
            <p className="alert alert--error" role="alert">
              {common([`errors.${state.messageKey}`, 'errors.serverError'])}
            </p>
          )}
          <button
            type="button"
            className="button button--primary unsubscribe__button"
            disabled={state.status === 'sending'}
            onClick={() => void unsubscribe()}
          >
            {state.status === 'sending' ? t('unsubscribe.sending') : t('unsubscribe.button')}
          </button>
        </>
      )}
    </section>
  );
}
