import { atomWithStorage } from 'jotai/utils';
import { STORAGE_KEYS, THEME_COOKIE } from '../domain/storageKeys';
import type { Theme } from '../domain/settings';

/**
 * Light or dark once the visitor has chosen, remembered on this device and applied to the whole site at
 * once; null until then, when the page follows the device's own setting (`prefers-color-scheme`).
 */
export const themeAtom = atomWithStorage<Theme | null>(STORAGE_KEYS.theme, null, undefined, { getOnInit: true });

/**
 * A chosen theme is written on <html> and in a cookie, so the server paints the next first view in it. With
 * no choice both go: the stylesheet's `light-dark()` colours then follow the device, live, and from the
 * server's first paint on, with no script to run first.
 */
export function applyTheme(theme: Theme | null): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  if (theme) {
    root.dataset.theme = theme;
    document.cookie = `${THEME_COOKIE}=${theme}; path=/; max-age=31536000; samesite=lax`;
  } else {
    delete root.dataset.theme;
    document.cookie = `${THEME_COOKIE}=; path=/; max-age=0; samesite=lax`;
  }
}
