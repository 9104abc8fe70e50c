import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@tasko/shared/router';
import { STORAGE_KEYS, ROUTER_FUTURE } from '@tasko/shared';
import { setUpI18n } from '../../../shared/test/renderWithProviders';
import { LanguageSelector, pathAfterLanguageChange } from './LanguageSelector';

function renderSelector() {
  const navigateTo = jest.fn();
  const reload = jest.fn();
  render(
    <MemoryRouter future={ROUTER_FUTURE}>
      <LanguageSelector navigateTo={navigateTo} reload={reload} />
      <a href="/after">After</a>
    </MemoryRouter>,
  );
  return { navigateTo, reload };
}

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  await act(() => setUpI18n('en'));
});

describe('LanguageSelector', () => {
  it('lists English, Hebrew, Russian and Arabic with the current one disabled', async () => {
    renderSelector();
    await userEvent.click(screen.getByRole('button', { name: /Language/ }));
    const options = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(options).toEqual(['English', 'עברית', 'Русский', 'العربية']);
    expect(screen.getByRole('button', { name: 'English' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'עברית' })).toBeEnabled();
  });

  it('stores the choice and reloads the page', async () => {
    const { reload, navigateTo } = renderSelector();
    await userEvent.click(screen.getByRole('button', { name: /Language/ }));
    await userEvent.click(screen.getByRole('button', { name: 'العربية' }));
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('ar');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(navigateTo).not.toHaveBeenCalled();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('keeps focus on the language button when a language is chosen, and asks the next page to keep it there', async () => {
    renderSelector();
    const toggle = screen.getByRole('button', { name: /Language/ });
    await userEvent.click(toggle);
    await userEvent.keyboard('{Tab}{Enter}');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('he');
    expect(toggle).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(sessionStorage.getItem('tasko.focusAfterLanguageChange')).toBe('1');
  });

  it('is a disclosure: a labelled list of buttons, no popup menu', async () => {
    renderSelector();
    const toggle = screen.getByRole('button', { name: /Language/ });
    expect(toggle).not.toHaveAttribute('aria-haspopup');
    expect(toggle).not.toHaveAttribute('aria-controls');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAttribute('aria-controls', screen.getByRole('list', { name: 'Language' }).id);
  });

  it('closes on a click outside, when the window changes width, on Escape and when focus leaves', async () => {
    renderSelector();
    const toggle = screen.getByRole('button', { name: /Language/ });
    await userEvent.click(toggle);
    fireEvent.mouseDown(document.body);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();

    await userEvent.click(toggle);
    const width = window.innerWidth;
    try {
      window.innerWidth = width - 200;
      fireEvent(window, new Event('resize'));
    } finally {
      window.innerWidth = width;
    }
    expect(screen.queryByRole('list')).not.toBeInTheDocument();

    await userEvent.click(toggle);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();

    await userEvent.click(toggle);
    // English is disabled: Tab reaches Hebrew, Russian, Arabic, then leaves the list for the page.
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'العربية' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'After' })).toHaveFocus();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('moves a prefixed URL to the new prefix and leaves a bare one to the reload', () => {
    expect(pathAfterLanguageChange({ pathname: '/he/faq', search: '?a=1', hash: '' }, 'ru')).toBe('/ru/faq?a=1');
    expect(pathAfterLanguageChange({ pathname: '/en', search: '', hash: '' }, 'ar')).toBe('/ar');
    expect(pathAfterLanguageChange({ pathname: '/faq', search: '', hash: '' }, 'ru')).toBeNull();
  });
});
