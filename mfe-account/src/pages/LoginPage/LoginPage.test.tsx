import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { api, HttpError, ROUTER_FUTURE, signOut } from '@tasko/shared';
import { setUpI18n } from '../../../../shared/test/renderWithProviders';
import { ACCOUNT_NS } from '../../accountNamespace';
import en from '../../locales/en/account.json';
import he from '../../locales/he/account.json';
import ar from '../../locales/ar/account.json';
import ru from '../../locales/ru/account.json';
import commonEn from '../../../../shared/src/locales/en/common.json';
import commonHe from '../../../../shared/src/locales/he/common.json';
import commonAr from '../../../../shared/src/locales/ar/common.json';
import commonRu from '../../../../shared/src/locales/ru/common.json';
import LoginPage from './LoginPage';

function renderLogin(entry: string | { pathname: string; search?: string; state?: unknown }, goTo = jest.fn<void, [string]>()) {
  render(
    <MemoryRouter future={ROUTER_FUTURE} initialEntries={[entry]}>
      <LoginPage goTo={goTo} />
    </MemoryRouter>,
  );
  return goTo;
}

/** The provider URL the page went to, and the sign-in state it carries. */
function redirectOf(goTo: jest.Mock<void, [string]>, call = 0): { url: URL; state: Record<string, unknown> } {
  const url = new URL(goTo.mock.calls[call]?.[0] ?? 'about:blank');
  const state = JSON.parse(Buffer.from(url.searchParams.get('state') ?? '', 'base64url').toString()) as Record<string, unknown>;
  return { url, state };
}

const ACCOUNT = { en, he, ar, ru };
const COMMON = { en: commonEn, he: commonHe, ar: commonAr, ru: commonRu };

let authNonce: jest.SpyInstance;
beforeEach(() => {
  jest.restoreAllMocks();
  signOut();
  authNonce = jest.spyOn(api, 'authNonce').mockResolvedValue('server-nonce');
});

describe('LoginPage', () => {
  it('offers one way to sign in and starts the redirect flow carrying where to go', async () => {
    await act(() => setUpI18n('en', { [ACCOUNT_NS]: en }));
    const goTo = renderLogin({ pathname: '/en/login', state: { redirectTo: '/en/my-posted-jobs' } });
    expect(screen.getAllByRole('button')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    expect(authNonce).toHaveBeenCalledTimes(1);
    const { url, state } = redirectOf(goTo);
    expect(url.searchParams.get('nonce')).toBe('server-nonce');
    expect(state).toEqual({ redirectTo: '/en/my-posted-jobs', language: 'en', nonce: 'server-nonce' });
    expect(screen.getByRole('button', { name: 'Loading Google sign-in...' })).toBeDisabled();
  });

  it('says a post intent goes straight to the form, in Russian', async () => {
    await act(() => setUpI18n('ru', { [ACCOUNT_NS]: ru }));
    const goTo = renderLogin('/ru/login?intent=post_service');
    expect(screen.getByRole('heading', { name: ru.login.postServiceTitle })).toBeInTheDocument();
    expect(screen.getByText(ru.login.postServiceLead)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: ru.login.google }));
    expect(redirectOf(goTo).state.redirectTo).toBe('/ru/post-job?offerType=service');
  });

  it('shows the callback’s error, translated', async () => {
    await act(() => setUpI18n('en', { [ACCOUNT_NS]: en }));
    renderLogin({ pathname: '/en/login', state: { error: 'loginFailed' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Login failed. Please try again.');
  });

  it.each([
    ['en', new HttpError(), 'networkError'],
    ['he', { statusCode: 429, messageKey: 'rateLimited' }, 'rateLimited'],
    ['ar', { statusCode: 500, messageKey: 'serverError' }, 'loginFailed'],
  ] as const)('in %s: says why the sign-in could not start, and lets the user try again', async (language, failure, key) => {
    await act(() => setUpI18n(language, { [ACCOUNT_NS]: ACCOUNT[language] }));
    authNonce.mockRejectedValueOnce(failure);
    const goTo = renderLogin(`/${language}/login`);
    await userEvent.click(screen.getByRole('button', { name: ACCOUNT[language].login.google }));
    expect(await screen.findByRole('alert')).toHaveTextContent(COMMON[language].errors[key]);
    expect(goTo).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: ACCOUNT[language].login.google }));
    expect(goTo).toHaveBeenCalledTimes(1);
    expect(redirectOf(goTo).url.searchParams.get('nonce')).toBe('server-nonce');
  });

  it.each(['en', 'he', 'ar', 'ru'] as const)('in %s: explains an account conflict sent back by the callback', async (language) => {
    await act(() => setUpI18n(language, { [ACCOUNT_NS]: ACCOUNT[language] }));
    renderLogin({ pathname: `/${language}/login`, state: { error: 'accountConflict' } });
    expect(screen.getByRole('alert')).toHaveTextContent(COMMON[language].errors.accountConflict);
  });

  it('ignores an error key it does not know', async () => {
    await act(() => setUpI18n('en', { [ACCOUNT_NS]: en }));
    renderLogin('/en/login?error=%3Cscript%3E');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
