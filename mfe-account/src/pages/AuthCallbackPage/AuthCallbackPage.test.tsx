import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from '@tasko/shared/router';
import {
  api,
  authStore,
  ROUTER_FUTURE,
  signOut,
  STORAGE_KEYS,
  themeAtom,
  userAtom,
  type ApiError,
  type Language,
  type LoginAnswer,
  type UserSettings,
} from '@tasko/shared';
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

/** The link's words inside the age sentence: `<terms>…</terms>`. */
const termsLinkText = (language: keyof typeof ACCOUNT) => /<terms>(.*)<\/terms>/.exec(ACCOUNT[language].age.confirmWithTerms)?.[1] ?? '';
const COMMON = { en: commonEn, he: commonHe, ar: commonAr, ru: commonRu };

/** The provider comes back to /auth/callback with a token for the nonce this tab sent. */
function arriveFromProvider(language: Language, redirectTo = `/${language}/faq`): void {
  const sent = new URL(authorizationUrl(redirectTo, language, 'server-nonce', 'http://localhost'));
  const payload = Buffer.from(JSON.stringify({ nonce: 'server-nonce' })).toString('base64url');
  window.history.replaceState(null, '', `/auth/callback#id_token=header.${payload}.signature&state=${sent.searchParams.get('state')}`);
}

/** A page signed in to, as a remote draws it: a heading without a tabindex of its own. */
function LandingPage() {
  const { pathname } = useLocation();
  return (
    <main>
      <h1>Landed on {pathname}</h1>
      <button type="button">A control of the landing page</button>
    </main>
  );
}

