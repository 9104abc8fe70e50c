import { DEFAULT_LANGUAGE, type Language } from './languages';

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** User settings (docs/product.md#accounts-and-sign-in): language, theme, email and SMS notifications. */
export interface UserSettings {
  language: Language;
  theme: Theme;
  emailNotifications: boolean;
  smsNotifications: boolean;
}

export const DEFAULT_SETTINGS: UserSettings = {
  language: DEFAULT_LANGUAGE,
  theme: 'light',
  emailNotifications: true,
  smsNotifications: false,
};
