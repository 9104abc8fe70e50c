import { useEffect } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import { formatPageTitle } from '../domain/routes';

/** Title and description of the current page; the brand is appended to the title. */
export function usePageMeta(title: string | undefined, description?: string): void {
  const { t } = useTranslation('common');
  const brand = t('brand');
  useEffect(() => {
    if (!title) return;
    document.title = formatPageTitle('page', title, brand);
    if (description) {
      let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
      if (!meta) {
        meta = document.createElement('meta');
        meta.name = 'description';
        document.head.appendChild(meta);
      }
      meta.content = description;
    }
  }, [title, description, brand]);
}
