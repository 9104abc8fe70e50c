import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  api,
  authStore,
  i18n,
  signIn,
  signOut,
  splitLanguagePrefix,
  storeLanguage,
  themeAtom,
  track,
  usePageMeta,
  useTranslation,
  withLanguagePrefix,
  type Language,
  type LoginAnswer,
} from '@tasko/shared';
import { ACCOUNT_NS } from '../../accountNamespace';
import { readCallback, signInErrorOf } from '../../auth/signInFlow';

/** SPEC §4: after sign-in the app waits 100 ms, then goes on. */
export const LOGIN_REDIRECT_DELAY_MS = 100;

interface Arrival {
  answer: LoginAnswer;
  redirectTo: string;
  language: Language;
  loginPath: string;
}

export default function AuthCallbackPage() {
  const { t } = useTranslation(ACCOUNT_NS);
  const navigate = useNavigate();
  const hasRun = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const [ageStep, setAgeStep] = useState<Arrival | null>(null);
  usePageMeta(t('callback.loggingIn'));

  /** Signed in for good: store the user, then after 100 ms go on, in the user's saved language. */
  const finish = ({ answer, redirectTo, language }: Arrival) => {
    signIn({ token: answer.accessToken, info: answer.user, settings: answer.settings });
    authStore.set(themeAtom, answer.settings.theme);
    track('sign_in');
    timer.current = setTimeout(() => {
      if (answer.settings.language !== language) {
        // The user's saved language (SPEC §3 settings) takes effect with a fresh page in it.
        storeLanguage(answer.settings.language);
        window.location.replace(withLanguagePrefix(answer.settings.language, redirectTo));
      } else {
        navigate(redirectTo, { replace: true });
      }
    }, LOGIN_REDIRECT_DELAY_MS);
  };

  useEffect(() => {
    // StrictMode runs effects twice in development; a token must be exchanged once.
    if (hasRun.current) return undefined;
    hasRun.current = true;
    const result = readCallback(window.location.hash);
    const pagePath = window.location.pathname;
    // The token must not stay in the address bar or in history.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    // The provider comes back to the bare /auth/callback: back to the visitor's language for the errors.
    const fallbackLanguage = result.ok ? result.state.language : splitLanguagePrefix(pagePath).language;
    const loginPath = fallbackLanguage ? withLanguagePrefix(fallbackLanguage, '/login') : '/login';
    if (!result.ok) {
      navigate(loginPath, { replace: true, state: { error: 'authFailed' } });
      return undefined;
    }
    const { redirectTo, language } = result.state;
    if (i18n.language !== language) void i18n.changeLanguage(language);
    api.googleLogin(result.idToken, language).then(
      (answer) => {
        const arrival = { answer, redirectTo, language, loginPath };
        // The terms: users are 18 or older, confirmed once, at the first sign-in.
        if (answer.user.ageConfirmed) finish(arrival);
        else setAgeStep(arrival);
      },
      (error: unknown) => navigate(loginPath, { replace: true, state: { error: signInErrorOf(error) } }),
    );
    return () => clearTimeout(timer.current);
    // The token in the URL is exchanged exactly once per arrival, and the cleanup cancels the pending redirect.
    // `finish` is a new function on every render and `navigate` changes with the location: as deps they would
    // re-run this effect, whose cleanup would clear the redirect timer while the rerun is skipped by `hasRun`.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- mount-only on purpose, see above
  }, []);

  if (ageStep) return <AgeStep arrival={ageStep} onConfirmed={() => finish({ ...ageStep, answer: { ...ageStep.answer, user: { ...ageStep.answer.user, ageConfirmed: true } } })} />;

  return (
    <section className="page page--narrow account-card" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <p role="status">{t('callback.loggingIn')}</p>
    </section>
  );
}

/** "I confirm that I am 18 or older": the session is used for this one call, then kept or given up. */
function AgeStep({ arrival, onConfirmed }: { arrival: Arrival; onConfirmed: () => void }) {
  const { t } = useTranslation(ACCOUNT_NS);
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const [isChecked, setIsChecked] = useState(false);
  const [isMissing, setIsMissing] = useState(false);
  const [isSending, setIsSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const leave = () => {
    // Not confirmed: nobody stays signed in, and the session is revoked.
    void api.logout().catch(() => undefined);
    signOut();
    navigate(arrival.loginPath, { replace: true, state: { error: 'ageConfirmationRequired' } });
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isChecked) {
      setIsMissing(true);
      return;
    }
    setIsSending(true);
    setFailed(false);
    // The token is needed for the call; it is stored for good only once the answer is yes.
    signIn({ token: arrival.answer.accessToken, info: arrival.answer.user, settings: arrival.answer.settings });
    try {
      await api.confirmAge();
      onConfirmed();
    } catch {
      setFailed(true);
      setIsSending(false);
    }
  };

  return (
    <section className="page page--narrow account-card" aria-labelledby="age-title">
      <h1 id="age-title" ref={heading} tabIndex={-1}>
        {t('age.title')}
      </h1>
      <p>{t('age.lead')}</p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <label className="check">
          <input type="checkbox" checked={isChecked} aria-invalid={isMissing && !isChecked} aria-describedby={isMissing && !isChecked ? 'age-missing' : undefined} onChange={(e) => setIsChecked(e.target.checked)} />{' '}
          {t('age.confirmBefore')} <Link to={withLanguagePrefix(arrival.language, '/eula')} target="_blank">{t('age.terms')}</Link>
        </label>
        {isMissing && !isChecked && (
          <p id="age-missing" className="alert alert--error" role="alert">
            {tc('errors.ageConfirmationRequired')}
          </p>
        )}
        {failed && (
          <p className="alert alert--error" role="alert">
            {t('age.failed')}
          </p>
        )}
        <div className="account-actions">
          <button type="submit" className="button button--primary" disabled={isSending}>
            {t('age.continue')}
          </button>
          <button type="button" className="button" onClick={leave} disabled={isSending}>
            {t('age.cancel')}
          </button>
        </div>
      </form>
    </section>
  );
}
