import { atomWithStorage } from 'jotai/utils';
import { STORAGE_KEYS, THEME_COOKIE } from '../domain/storageKeys';
import type { Theme } from '../domain/settings';

/** Light or dark, remembered on this device and applied to the whole site at once. */
export const themeAtom = atomWithStorage<Theme>(STORAGE_KEYS.theme, 'light', undefined, { getOnInit: true });

export function applyTheme(theme: Theme): void {
  if (typeof document === 'undefined') return;
  document.documentElement.dataset.theme = theme;
  document.cookie = `${THEME_COOKIE}=${theme}; path=/; max-age=31536000; samesite=lax`;
}
