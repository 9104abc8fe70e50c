// The fixed local storage keys (docs/product.md#accounts-and-sign-in): a stored user, a cookie answer or a draft
// written under one of them is read back by every later release.
export const STORAGE_KEYS = {
  user: 'tasko.user',
  language: 'tasko.language',
  theme: 'tasko.theme',
  cookieConsent: 'tasko.cookieConsent',
  authEvent: 'tasko.authEvent',
  postDraft: 'tasko.postDraft',
  analyticsVisitor: 'tasko.analyticsVisitor',
  /** The live event stream's last event id and whose it is (docs/deal.md): where the next leader tab resumes. */
  lastEventId: 'tasko.lastEventId',
} as const;

/** Mirrors the language choice for the server, so a bare URL is rendered in the chosen language. */
export const LANGUAGE_COOKIE = 'tasko_lang';

/** Mirrors the theme for the server, so the page it paints before the scripts is already dark for who chose dark. */
export const THEME_COOKIE = 'tasko_theme';
