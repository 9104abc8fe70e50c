import { useEffect, type RefObject } from 'react';
import {
  LANGUAGES,
  splitLanguagePrefix,
  storeLanguage,
  useLanguage,
  withLanguagePrefix,
  type Language,
  useTranslation,
} from '@tasko/shared';
import { useDropdown } from './useDropdown';

/**
 * The header puts the navigation and the language choice in its "Menu" at this width and below (the compact
 * layout of docs/product.md#languages-and-layout; the same query as the `@media` rules of styles/global.css).
 */
export const COMPACT_HEADER_QUERY = '(max-width: 768px)';

/** Set across the reload a language change makes: the new page puts focus back where the choice was made. */
const FOCUS_AFTER_LANGUAGE_CHANGE = 'tasko.focusAfterLanguageChange';

/** Where the page goes after a language change: the same page, under the new prefix if it had one. */
export function pathAfterLanguageChange(location: Pick<Location, 'pathname' | 'search' | 'hash'>, language: Language): string | null {
  const { language: prefixed } = splitLanguagePrefix(location.pathname);
  if (!prefixed) return null;
  return withLanguagePrefix(language, location.pathname) + location.search + location.hash;
}

export interface LanguageChangeActions {
  navigateTo?: (url: string) => void;
  reload?: () => void;
}

/**
 * Choosing a language stores it, changes the language and loads the page again in it
 * (docs/product.md#the-frame-around-every-page).
 */
export function changeLanguage(
  code: Language,
  { navigateTo = (url) => window.location.assign(url), reload = () => window.location.reload() }: LanguageChangeActions = {},
): void {
  storeLanguage(code);
  try {
    sessionStorage.setItem(FOCUS_AFTER_LANGUAGE_CHANGE, '1');
  } catch {
    // Storage blocked: the new page starts at its top, like every other page.
  }
  const target = pathAfterLanguageChange(window.location, code);
  if (target) navigateTo(target);
  else reload();
}

/**
 * After the reload of a language change, focus goes back to the button the choice was made from: the
 * language button on a wide screen (`layout` "wide"), the menu button on a narrow one ("compact"). Each of
 * the two calls this for its own button; only the one on screen takes the focus.
 */
export function useFocusAfterLanguageChange(button: RefObject<HTMLElement>, layout: 'wide' | 'compact'): void {
  useEffect(() => {
    const isCompact = window.matchMedia?.(COMPACT_HEADER_QUERY).matches ?? false;
    if (isCompact !== (layout === 'compact')) return;
    try {
      if (sessionStorage.getItem(FOCUS_AFTER_LANGUAGE_CHANGE) === null) return;
      sessionStorage.removeItem(FOCUS_AFTER_LANGUAGE_CHANGE);
    } catch {
      return;
    }
    button.current?.focus();
  }, [button, layout]);
}

/** The four languages, each in its own name and script; the current one is marked and cannot be chosen. */
export function LanguageOptions({
  onChoose,
  id,
  className,
  label,
  labelledBy,
}: {
  onChoose: (code: Language) => void;
  id?: string;
  className?: string;
  label?: string;
  labelledBy?: string;
}) {
  const { language } = useLanguage();
  return (
    <ul id={id} className={className} aria-label={label} aria-labelledby={labelledBy}>
      {LANGUAGES.map((l) => (
        <li key={l.code}>
          <button
            type="button"
            lang={l.code}
            dir={l.dir}
            disabled={l.code === language}
            aria-current={l.code === language ? 'true' : undefined}
            onClick={() => onChoose(l.code)}
          >
            {l.nativeName}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The language button of a wide screen; on a narrow one the header's menu offers the languages instead. */
export function LanguageSelector(actions: LanguageChangeActions) {
  const { t } = useTranslation('common');
  const { language } = useLanguage();
  const { isOpen, close, containerProps, buttonProps, buttonRef } = useDropdown('language-list');
  useFocusAfterLanguageChange(buttonRef, 'wide');
  const current = LANGUAGES.find((l) => l.code === language) ?? LANGUAGES[0];

  const choose = (code: Language) => {
    close();
    // Focus stays on the button while the page reloads in the new language, and comes back to it after.
    buttonRef.current?.focus();
    changeLanguage(code, actions);
  };

  return (
    <div className="dropdown language-selector" {...containerProps}>
      <button {...buttonProps} className="header-button">
        <span className="visually-hidden">{t('nav.language')}: </span>
        <span lang={current.code}>{current.nativeName}</span>
      </button>
      {isOpen && (
        <LanguageOptions id="language-list" className="dropdown-menu dropdown-menu--language" label={t('nav.language')} onChoose={choose} />
      )}
    </div>
  );
}