function renderCallback() {
  render(
    <MemoryRouter future={ROUTER_FUTURE} initialEntries={['/auth/callback']}>
      <Routes>
        <Route path="/auth/callback" element={<AuthCallbackPage />} />
        <Route path="/:lang/login" element={<LoginPage goTo={jest.fn()} />} />
        <Route path="/:lang/post-job" element={<LandingPage />} />
        <Route path="/:lang/faq" element={<LandingPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** The server's answer for a user whose saved settings are `settings`. */
function answerFor(settings: Partial<UserSettings>, ageConfirmed = true): LoginAnswer {
  return {
    accessToken: 'session-token',
    user: { id: 4, email: 'noa@example.com', name: 'Noa', ageConfirmed, isAdmin: false },
    settings: { language: 'en', theme: 'light', emailNotifications: true, smsNotifications: false, ...settings },
  };
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

describe('AuthCallbackPage: where the sign-in lands', () => {
  it('signing in from /he/login lands in Hebrew, although the saved language is English, and keeps Hebrew', async () => {
    await act(() => setUpI18n('he', { [ACCOUNT_NS]: he }));
    localStorage.setItem(STORAGE_KEYS.language, 'en');
    // What a server that did not save the page's language would answer: the stored English.
    const login = jest.spyOn(api, 'googleLogin').mockResolvedValue(answerFor({ language: 'en', theme: 'dark' }));
    arriveFromProvider('he', '/he/post-job?offerType=job');
    renderCallback();
    expect(await screen.findByRole('heading', { name: 'Landed on /he/post-job' })).toBeInTheDocument();
    // The server is told the page's language (it saves it in the user's settings)…
    expect(login).toHaveBeenCalledWith(expect.stringMatching(/^header\./), 'he');
    // …and this browser keeps it: the signed-in user's settings and the device's language say Hebrew.
    expect(authStore.get(userAtom)?.settings).toEqual({ language: 'he', theme: 'dark', emailNotifications: true, smsNotifications: false });
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('he');
  });

  it.each([
    ['nothing chosen on this device, the account never chose', null, 'light', null],
    ['nothing chosen on this device, the account chose dark', null, 'dark', 'dark'],
    ['light chosen on this device, the account says dark', 'light', 'dark', 'dark'],
    ['dark chosen on this device, the account says light', 'dark', 'light', 'light'],
  ] as const)('theme after sign-in, %s: %s then %s gives %s', async (_, onDevice, ofAccount, expected) => {
    await act(() => setUpI18n('en', { [ACCOUNT_NS]: en }));
    authStore.set(themeAtom, onDevice);
    jest.spyOn(api, 'googleLogin').mockResolvedValue(answerFor({ language: 'en', theme: ofAccount }));
    arriveFromProvider('en', '/en/post-job');
    renderCallback();
    await screen.findByRole('heading', { name: 'Landed on /en/post-job' });
    // Null: the page still follows the device's light or dark mode.
    expect(authStore.get(themeAtom)).toBe(expected);
  });

  it('moves focus to the heading of the page landed on, not <body>', async () => {
    await act(() => setUpI18n('en', { [ACCOUNT_NS]: en }));
    jest.spyOn(api, 'googleLogin').mockResolvedValue(answerFor({ language: 'en' }));
    arriveFromProvider('en', '/en/post-job');
    renderCallback();
    const landing = await screen.findByRole('heading', { name: 'Landed on /en/post-job' });
    await waitFor(() => expect(landing).toHaveFocus());
    expect(landing).toHaveAttribute('tabindex', '-1');
  });

  it.each(['en', 'he', 'ar', 'ru'] as const)(
    'in %s: the 18+ step has its own title, a large checkbox, and then focus goes to where the user lands',
    async (language) => {
      await act(() => setUpI18n(language, { [ACCOUNT_NS]: ACCOUNT[language] }));
      jest.spyOn(api, 'googleLogin').mockResolvedValue(answerFor({ language }, false));
      const confirmAge = jest.spyOn(api, 'confirmAge').mockResolvedValue({ ageConfirmed: true });
      const user = userEvent.setup();
      arriveFromProvider(language, `/${language}/post-job`);
      renderCallback();

      const heading = await screen.findByRole('heading', { name: ACCOUNT[language].age.title });
      expect(heading).toHaveFocus();
      expect(document.title).toBe(`${ACCOUNT[language].age.title} | Tasko`);
      const checkbox = screen.getByRole('checkbox');
      expect(checkbox).toHaveClass('age-check__box');
      expect(checkbox.closest('label')).toHaveClass('age-check');
      expect(checkbox).toHaveAccessibleName(expect.stringContaining(termsLinkText(language)));

      // Continue without the box: the reason is said, and focus goes to the box, so Space answers it.
      await user.click(screen.getByRole('button', { name: ACCOUNT[language].age.continue }));
      expect(screen.getByRole('alert')).toHaveTextContent(COMMON[language].errors.ageConfirmationRequired);
      expect(checkbox).toHaveFocus();
      expect(checkbox).toHaveAttribute('aria-invalid', 'true');
      await user.keyboard(' ');
      expect(checkbox).toBeChecked();
      await user.tab();
      expect(screen.getByRole('link', { name: termsLinkText(language) })).toHaveFocus();
      await user.tab();
      expect(screen.getByRole('button', { name: ACCOUNT[language].age.continue })).toHaveFocus();
      await user.keyboard('{Enter}');

      const landing = await screen.findByRole('heading', { name: `Landed on /${language}/post-job` });
      expect(confirmAge).toHaveBeenCalledTimes(1);
      await waitFor(() => expect(landing).toHaveFocus());
      expect(authStore.get(userAtom)?.info.ageConfirmed).toBe(true);
    },
  );

  it('leaves focus where the user put it while the landing page was on its way', async () => {
    await act(() => setUpI18n('en', { [ACCOUNT_NS]: en }));
    jest.spyOn(api, 'googleLogin').mockResolvedValue(answerFor({ language: 'en' }));
    arriveFromProvider('en', '/en/faq');
    renderCallback();
    const control = await screen.findByRole('button', { name: 'A control of the landing page' });
    control.focus();
    // Another render of the landing page after the user moved: focus is not taken back.
    await act(async () => {
      document.querySelector('main')?.append(document.createElement('p'));
    });
    expect(control).toHaveFocus();
  });
});
