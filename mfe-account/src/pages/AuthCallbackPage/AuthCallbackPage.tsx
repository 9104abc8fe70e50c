import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Trans } from 'react-i18next';
import { Link, useNavigate } from '@tasko/shared/router';
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

/** After sign-in the app waits 100 ms, then goes on (docs/product.md#accounts-and-sign-in). */
export const LOGIN_REDIRECT_DELAY_MS = 100;

/** How long the page signed in to may take to show its heading: its remote may still be on its way. */
export const LANDING_HEADING_WAIT_MS = 10_000;

interface Arrival {
  answer: LoginAnswer;
  redirectTo: string;
  language: Language;
  loginPath: string;
}

/**
 * Focus goes to the heading of the page the user lands on after signing in (WCAG 2.4.3), not to <body>
 * where it falls when this page goes. That page is another remote, loaded on demand, so its heading is
 * awaited; focus the user has already put somewhere else is left there.
 */
export function focusLandingHeading(wait = LANDING_HEADING_WAIT_MS): void {
  const leaving = new Set(document.querySelectorAll('h1'));
  const isFocusFree = () => {
    const active = document.activeElement;
    return (
      !active || active === document.body || active.id === 'main' || !active.isConnected || active.closest('[data-auth-callback]') !== null
    );
  };
  const landingHeading = () =>
    [...document.querySelectorAll<HTMLHeadingElement>('#main h1'), ...document.querySelectorAll<HTMLHeadingElement>('h1')].find(
      (h) => !leaving.has(h),
    ) ?? null;
  /** True once there is nothing more to do: the heading has focus, or the user moved on. */
  const tryFocus = () => {
    if (!isFocusFree()) return true;
    const heading = landingHeading();
    if (!heading) return false;
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus();
    return true;
  };
  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  const timer = setTimeout(stop, wait);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
}

export default function AuthCallbackPage() {
  const { t } = useTranslation(ACCOUNT_NS);
  const navigate = useNavigate();
  const hasRun = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const [ageStep, setAgeStep] = useState<Arrival | null>(null);
  // The 18+ step is a step of its own: the tab and the history say so, not "Logging you in...".
  usePageMeta(ageStep ? t('age.title') : t('callback.loggingIn'));

  /**
   * Signed in for good: store the user, then after 100 ms go on. The language the person signed in from
   * wins over the one saved before: the server saves it in their settings, and they land in it.
   */
  const finish = ({ answer, redirectTo, language }: Arrival) => {
    const settings = { ...answer.settings, language };
    signIn({ token: answer.accessToken, info: answer.user, settings });
    // An account's theme is "light" until its owner saves another, so light says nothing of a choice: a device
    // that follows its own light or dark mode keeps following it, unless the account chose dark.
    if (settings.theme === 'dark' || authStore.get(themeAtom) !== null) authStore.set(themeAtom, settings.theme);
    storeLanguage(language);
    track('sign_in');
    timer.current = setTimeout(() => {
      focusLandingHeading();
      navigate(redirectTo, { replace: true });
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

  if (ageStep)
    return (
      <AgeStep
        arrival={ageStep}
        onConfirmed={() => finish({ ...ageStep, answer: { ...ageStep.answer, user: { ...ageStep.answer.user, ageConfirmed: true } } })}
      />
    );

  return (
    <section className="page page--narrow account-card" aria-live="polite" data-auth-callback>
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
  const checkbox = useRef<HTMLInputElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const leave = () => {
    // Not confirmed: nobody stays signed in, and the session is revoked.
    void api.logout().catch(() => undefined);
    signOut();
    navigate(arrival.loginPath, { replace: true, state: { error: 'ageConfirmationRequired' } });
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // While the answer is sent the buttons stay focusable (a disabled one drops focus to <body>), and idle.
    if (isSending) return;
    if (!isChecked) {
      setIsMissing(true);
      // Where the answer is missing, so Space checks it at once.
      checkbox.current?.focus();
      return;
    }
    setIsSending(true);
    setFailed(false);
    // The token is needed for the call; it is stored for good only once the answer is yes.
    signIn({
      token: arrival.answer.accessToken,
      info: arrival.answer.user,
      settings: { ...arrival.answer.settings, language: arrival.language },
    });
    try {
      await api.confirmAge();
      onConfirmed();
    } catch {
      setFailed(true);
      setIsSending(false);
    }
  };

  return (
    <section className="page page--narrow account-card" aria-labelledby="age-title" data-auth-callback>
      <h1 id="age-title" ref={heading} tabIndex={-1}>
        {t('age.title')}
      </h1>
      <p>{t('age.lead')}</p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <label className="age-check">
          <input
            ref={checkbox}
            type="checkbox"
            className="age-check__box"
            checked={isChecked}
            aria-invalid={isMissing && !isChecked}
            aria-describedby={isMissing && !isChecked ? 'age-missing' : undefined}
            onChange={(e) => setIsChecked(e.target.checked)}
          />
          <span className="age-check__text">
            <Trans
              i18n={i18n}
              t={t}
              i18nKey="age.confirmWithTerms"
              components={{ terms: <Link to={withLanguagePrefix(arrival.language, '/eula')} target="_blank" /> }}
            />
          </span>
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
          <button type="submit" className="button button--primary" aria-disabled={isSending || undefined}>
            {t('age.continue')}
          </button>
          <button type="button" className="button" onClick={isSending ? undefined : leave} aria-disabled={isSending || undefined}>
            {t('age.cancel')}
          </button>
        </div>
      </form>
    </section>
  );
}
