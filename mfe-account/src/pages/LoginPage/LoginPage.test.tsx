import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@tasko/shared/router';
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
    // Still the same focusable button (no focus lost to <body>), idle, and the wait said in words.
    const button = screen.getByRole('button', { name: 'Sign in with Google' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Loading Google sign-in...');
    await userEvent.click(button);
    expect(authNonce).toHaveBeenCalledTimes(1);
    expect(goTo).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['en', 'Sign in with Google'],
    ['he', 'כניסה באמצעות Google'],
    ['ar', 'تسجيل الدخول بحساب Google'],
    ['ru', 'Войти через Google'],
  ] as const)('in %s: the button is Google’s, “%s” beside the four-colour G', async (language, name) => {
    await act(() => setUpI18n(language, { [ACCOUNT_NS]: ACCOUNT[language] }));
    renderLogin(`/${language}/login`);
    const button = screen.getByRole('button', { name });
    expect(button).toHaveClass('google-sign-in');
    expect(button).toHaveAttribute('type', 'button');
    expect(button).not.toHaveAttribute('aria-disabled');
    // The mark is drawn inline, decorative (the text names the button), at 18 px, in Google's four colours.
    const mark = button.querySelector('svg');
    expect(mark).not.toBeNull();
    expect(mark).toHaveAttribute('aria-hidden', 'true');
    expect(mark).toHaveAttribute('width', '18');
    expect(mark).toHaveAttribute('height', '18');
    expect(mark).toHaveAttribute('viewBox', '0 0 48 48');
    const fills = [...(mark?.querySelectorAll('path') ?? [])].map((path) => path.getAttribute('fill'));
    expect(fills).toEqual(['#EA4335', '#4285F4', '#FBBC05', '#34A853', 'none']);
    // The mark comes first: at the start of the line, the right in Hebrew and Arabic (the row mirrors).
    expect(button.firstElementChild?.nextElementSibling).toBe(mark);
    expect(screen.getByRole('status')).toHaveTextContent('');
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
