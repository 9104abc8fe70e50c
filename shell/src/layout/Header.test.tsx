import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@tasko/shared/router';
import { DEFAULT_SETTINGS, signIn, signOut, ROUTER_FUTURE } from '@tasko/shared';
import { setUpI18n } from '../../../shared/test/renderWithProviders';
import { Header } from './Header';

function renderHeader(at = '/') {
  return render(
    <MemoryRouter future={ROUTER_FUTURE} initialEntries={[at]}>
      <Header />
      <main id="main" tabIndex={-1}>
        <a href="/x">In the page</a>
      </main>
    </MemoryRouter>,
  );
}

const header = () => screen.getByRole('banner');
const menuButton = () => within(header()).getByRole('button', { name: 'Menu' });
const nav = () => within(header()).getByRole('navigation', { name: 'Main' });
const menuPanel = () => document.getElementById('site-menu') as HTMLElement;
const isMenuOpen = () => menuPanel().closest('.site-menu')?.classList.contains('site-menu--open') ?? false;

/** jsdom has no matchMedia: answers whether the header is in its narrow layout. */
function setCompact(isCompact: boolean) {
  window.matchMedia = (query: string) => ({ matches: isCompact, media: query }) as MediaQueryList;
}

beforeEach(async () => {
  signOut();
  localStorage.clear();
  sessionStorage.clear();
  await act(() => setUpI18n('en'));
});

