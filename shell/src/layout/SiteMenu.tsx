import { Link, useLocation } from '@tasko/shared/router';
import { HEADER_LINKS, navCurrent, useLocalizedPath, useTranslation, type Language } from '@tasko/shared';
import { changeLanguage, LanguageOptions, useFocusAfterLanguageChange, type LanguageChangeActions } from './LanguageSelector';
import { useDropdown } from './useDropdown';

export const SITE_MENU_ID = 'site-menu';

/**
 * The main navigation. On a wide screen its links sit in the header's row and the "Menu" button is not
 * shown; on a narrow one (styles/global.css, `COMPACT_HEADER_QUERY`) the header keeps one row of 72 px in
 * every language by putting the links and the languages behind "Menu", a disclosure that drops down
 * below the header.
 */
export function SiteMenu(actions: LanguageChangeActions) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const localized = useLocalizedPath();
  const { isOpen, close, containerProps, buttonProps, buttonRef } = useDropdown(SITE_MENU_ID);
  useFocusAfterLanguageChange(buttonRef, 'compact');

  const chooseLanguage = (code: Language) => {
    close();
    buttonRef.current?.focus();
    changeLanguage(code, actions);
  };

  return (
    <div className={isOpen ? 'site-menu site-menu--open' : 'site-menu'} {...containerProps}>
      {/* The panel is always in the page (its links are the wide screen's navigation), so it is always there to control. */}
      <button {...buttonProps} aria-controls={SITE_MENU_ID} className="header-button site-menu__toggle">
        <MenuIcon isOpen={isOpen} />
        <span className="visually-hidden">{t('nav.openMenu')}</span>
      </button>
      <div id={SITE_MENU_ID} className="site-menu__panel">
        <nav className="site-nav" aria-label={t('nav.main')}>
          {HEADER_LINKS.map(([path, key]) => {
            const current = navCurrent(path, pathname);
            return (
              <Link key={path} to={localized(path)} className={current ? 'active' : undefined} aria-current={current} onClick={close}>
                {t(key)}
              </Link>
            );
          })}
        </nav>
        <div className="site-menu__languages">
          <p id="site-menu-languages" className="site-menu__heading">
            {t('nav.language')}
          </p>
          <LanguageOptions labelledBy="site-menu-languages" onChoose={chooseLanguage} />
        </div>
      </div>
    </div>
  );
}

/** Three lines, or a cross while the menu is open. Drawn, not a font glyph: the same in every script. */
function MenuIcon({ isOpen }: { isOpen: boolean }) {
  return (
    <svg className="site-menu__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      {isOpen ? (
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
      ) : (
        <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
      )}
    </svg>
  );
}
