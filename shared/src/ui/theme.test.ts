import { THEME_COOKIE } from '../domain/storageKeys';
import { applyTheme } from './theme';

describe('theme', () => {
  it('turns the whole page and tells the server, which paints the next first view in it', () => {
    applyTheme('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.cookie).toContain(`${THEME_COOKIE}=dark`);
    applyTheme('light');
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(document.cookie).toContain(`${THEME_COOKIE}=light`);
  });
});
