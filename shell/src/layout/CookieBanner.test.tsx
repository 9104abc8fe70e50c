import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@tasko/shared/router';
import { hasAnalyticsConsent, STORAGE_KEYS, ROUTER_FUTURE, type Language } from '@tasko/shared';
import { setUpI18n } from '../../../shared/test/renderWithProviders';
import { BANNER_SIZE_VARIABLE, CookieBanner } from './CookieBanner';

/** The banner in a page with something to focus before it and a main content to fall back to. */
function renderBanner() {
  return render(
    <MemoryRouter future={ROUTER_FUTURE}>
      <button type="button">Search</button>
      <main id="main" tabIndex={-1}>
        page
      </main>
      <CookieBanner />
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

  it('gives focus back to what had it before the banner, not to <body>', async () => {
    renderBanner();
    const search = screen.getByRole('button', { name: 'Search' });
    search.focus();
    // Tab from the page into the banner: the privacy link, then "Accept", then "Decline".
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Decline' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(banner()).not.toBeInTheDocument();
    expect(search).toHaveFocus();
  });

  it('moves focus to the main content when nothing had it before', async () => {
    renderBanner();
    screen.getByRole('button', { name: 'Accept' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(banner()).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();
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
