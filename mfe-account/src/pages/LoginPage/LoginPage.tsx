import { useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { isLoggedInAtom, useLanguage, useLocalizedPath, usePageMeta, useTranslation, type LoginState } from '@tasko/shared';
import { ACCOUNT_NS } from '../../accountNamespace';
import { authorizationUrl, destinationAfterSignIn, isLoginIntent, safeRedirect } from '../../auth/signInFlow';
import '../account.css';

/** Errors the callback sends back here (SPEC §8). */
const CALLBACK_ERRORS = ['authFailed', 'loginFailed', 'userBlocked', 'ageConfirmationRequired'] as const;

export default function LoginPage({ goTo = (url: string) => window.location.assign(url) }: { goTo?: (url: string) => void }) {
  const { t } = useTranslation(ACCOUNT_NS);
  const { t: common } = useTranslation('common');
  const location = useLocation();
  const [params] = useSearchParams();
  const localized = useLocalizedPath();
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const { language } = useLanguage();
  const [isRedirecting, setIsRedirecting] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  usePageMeta(t('login.title'));

  const state = (location.state ?? {}) as LoginState & { error?: string };
  const intentParam = params.get('intent') ?? state.intent;
  const intent = isLoginIntent(intentParam) ? intentParam : undefined;
  const redirectTo = safeRedirect(state.redirectTo ?? params.get('redirectTo') ?? '/');
  const error = CALLBACK_ERRORS.find((key) => key === (state.error ?? params.get('error')));

  useEffect(() => heading.current?.focus(), []);

  const destination = localized(destinationAfterSignIn(redirectTo, intent));
  if (isLoggedIn && !error) return <Navigate to={destination} replace />;

  const signIn = () => {
    setIsRedirecting(true);
    goTo(authorizationUrl(destination, language));
  };

  return (
    <section className="page page--narrow account-card" aria-labelledby="login-title">
      <h1 id="login-title" ref={heading} tabIndex={-1}>
        {intent === 'post_job' ? t('login.postJobTitle') : intent === 'post_service' ? t('login.postServiceTitle') : t('login.title')}
      </h1>
      <p>{intent === 'post_job' ? t('login.postJobLead') : intent === 'post_service' ? t('login.postServiceLead') : t('login.lead')}</p>
      {error && (
        <p className="alert alert--error" role="alert">
          {common(`errors.${error}`)}
        </p>
      )}
      <button type="button" className="button button--primary google-button" onClick={signIn} disabled={isRedirecting}>
        {isRedirecting ? t('login.redirecting') : t('login.google')}
      </button>
      <p className="account-card__note">{t('login.note')}</p>
    </section>
  );
}
