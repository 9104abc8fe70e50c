import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from '@tasko/shared/router';
import { authStore, DEFAULT_SETTINGS, signIn, signOut, unreadTotalAtom, ROUTER_FUTURE, type Language } from '@tasko/shared';
import { setUpI18n } from '../../../shared/test/renderWithProviders';
import { Header } from './Header';

const dana = { token: 't', info: { id: 7, email: 'dana@example.com', name: 'Dana', ageConfirmed: true }, settings: DEFAULT_SETTINGS };

function renderHeader(at = '/') {
  return render(
    <MemoryRouter future={ROUTER_FUTURE} initialEntries={[at]}>
      <Header />
    </MemoryRouter>,
  );
}

const header = () => screen.getByRole('banner');
const accountSlot = () => header().querySelector('.account-slot') as HTMLElement;
const badge = () => header().querySelector('.messages-link__badge');

/** What the live event stream does when the unread total changes. */
function setUnread(total: number | null) {
  act(() => authStore.set(unreadTotalAtom, total));
}

beforeEach(async () => {
  signOut();
  authStore.set(unreadTotalAtom, null);
  await act(() => setUpI18n('en'));
});

describe('Messages in the header', () => {
  it('is beside the account of a signed-in member only, on every page, in the page’s language', () => {
    const { unmount } = renderHeader('/');
    expect(within(header()).queryByRole('link', { name: /^Messages/ })).not.toBeInTheDocument();
    unmount();

    signIn(dana);
    for (const [path, href] of [
      ['/', '/messages'],
      ['/job/12', '/messages'],
      ['/he/services', '/he/messages'],
    ]) {
      const { unmount: close } = renderHeader(path);
      const link = within(accountSlot()).getByRole('link', { name: 'Messages' });
      expect(link).toHaveAttribute('href', href);
      // Before the account's button: the avatar stays at the row's end.
      expect(link.nextElementSibling).toContainElement(within(accountSlot()).getByRole('button', { name: 'Account menu' }));
      close();
    }
  });

  it('shows the unread count in a badge and says it in the link’s name; no badge at 0 or before the count is known', () => {
    signIn(dana);
    renderHeader('/');
    expect(within(header()).getByRole('link', { name: 'Messages' })).toBeInTheDocument();
    expect(badge()).toBeNull();

    setUnread(3);
    expect(within(header()).getByRole('link', { name: 'Messages, 3 unread' })).toBeInTheDocument();
    expect(badge()).toHaveTextContent(/^3$/);
    // The name says it already: the badge is not read a second time.
    expect(badge()).toHaveAttribute('aria-hidden', 'true');

    setUnread(1);
    expect(within(header()).getByRole('link', { name: 'Messages, 1 unread' })).toBeInTheDocument();

    setUnread(1250);
    expect(within(header()).getByRole('link', { name: 'Messages, 1,250 unread' })).toBeInTheDocument();
    expect(badge()).toHaveTextContent(/^99\+$/);

    setUnread(0);
    expect(within(header()).getByRole('link', { name: 'Messages' })).toBeInTheDocument();
    expect(badge()).toBeNull();

    setUnread(null);
    expect(badge()).toBeNull();
  });

  it('says the count with each language’s plural forms', async () => {
    signIn(dana);
    const expected: [Language, number, string][] = [
      ['he', 1, 'הודעות, אחת שלא נקראה'],
      ['he', 2, 'הודעות, שתיים שלא נקראו'],
      ['he', 7, 'הודעות, 7 שלא נקראו'],
      ['ar', 1, 'الرسائل، رسالة واحدة غير مقروءة'],
      ['ar', 2, 'الرسائل، رسالتان غير مقروءتين'],
      ['ar', 5, 'الرسائل، 5 رسائل غير مقروءة'],
      ['ar', 11, 'الرسائل، 11 رسالةً غير مقروءة'],
      ['ar', 100, 'الرسائل، 100 رسالة غير مقروءة'],
      ['ru', 1, 'Сообщения, 1 непрочитанное'],
      ['ru', 3, 'Сообщения, 3 непрочитанных'],
      ['ru', 5, 'Сообщения, 5 непрочитанных'],
      ['ru', 21, 'Сообщения, 21 непрочитанное'],
    ];
    for (const [language, count, name] of expected) {
      await act(() => setUpI18n(language));
      setUnread(count);
      const { unmount } = renderHeader(`/${language}`);
      expect(within(header()).getByRole('link', { name })).toHaveAttribute('href', `/${language}/messages`);
      unmount();
    }
  });

  it('marks the link current on the messages page, and within a conversation', () => {
    signIn(dana);
    const { unmount } = renderHeader('/messages');
    expect(within(header()).getByRole('link', { name: 'Messages' })).toHaveAttribute('aria-current', 'page');
    unmount();
    renderHeader('/messages/4');
    expect(within(header()).getByRole('link', { name: 'Messages' })).toHaveAttribute('aria-current', 'true');
  });

  it('is not offered during the sign-in steps', () => {
    signIn(dana);
    setUnread(2);
    renderHeader('/auth/callback');
    expect(within(header()).queryByRole('link', { name: /Messages/ })).not.toBeInTheDocument();
  });
});
