import { Link } from '@tasko/shared/router';
import { useLocalizedPath, useTranslation } from '@tasko/shared';
import { LanguageSelector } from './LanguageSelector';
import { MessagesLink } from './MessagesLink';
import { PostMenu } from './PostMenu';
import { SiteMenu } from './SiteMenu';
import { UserMenu } from './UserMenu';

/**
 * The page's first tab stop, before the cookie banner and the header: straight to the page's content. Not
 * in the header, so the banner can come right after it in the tab order without being part of the header.
 */
export function SkipLink() {
  const { t } = useTranslation('common');
  return (
    <a className="skip-link" href="#main">
      {t('nav.skipToContent')}
    </a>
  );
}

/**
 * One row of 72 px at every width and in every language (docs/product.md#the-frame-around-every-page): brand,
 * the main navigation (behind "Menu" on a narrow screen), then language, Post and the account (a signed-in
 * member's Messages beside it). The server paints the same markup before the scripts run (api/src/plugins/site/firstPaint.ts), so the header
 * does not move when this replaces it.
 */
export function Header() {
  const { t } = useTranslation('common');
  const localized = useLocalizedPath();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link className="brand" to={localized('/')}>
          {t('brand')}
        </Link>
        <SiteMenu />
        <div className="site-header__actions">
          <LanguageSelector />
          <PostMenu />
          {/* A fixed place for "Sign in", or Messages and the avatar, which the server's first paint leaves empty (it cannot know which). */}
          <div className="account-slot">
            <MessagesLink />
            <UserMenu />
          </div>
        </div>
      </div>
    </header>
  );
}
