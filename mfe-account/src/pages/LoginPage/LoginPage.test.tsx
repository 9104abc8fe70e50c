import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ROUTER_FUTURE, signOut } from '@tasko/shared';
import { setUpI18n } from '../../../../shared/test/renderWithProviders';
import { ACCOUNT_NS } from '../../accountNamespace';
import en from '../../locales/en/account.json';
import ru from '../../locales/ru/account.json';
import LoginPage from './LoginPage';

function renderLogin(entry: string | { pathname: string; search?: string; state?: unknown }, goTo = jest.fn()) {
  render(
    <MemoryRouter future={ROUTER_FUTURE} initialEntries={[entry]}>
      <LoginPage goTo={goTo} />
    </MemoryRouter>,
  );
  return goTo;
}

beforeEach(() => signOut());

describe('LoginPage', () => {
  it('offers one way to sign in and starts the redirect flow carrying where to go', async () => {
    await act(() => setUpI18n('en', { [ACCOUNT_NS]: en }));
    const goTo = renderLogin({ pathname: '/en/login', state: { redirectTo: '/en/my-posted-jobs' } });
    expect(screen.getAllByRole('button')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    const url = new URL(goTo.mock.calls[0][0]);
    const state = JSON.parse(Buffer.from(url.searchParams.get('state') ?? '', 'base64url').toString());
    expect(state).toMatchObject({ redirectTo: '/en/my-posted-jobs', language: 'en' });
    expect(screen.getByRole('button', { name: 'Loading Google sign-in...' })).toBeDisabled();
  });

  it('says a post intent goes straight to the form, in Russian', async () => {
    await act(() => setUpI18n('ru', { [ACCOUNT_NS]: ru }));
    const goTo = renderLogin('/ru/login?intent=post_service');
    expect(screen.getByRole('heading', { name: ru.login.postServiceTitle })).toBeInTheDocument();
    expect(screen.getByText(ru.login.postServiceLead)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: ru.login.google }));
    const state = JSON.parse(Buffer.from(new URL(goTo.mock.calls[0][0]).searchParams.get('state') ?? '', 'base64url').toString());
    expect(state.redirectTo).toBe('/ru/post-job?offerType=service');
  });

  it('shows the callback’s error, translated', async () => {
    await act(() => setUpI18n('en', { [ACCOUNT_NS]: en }));
    renderLogin({ pathname: '/en/login', state: { error: 'loginFailed' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Login failed. Please try again.');
  });
});
