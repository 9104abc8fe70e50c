import type { ParseKeys } from 'i18next';
import { FOOTER_LINKS, HEADER_LINKS, LANGUAGES, navCurrent, withLanguagePrefix, type Language } from '@tasko/shared/domain';
import { HTML_VALUES, serverI18n } from '../../i18n.js';
import { escapeHtml } from './pageHtml.js';

export interface FirstPaintInput {
  language: Language;
  /** The path without a language prefix. */
  path: string;
  /** Whether the visitor's URL carried the language prefix: the painted links keep to the same form. */
  isPrefixed: boolean;
}

/** The three lines of the closed "Menu" button (shell/src/layout/SiteMenu.tsx). */
const MENU_ICON =
  '<svg class="site-menu__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"><path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" stroke-width="2" stroke-linecap="round" fill="none"></path></svg>';

/**
 * What the page shows before its scripts run, in the reader's language: the shell's header and footer (the
 * same classes, links and texts as shell/src/layout) around the loading state the shell itself shows while a
 * page's code arrives. The shell replaces it whole on its first render, so the eye sees no change, and the
 * page has its frame at the first paint instead of after the scripts (Lighthouse FCP). The account slot stays
 * empty: whether the reader is signed in is known only in the browser. The buttons do nothing until then;
 * the menu's panel is painted closed (on a wide screen its links are the row's navigation).
 */
export function firstPaintHtml({ language, path, isPrefixed }: FirstPaintInput): string {
  const t = serverI18n.getFixedT(language, 'common');
  const text = (key: ParseKeys<'common'>) => escapeHtml(t(key));
  const href = (to: string) => escapeHtml(isPrefixed ? withLanguagePrefix(language, to) : to);
  const current = LANGUAGES.find((l) => l.code === language) ?? LANGUAGES[0];

  const navLinks = HEADER_LINKS.map(([to, key]) => {
    const state = navCurrent(to, path);
    return state
      ? `<a class="active" aria-current="${state}" href="${href(to)}">${text(key)}</a>`
      : `<a href="${href(to)}">${text(key)}</a>`;
  }).join('');
  const languageOptions = LANGUAGES.map(
    (l) =>
      `<li><button type="button" lang="${l.code}" dir="${l.dir}"${l.code === language ? ' disabled="" aria-current="true"' : ''}>${escapeHtml(l.nativeName)}</button></li>`,
  ).join('');
  const footerLinks = FOOTER_LINKS.map(([to, key]) => `<li><a href="${href(to)}">${text(key)}</a></li>`).join('');

  return [
    `<a class="skip-link" href="#main">${text('nav.skipToContent')}</a>`,
    '<header class="site-header">',
    '<div class="site-header__inner">',
    `<a class="brand" href="${href('/')}">${text('brand')}</a>`,
    '<div class="site-menu">',
    `<button type="button" aria-expanded="false" aria-controls="site-menu" class="header-button site-menu__toggle">${MENU_ICON}<span class="visually-hidden">${text('nav.openMenu')}</span></button>`,
    '<div id="site-menu" class="site-menu__panel">',
    `<nav class="site-nav" aria-label="${text('nav.main')}">${navLinks}</nav>`,
    `<div class="site-menu__languages"><p id="site-menu-languages" class="site-menu__heading">${text('nav.language')}</p><ul aria-labelledby="site-menu-languages">${languageOptions}</ul></div>`,
    '</div></div>',
    '<div class="site-header__actions">',
    `<div class="dropdown language-selector"><button type="button" aria-expanded="false" class="header-button"><span class="visually-hidden">${text('nav.language')}: </span><span lang="${current.code}">${escapeHtml(current.nativeName)}</span></button></div>`,
    `<div class="dropdown post-menu"><button type="button" aria-expanded="false" class="button button--primary">${text('nav.post')}</button></div>`,
    '<div class="account-slot"></div>',
    '</div></div></header>',
    '<main id="main" tabindex="-1" class="site-main">',
    `<div class="page-loading" role="status" aria-live="polite"><span class="spinner" aria-hidden="true"></span><span>${text('loading')}</span></div>`,
    '</main>',
    `<footer class="site-footer"><nav aria-label="${text('footer.links')}"><ul>${footerLinks}</ul></nav>`,
    `<p class="site-footer__copyright">${t('footer.copyright', { year: new Date().getFullYear(), ...HTML_VALUES })}</p></footer>`,
  ].join('');
}