describe('Header', () => {
  it('is one row: brand, the menu with the navigation, then language, Post and the account', () => {
    renderHeader();
    const inner = header().querySelector('.site-header__inner') as HTMLElement;
    expect(Array.from(inner.children).map((child) => child.className)).toEqual(['brand', 'site-menu', 'site-header__actions']);
    expect(
      within(nav())
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Jobs', 'Services']);
    const actions = inner.querySelector('.site-header__actions') as HTMLElement;
    expect(within(actions).getByRole('button', { name: /Language/ })).toBeInTheDocument();
    expect(within(actions).getByRole('button', { name: 'Post' })).toBeInTheDocument();
    expect(within(actions).getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('uses disclosures, not menus: every popup button says whether it is expanded and none claims a popup', () => {
    signIn({ token: 't', info: { email: 'dana@example.com', name: 'Dana' }, settings: DEFAULT_SETTINGS });
    renderHeader();
    const toggles = ['Menu', /Language/, 'Post', 'Account menu'].map((name) => within(header()).getByRole('button', { name }));
    for (const toggle of toggles) expect(toggle).toHaveAttribute('aria-expanded', 'false');
    for (const button of within(header()).getAllByRole('button')) expect(button).not.toHaveAttribute('aria-haspopup');
    expect(header().querySelector('[role="menu"], [role="menuitem"]')).toBeNull();
  });

  it('marks the section the reader is in; Jobs is current on /tasks too', () => {
    const { unmount } = renderHeader('/tasks');
    const jobs = () => within(nav()).getByRole('link', { name: 'Jobs' });
    const services = () => within(nav()).getByRole('link', { name: 'Services' });
    expect(jobs()).toHaveAttribute('aria-current', 'true');
    expect(services()).not.toHaveAttribute('aria-current');
    unmount();

    renderHeader('/he/services');
    expect(services()).toHaveAttribute('aria-current', 'page');
    expect(services()).toHaveAttribute('href', '/he/services');
    expect(jobs()).not.toHaveAttribute('aria-current');
  });

  it('opens and closes the menu with its button, and closes it after a choice', async () => {
    renderHeader();
    expect(menuButton()).toHaveAttribute('aria-controls', 'site-menu');
    await userEvent.click(menuButton());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    expect(isMenuOpen()).toBe(true);
    // The languages are in it, each in its own name, the current one not to be chosen again.
    const languages = within(menuPanel()).getByRole('list', { name: 'Language' });
    expect(within(languages).getByRole('button', { name: 'English' })).toBeDisabled();
    expect(within(languages).getByRole('button', { name: 'עברית' })).toBeEnabled();

    await userEvent.click(menuButton());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(isMenuOpen()).toBe(false);

    await userEvent.click(menuButton());
    await userEvent.click(within(nav()).getByRole('link', { name: 'Services' }));
    expect(isMenuOpen()).toBe(false);
    expect(within(nav()).getByRole('link', { name: 'Services' })).toHaveAttribute('aria-current', 'page');
  });

  it('closes the menu on Escape and puts focus back on its button', async () => {
    renderHeader();
    await userEvent.click(menuButton());
    await userEvent.tab();
    expect(within(nav()).getByRole('link', { name: 'Jobs' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(isMenuOpen()).toBe(false);
    expect(menuButton()).toHaveFocus();
  });

  it('closes the menu when focus leaves it, forwards or backwards', async () => {
    renderHeader();
    await userEvent.click(menuButton());
    // Jobs, Services, then the three languages that can be chosen: the next stop is outside the menu.
    for (let i = 0; i < 5; i += 1) await userEvent.tab();
    expect(within(menuPanel()).getByRole('button', { name: 'العربية' })).toHaveFocus();
    expect(isMenuOpen()).toBe(true);
    await userEvent.tab();
    expect(isMenuOpen()).toBe(false);

    await userEvent.click(menuButton());
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('link', { name: 'Tasko' })).toHaveFocus();
    expect(isMenuOpen()).toBe(false);
  });

  it('closes the menu on a click outside it and when the window changes width, not height', async () => {
    renderHeader();
    await userEvent.click(menuButton());
    fireEvent.mouseDown(screen.getByRole('main'));
    expect(isMenuOpen()).toBe(false);

    await userEvent.click(menuButton());
    // A phone's address bar sliding away changes the height only: the menu stays.
    fireEvent(window, new Event('resize'));
    expect(isMenuOpen()).toBe(true);
    const width = window.innerWidth;
    try {
      window.innerWidth = width + 100;
      fireEvent(window, new Event('resize'));
      expect(isMenuOpen()).toBe(false);
    } finally {
      window.innerWidth = width;
    }
  });

  it('offers no "Login" during the sign-in steps (the callback and its 18+ confirmation), in any language', () => {
    for (const path of ['/auth/callback', '/he/auth/callback', '/ar/auth/callback/']) {
      const { unmount } = renderHeader(path);
      expect(within(header()).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
      // Its place is kept, empty, as in the server's first paint.
      expect(header().querySelector('.account-slot')).toBeEmptyDOMElement();
      unmount();
    }
    // Neither the account of a person whose 18+ confirmation is on its way.
    signIn({ token: 't', info: { email: 'dana@example.com', name: 'Dana' }, settings: DEFAULT_SETTINGS });
    renderHeader('/auth/callback');
    expect(within(header()).queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
  });

  it('lists the member’s pages in the account menu, My applications and Messages among them', async () => {
    signIn({ token: 't', info: { email: 'dana@example.com', name: 'Dana' }, settings: DEFAULT_SETTINGS });
    renderHeader('/ru/tasks');
    await userEvent.click(within(header()).getByRole('button', { name: 'Account menu' }));
    const menu = document.getElementById('user-menu') as HTMLElement;
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['My posts', '/ru/my-posted-jobs'],
      ['My applications', '/ru/my-applications'],
      ['Messages', '/ru/messages'],
      ['Post job', '/ru/post-job?offerType=job'],
      ['Settings', '/ru/settings'],
    ]);
    await userEvent.click(within(menu).getByRole('link', { name: 'My applications' }));
    expect(document.getElementById('user-menu')).toBeNull();
  });

  it('offers "Login" everywhere else, the login page included', () => {
    for (const path of ['/', '/login', '/ru/tasks', '/job/7']) {
      const { unmount } = renderHeader(path);
      expect(within(header()).getByRole('link', { name: 'Login' })).toBeInTheDocument();
      unmount();
    }
  });

  it('puts focus back on the language button after the reload of a language change (wide screen)', () => {
    setCompact(false);
    sessionStorage.setItem('tasko.focusAfterLanguageChange', '1');
    renderHeader('/he');
    expect(within(header()).getByRole('button', { name: /Language/ })).toHaveFocus();
    expect(sessionStorage.getItem('tasko.focusAfterLanguageChange')).toBeNull();
  });

  it('puts focus back on the menu button, where the languages are, after the reload on a narrow screen', () => {
    setCompact(true);
    sessionStorage.setItem('tasko.focusAfterLanguageChange', '1');
    renderHeader('/he');
    expect(menuButton()).toHaveFocus();
  });

  it('leaves focus alone on an ordinary page load', () => {
    setCompact(false);
    renderHeader('/he');
    expect(document.body).toHaveFocus();
  });
});
