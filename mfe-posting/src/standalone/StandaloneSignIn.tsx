import { useState } from 'react';
import { useLocation, useNavigate } from '@tasko/shared/router';
import { api, signIn, toApiError, useLanguage, useTranslation, type ApiError, type LoginState, type MessageKey } from '@tasko/shared';
import { POSTING_NS } from '../postingNamespace';

/** The account the standalone harness signs in as; a new one, so the form asks for the age confirmation. */
const DEVELOPER = { email: 'developer@example.com', name: 'Standalone Developer' };

/**
 * /login of the standalone harness only (`npm run dev -w mfe-posting`), never exposed: the real sign-in
 * page lives in mfe-account. One button signs in through the local identity provider of a running site
 * (`npm start`, reached through the dev server's proxy) and comes back to the form.
 */
export default function StandaloneSignIn() {
  const { t } = useTranslation(POSTING_NS);
  const { t: tc } = useTranslation('common');
  const { language } = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const [failure, setFailure] = useState<MessageKey | null>(null);

  const signInAsDeveloper = async () => {
    setFailure(null);
    try {
      // The server accepts an ID token only with the nonce it gave this browser (its cookie comes back by itself).
      const nonce = await api.authNonce();
      const response = await fetch('/dev-idp/token', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...DEVELOPER, nonce }),
      });
      if (!response.ok) {
        const refusal: ApiError = { statusCode: response.status, messageKey: 'authFailed' };
        throw refusal;
      }
      const { id_token: idToken } = (await response.json()) as { id_token: string };
      const answer = await api.googleLogin(idToken, language);
      signIn({ token: answer.accessToken, info: answer.user, settings: answer.settings });
      navigate((location.state as LoginState | null)?.redirectTo ?? '/post-job', { replace: true });
    } catch (error) {
      setFailure(toApiError(error, 'loginFailed').messageKey);
    }
  };

  return (
    <section className="page page--narrow">
      <h1>{t('loginRequired.title')}</h1>
      <button type="button" className="button button--primary" onClick={() => void signInAsDeveloper()}>
        {t('loginRequired.action')}
      </button>
      {failure && (
        <p className="alert alert--error" role="alert">
          {tc(`errors.${failure}`)}
        </p>
      )}
    </section>
  );
}
