import { Link } from '@tasko/shared/router';
import { FOOTER_LINKS, useLocalizedPath, useTranslation } from '@tasko/shared';

export function Footer() {
  const { t } = useTranslation('common');
  const localized = useLocalizedPath();
  return (
    <footer className="site-footer">
      <nav aria-label={t('footer.links')}>
        <ul>
          {FOOTER_LINKS.map(([path, key]) => (
            <li key={path}>
              <Link to={localized(path)}>{t(key)}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="site-footer__copyright">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
