import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { STORAGE_KEYS, ROUTER_FUTURE } from '@tasko/shared';
import { setUpI18n } from '../../../shared/test/renderWithProviders';
import { LanguageSelector, pathAfterLanguageChange } from './LanguageSelector';

function renderSelector() {
  const navigateTo = jest.fn();
  const reload = jest.fn();
  render(
    <MemoryRouter future={ROUTER_FUTURE}>
      <LanguageSelector navigateTo={navigateTo} reload={reload} />
    </MemoryRouter>,
  );
  return { navigateTo, reload };
}

beforeEach(async () => {
  localStorage.clear();
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

  it('closes on a click outside, on window resize and on Escape', async () => {
    renderSelector();
    const toggle = screen.getByRole('button', { name: /Language/ });
    await userEvent.click(toggle);
    fireEvent.mouseDown(document.body);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();

    await userEvent.click(toggle);
    fireEvent(window, new Event('resize'));
    expect(screen.queryByRole('list')).not.toBeInTheDocument();

    await userEvent.click(toggle);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });

  it('moves a prefixed URL to the new prefix and leaves a bare one to the reload', () => {
    expect(pathAfterLanguageChange({ pathname: '/he/faq', search: '?a=1', hash: '' }, 'ru')).toBe('/ru/faq?a=1');
    expect(pathAfterLanguageChange({ pathname: '/en', search: '', hash: '' }, 'ar')).toBe('/ar');
    expect(pathAfterLanguageChange({ pathname: '/faq', search: '', hash: '' }, 'ru')).toBeNull();
  });
});
