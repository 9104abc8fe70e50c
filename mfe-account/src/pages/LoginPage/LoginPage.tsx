import { useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate, useLocation, useSearchParams } from '@tasko/shared/router';
import { isLoggedInAtom, useLanguage, useLocalizedPath, usePageMeta, useTranslation, type LoginState } from '@tasko/shared';
import { ACCOUNT_NS } from '../../accountNamespace';
import {
  destinationAfterSignIn,
  isLoginIntent,
  isSignInError,
  safeRedirect,
  signInErrorOf,
  startSignIn,
  type SignInError,
} from '../../auth/signInFlow';
import { GoogleSignInButton } from './GoogleSignInButton';
import '../account.css';

/** The button's state: starting the sign-in asks the server for a nonce first, which can fail. */
type Start = { status: 'idle' } | { status: 'redirecting' } | { status: 'failed'; error: SignInError };

export default function LoginPage({ goTo = (url: string) => window.location.assign(url) }: { goTo?: (url: string) => void }) {
  const { t } = useTranslation(ACCOUNT_NS);
  const { t: common } = useTranslation('common');
  const location = useLocation();
  const [params] = useSearchParams();
  const localized = useLocalizedPath();
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const { language } = useLanguage();
  const [start, setStart] = useState<Start>({ status: 'idle' });
  const heading = useRef<HTMLHeadingElement>(null);
  usePageMeta(t('login.title'));

  const state = (location.state ?? {}) as LoginState & { error?: string };
  const intentParam = params.get('intent') ?? state.intent;
  const intent = isLoginIntent(intentParam) ? intentParam : undefined;
  const redirectTo = safeRedirect(state.redirectTo ?? params.get('redirectTo') ?? '/');
  // The callback's error (docs/product.md#accounts-and-sign-in) arrives in the router state or the URL; a failed
  // new start replaces it.
  const callbackError = [state.error, params.get('error')].find(isSignInError);
  const error = start.status === 'failed' ? start.error : callbackError;

  useEffect(() => heading.current?.focus(), []);

  const destination = localized(destinationAfterSignIn(redirectTo, intent));
  if (isLoggedIn && !error) return <Navigate to={destination} replace />;

  const signIn = async () => {
    setStart({ status: 'redirecting' });
    try {
      goTo(await startSignIn(destination, language));
    } catch (failure) {
      setStart({ status: 'failed', error: signInErrorOf(failure) });
    }
  };
  const isRedirecting = start.status === 'redirecting';

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
      <GoogleSignInButton label={t('login.google')} isBusy={isRedirecting} onClick={() => void signIn()} />
      <p className="account-card__status" role="status">
        {isRedirecting ? t('login.redirecting') : ''}
      </p>
      <p className="account-card__note">{t('login.note')}</p>
    </section>
  );
}
