import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { MemoryRouter } from '@tasko/shared/router';
import { hasAnalyticsConsent, STORAGE_KEYS, ROUTER_FUTURE, type Language } from '@tasko/shared';
import { setUpI18n } from '../../../shared/test/renderWithProviders';
import { App } from '../app/App';
import { BANNER_SIZE_VARIABLE, CookieBanner } from './CookieBanner';
import { SkipLink } from './Header';

// The whole shell renders in one test; its page's code never arrives (the loading state is enough here).
jest.mock('@module-federation/enhanced/runtime', () => ({
  ...jest.requireActual<object>('@module-federation/enhanced/runtime'),
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

/** The banner where the shell puts it (after the skip link), with a page after it that has a button. */
function renderBanner() {
  return render(
    <MemoryRouter future={ROUTER_FUTURE}>
      <SkipLink />
      <CookieBanner />
      <main id="main" tabIndex={-1}>
        <button type="button">Search</button>
      </main>
    </MemoryRouter>,
  );
}

const banner = () => screen.queryByRole('region', { name: 'Cookie notice' });

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.style.removeProperty(BANNER_SIZE_VARIABLE);
  await act(() => setUpI18n('en'));
});

describe('CookieBanner', () => {
  it('shows its text, a link to the privacy policy and the two answers, styled alike', () => {
    renderBanner();
    expect(banner()).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read our privacy policy' })).toHaveAttribute('href', '/privacy-policy');
    const accept = screen.getByRole('button', { name: 'Accept' });
    const decline = screen.getByRole('button', { name: 'Decline' });
    // Same size and weight: one class list for both, so neither answer is the prominent one.
    expect(accept.className).toBe(decline.className);
    expect(accept.className).not.toMatch(/primary/);
  });

  it.each<[Language, string, string]>([
    ['he', 'אישור', 'סירוב'],
    ['ar', 'قبول', 'رفض'],
    ['ru', 'Принять', 'Отклонить'],
  ])('says Accept and Decline in %s', async (language, accept, decline) => {
    await act(() => setUpI18n(language));
    renderBanner();
    expect(screen.getByRole('button', { name: accept })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: decline })).toBeInTheDocument();
  });

  it('stays dismissed once accepted, across visits, and turns analytics on', async () => {
    const consent = jest.fn();
    window.addEventListener('tasko:consent', consent);
    const { unmount } = renderBanner();
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(banner()).not.toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.cookieConsent)).toBe('accepted');
    expect(hasAnalyticsConsent()).toBe(true);
    expect(consent).toHaveBeenCalledTimes(1);
    window.removeEventListener('tasko:consent', consent);
    unmount();
    sessionStorage.clear(); // a new visit
    renderBanner();
    expect(banner()).not.toBeInTheDocument();
  });

  it('remembers "Decline" like "Accept": no banner on the next visit, and analytics stays off', async () => {
    const consent = jest.fn();
    window.addEventListener('tasko:consent', consent);
    const { unmount } = renderBanner();
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(banner()).not.toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.cookieConsent)).toBe('declined');
    expect(hasAnalyticsConsent()).toBe(false);
    expect(consent).not.toHaveBeenCalled();
    window.removeEventListener('tasko:consent', consent);
    unmount();
    sessionStorage.clear(); // a new visit
    renderBanner();
    expect(banner()).not.toBeInTheDocument();
  });

  it('asks again when what is stored is no answer it gave', () => {
    localStorage.setItem(STORAGE_KEYS.cookieConsent, 'maybe');
    renderBanner();
    expect(banner()).toBeInTheDocument();
  });

  it('comes right after the skip link in the shell, and does not take the focus as the page loads', async () => {
    (loadRemote as jest.MockedFunction<typeof loadRemote>).mockReturnValue(new Promise(() => undefined));
    render(<App />);
    const skipLink = screen.getByRole('link', { name: 'Skip to content' });
    expect(skipLink.nextElementSibling).toBe(banner());
    expect(document.body).toHaveFocus();
    // Second in the tab order: the first Tab after the skip link is the banner's privacy link.
    await userEvent.tab();
    expect(skipLink).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Read our privacy policy' })).toHaveFocus();
  });

  it('does not take the focus on its own', () => {
    renderBanner();
    expect(document.body).toHaveFocus();
  });

  describe('once answered, leaves the page where it was', () => {
    let focusCalls: jest.SpyInstance;
    let scrollIntoView: jest.Mock;
    let scrollTo: jest.SpyInstance;

    beforeEach(() => {
      focusCalls = jest.spyOn(HTMLElement.prototype, 'focus');
      scrollIntoView = jest.fn();
      Element.prototype.scrollIntoView = scrollIntoView;
      scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    });

    afterEach(() => {
      focusCalls.mockRestore();
      scrollTo.mockRestore();
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    });

    /** The focus given to `target` was asked not to scroll, and nothing scrolled by other means. */
    const expectNoScroll = (target: HTMLElement) => {
      const onTarget = focusCalls.mock.calls.filter((_call, i) => focusCalls.mock.contexts[i] === target);
      expect(onTarget).toEqual([[{ preventScroll: true }]]);
      expect(scrollIntoView).not.toHaveBeenCalled();
      expect(scrollTo).not.toHaveBeenCalled();
    };

    it('gives focus back to what had it before the banner, not to <body>', async () => {
      renderBanner();
      const search = screen.getByRole('button', { name: 'Search' });
      search.focus();
      // Shift+Tab from the page into the banner: "Decline" is its last stop.
      await userEvent.tab({ shift: true });
      expect(screen.getByRole('button', { name: 'Decline' })).toHaveFocus();
      // Only the focus the answer gives counts, not the test's own moves.
      focusCalls.mockClear();
      await userEvent.keyboard('{Enter}');
      expect(banner()).not.toBeInTheDocument();
      expect(search).toHaveFocus();
      expectNoScroll(search);
    });

    it('gives it back to the skip link when the keyboard came from there', async () => {
      renderBanner();
      await userEvent.tab();
      await userEvent.tab();
      await userEvent.tab();
      expect(screen.getByRole('button', { name: 'Accept' })).toHaveFocus();
      // Only the focus the answer gives counts, not the test's own moves.
      focusCalls.mockClear();
      await userEvent.keyboard('{Enter}');
      expect(banner()).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveFocus();
      expectNoScroll(screen.getByRole('link', { name: 'Skip to content' }));
    });

    it('moves focus to the start of the page, not the main content, when nothing had it before', async () => {
      renderBanner();
      // A tap: the button takes the focus straight from nowhere.
      await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
      expect(banner()).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveFocus();
      expect(screen.getByRole('main')).not.toHaveFocus();
      expectNoScroll(screen.getByRole('link', { name: 'Skip to content' }));
    });

    it('leaves a focus that was not in the banner where it is', async () => {
      renderBanner();
      const decline = screen.getByRole('button', { name: 'Decline' });
      // Safari does not focus a tapped button: the click arrives with the focus on <body>.
      act(() => decline.click());
      expect(banner()).not.toBeInTheDocument();
      expect(document.body).toHaveFocus();
      expect(focusCalls).not.toHaveBeenCalled();
      expect(scrollTo).not.toHaveBeenCalled();
    });
  });

  it('reserves its height for scroll-padding while shown, and frees it once answered', async () => {
    const measured = jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ height: 120 } as DOMRect);
    try {
      renderBanner();
      // Its height plus its gap to the bottom edge (no gap in jsdom, which applies no stylesheet).
      expect(document.documentElement.style.getPropertyValue(BANNER_SIZE_VARIABLE)).toBe('120px');
      await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
      expect(document.documentElement.style.getPropertyValue(BANNER_SIZE_VARIABLE)).toBe('');
    } finally {
      measured.mockRestore();
    }
  });
});
