import { createStore } from 'jotai';
import { STORAGE_KEYS, THEME_COOKIE } from '../domain/storageKeys';
import { applyTheme, themeAtom } from './theme';

describe('theme', () => {
  it('turns the whole page and tells the server, which paints the next first view in it', () => {
    applyTheme('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.cookie).toContain(`${THEME_COOKIE}=dark`);
    applyTheme('light');
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(document.cookie).toContain(`${THEME_COOKIE}=light`);
  });

  it("is no choice until the visitor makes one: the page then follows the device's setting", () => {
    const store = createStore();
    expect(store.get(themeAtom)).toBeNull();
    store.set(themeAtom, 'dark');
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe(JSON.stringify('dark'));
    store.set(themeAtom, null);
  });

  it('with no choice, leaves the page to the stylesheet and tells the server to paint no theme', () => {
    applyTheme('dark');
    applyTheme(null);
    expect(document.documentElement).not.toHaveAttribute('data-theme');
    expect(document.cookie).not.toContain(THEME_COOKIE);
  });
});
