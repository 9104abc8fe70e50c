import { Link, NavLink } from 'react-router-dom';
import { useLocalizedPath, useTranslation } from '@tasko/shared';
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
          <NavLink to={localized('/')} end>
            {t('nav.jobs')}
          </NavLink>
          <NavLink to={localized('/services')}>{t('nav.services')}</NavLink>
        </nav>
        <div className="site-header__actions">
          <LanguageSelector />
          <PostMenu />
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
