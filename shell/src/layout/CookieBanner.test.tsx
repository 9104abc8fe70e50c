import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { STORAGE_KEYS, ROUTER_FUTURE } from '@tasko/shared';
import { setUpI18n } from '../../../shared/test/renderWithProviders';
import { CookieBanner } from './CookieBanner';

function renderBanner() {
  return render(
    <MemoryRouter future={ROUTER_FUTURE}>
      <CookieBanner />
    </MemoryRouter>,
  );
}

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  await act(() => setUpI18n('en'));
});

describe('CookieBanner', () => {
  it('shows its text, a link to the privacy policy and both buttons', () => {
    renderBanner();
    expect(screen.getByRole('region', { name: 'Cookie notice' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read our privacy policy' })).toHaveAttribute('href', '/privacy-policy');
    expect(screen.getByRole('button', { name: 'I Understand' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('stays dismissed once accepted, across reloads', async () => {
    const consent = jest.fn();
    window.addEventListener('tasko:consent', consent);
    const { unmount } = renderBanner();
    await userEvent.click(screen.getByRole('button', { name: 'I Understand' }));
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).not.toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.cookieConsent)).toBe('accepted');
    expect(consent).toHaveBeenCalledTimes(1);
    unmount();
    sessionStorage.clear();
    renderBanner();
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).not.toBeInTheDocument();
  });

  it('"Close" hides it for this visit without giving consent', async () => {
    const { unmount } = renderBanner();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).not.toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.cookieConsent)).toBeNull();
    unmount();
    sessionStorage.clear(); // a new visit
    renderBanner();
    expect(screen.getByRole('region', { name: 'Cookie notice' })).toBeInTheDocument();
  });
});
