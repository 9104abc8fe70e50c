import { LANGUAGES, splitLanguagePrefix, storeLanguage, useLanguage, withLanguagePrefix, type Language, useTranslation } from '@tasko/shared';
import { useDropdown } from './useDropdown';

/** Where the page goes after a language change: the same page, under the new prefix if it had one. */
export function pathAfterLanguageChange(location: Pick<Location, 'pathname' | 'search' | 'hash'>, language: Language): string | null {
  const { language: prefixed } = splitLanguagePrefix(location.pathname);
  if (!prefixed) return null;
  return withLanguagePrefix(language, location.pathname) + location.search + location.hash;
}

export function LanguageSelector({ navigateTo = (url: string) => window.location.assign(url), reload = () => window.location.reload() }) {
  const { t } = useTranslation('common');
  const { language } = useLanguage();
  const { isOpen, close, containerRef, buttonProps } = useDropdown('language-list');
  const current = LANGUAGES.find((l) => l.code === language) ?? LANGUAGES[0];

  const choose = (code: Language) => {
    close();
    storeLanguage(code);
    const target = pathAfterLanguageChange(window.location, code);
    if (target) navigateTo(target);
    else reload();
  };

  return (
    <div className="dropdown language-selector" ref={containerRef}>
      <button {...buttonProps} className="header-button">
        <span className="visually-hidden">{t('nav.language')}: </span>
        <span lang={current.code}>{current.nativeName}</span>
      </button>
      {isOpen && (
        <ul id="language-list" className="dropdown-menu dropdown-menu--language" aria-label={t('nav.language')}>
          {LANGUAGES.map((l) => (
            <li key={l.code}>
              <button
                type="button"
                lang={l.code}
                dir={l.dir}
                disabled={l.code === language}
                aria-current={l.code === language ? 'true' : undefined}
                onClick={() => choose(l.code)}
              >
                {l.nativeName}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
