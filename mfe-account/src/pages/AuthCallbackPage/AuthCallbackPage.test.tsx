import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { api, ROUTER_FUTURE, signOut, type ApiError, type Language } from '@tasko/shared';
import { setUpI18n } from '../../../../shared/test/renderWithProviders';
import commonEn from '../../../../shared/src/locales/en/common.json';
import commonHe from '../../../../shared/src/locales/he/common.json';
import commonAr from '../../../../shared/src/locales/ar/common.json';
import commonRu from '../../../../shared/src/locales/ru/common.json';
import { ACCOUNT_NS } from '../../accountNamespace';
import en from '../../locales/en/account.json';
import he from '../../locales/he/account.json';
import ar from '../../locales/ar/account.json';
import ru from '../../locales/ru/account.json';
import { authorizationUrl } from '../../auth/signInFlow';
import LoginPage from '../LoginPage/LoginPage';
import AuthCallbackPage from './AuthCallbackPage';

const ACCOUNT = { en, he, ar, ru };
const COMMON = { en: commonEn, he: commonHe, ar: commonAr, ru: commonRu };

/** The provider comes back to /auth/callback with a token for the nonce this tab sent. */
function arriveFromProvider(language: Language): void {
  const sent = new URL(authorizationUrl(`/${language}/faq`, language, 'server-nonce', 'http://localhost'));
  const payload = Buffer.from(JSON.stringify({ nonce: 'server-nonce' })).toString('base64url');
  window.history.replaceState(null, '', `/auth/callback#id_token=header.${payload}.signature&state=${sent.searchParams.get('state')}`);
}

function renderCallback() {
  render(
    <MemoryRouter future={ROUTER_FUTURE} initialEntries={['/auth/callback']}>
      <Routes>
        <Route path="/auth/callback" element={<AuthCallbackPage />} />
        <Route path="/:lang/login" element={<LoginPage goTo={jest.fn()} />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  jest.restoreAllMocks();
  signOut();
  sessionStorage.clear();
});

describe('AuthCallbackPage', () => {
  it.each([
    ['en', { statusCode: 409, messageKey: 'accountConflict' }, 'accountConflict'],
    ['he', { statusCode: 409, messageKey: 'accountConflict' }, 'accountConflict'],
    ['ar', { statusCode: 429, messageKey: 'rateLimited' }, 'rateLimited'],
    ['ru', { statusCode: 401, messageKey: 'authFailed' }, 'authFailed'],
    ['en', { statusCode: 500, messageKey: 'serverError' }, 'loginFailed'],
  ] as const)('in %s: a refused login (%j) goes back to the login page, which says why', async (language, refusal: ApiError, key) => {
    await act(() => setUpI18n(language, { [ACCOUNT_NS]: ACCOUNT[language] }));
    const login = jest.spyOn(api, 'googleLogin').mockRejectedValue(refusal);
    arriveFromProvider(language);
    renderCallback();
    expect(await screen.findByRole('alert')).toHaveTextContent(COMMON[language].errors[key]);
    expect(screen.getByRole('heading', { name: ACCOUNT[language].login.title })).toBeInTheDocument();
    expect(login).toHaveBeenCalledWith(expect.stringMatching(/^header\./), language);
    expect(window.location.hash).toBe('');
  });
});
