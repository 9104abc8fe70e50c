import { Link, NavLink } from 'react-router-dom';
import { HEADER_LINKS, useLocalizedPath, useTranslation } from '@tasko/shared';
import { LanguageSelector } from './LanguageSelector';
import { PostMenu } from './PostMenu';
import { UserMenu } from './UserMenu';

export function Header() {
  const { t } = useTranslation('common');
  const localized = useLocalizedPath();
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      <div className="site-header__inner">
        <Link className="brand" to={localized('/')}>
          {t('brand')}
        </Link>
        <nav className="site-nav" aria-label={t('nav.main')}>
          {HEADER_LINKS.map(([path, key]) => (
            <NavLink key={path} to={localized(path)} end={path === '/'}>
              {t(key)}
            </NavLink>
          ))}
        </nav>
        <div className="site-header__actions">
          <LanguageSelector />
          <PostMenu />
          {/* A fixed place for "Sign in" or the avatar, which the server's first paint leaves empty (it cannot know which). */}
          <div className="account-slot">
            <UserMenu />
          </div>
        </div>
      </div>
    </header>
  );
}
