import { Link } from 'react-router-dom';
import { useLocalizedPath, useTranslation } from '@tasko/shared';
import { contentNamespace } from '../../contentNamespaces';
import { ArticlePage } from '../ArticlePage/ArticlePage';

export default function TemporaryWorkPage() {
  const { t } = useTranslation(contentNamespace('temporaryWork'));
  const localized = useLocalizedPath();
  return (
    <ArticlePage page="temporaryWork">
      <p className="article__cta">
        <Link className="button button--primary" to={localized('/')}>
          {t('cta')}
        </Link>
      </p>
    </ArticlePage>
  );
}
