import { formatNumber } from '../format/number';
import { useLanguage } from '../i18n/useLanguage';
import { useTranslation } from '../i18n/useTranslation';

/**
 * Previous, "Page x of y", Next: the paging of every list (searches, my posts). Its words are the page's
 * own: `<keyPrefix>.label` (the navigation's name), `.previous`, `.next` and `.page` ({{page}}, {{pages}}).
 */
export function Pagination({
  page,
  pages,
  isBusy = false,
  onPage,
  namespace,
  keyPrefix,
}: {
  page: number;
  pages: number;
  /** While the next page loads, neither button starts another. */
  isBusy?: boolean;
  onPage: (page: number) => void;
  namespace: string;
  keyPrefix: string;
}) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label={t(`${keyPrefix}.label`)}>
      <button type="button" className="button" disabled={page <= 1 || isBusy} onClick={() => onPage(page - 1)}>
        {t(`${keyPrefix}.previous`)}
      </button>
      <span>{t(`${keyPrefix}.page`, { page: formatNumber(page, language), pages: formatNumber(pages, language) })}</span>
      <button type="button" className="button" disabled={page >= pages || isBusy} onClick={() => onPage(page + 1)}>
        {t(`${keyPrefix}.next`)}
      </button>
    </nav>
  );
}
