import { formatNumber } from '../format/number';
import { useLanguage } from '../i18n/useLanguage';
import { useTranslation } from '../i18n/useTranslation';

/**
 * Previous, "Page x of y", Next: the paging of every list (searches, my posts). Its words are the page's
 * own: `<keyPrefix>.label` (the navigation's name), `.previous`, `.next` and `.page` ({{page}}, {{pages}});
 * `.pageCapped` ("Page x of y+") where the total is counted only up to a cap.
 */
export function Pagination({
  page,
  pages,
  isPagesCapped = false,
  hasNext = page < pages,
  hasPrevious = page > 1,
  isBusy = false,
  onPage,
  namespace,
  keyPrefix,
}: {
  page: number;
  pages: number;
  /** There are more pages than `pages` (the count stopped at its cap): Next goes on while `hasNext`. */
  isPagesCapped?: boolean;
  hasNext?: boolean;
  hasPrevious?: boolean;
  /** While the next page loads, neither button starts another. */
  isBusy?: boolean;
  onPage: (page: number) => void;
  namespace: string;
  keyPrefix: string;
}) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  if (!hasNext && !hasPrevious) return null;
  const where = { page: formatNumber(page, language), pages: formatNumber(Math.max(pages, page), language) };
  return (
    <nav className="pagination" aria-label={t(`${keyPrefix}.label`)}>
      <button type="button" className="button" disabled={!hasPrevious || isBusy} onClick={() => onPage(page - 1)}>
        {t(`${keyPrefix}.previous`)}
      </button>
      <span>{t(`${keyPrefix}.${isPagesCapped ? 'pageCapped' : 'page'}`, where)}</span>
      <button type="button" className="button" disabled={!hasNext || isBusy} onClick={() => onPage(page + 1)}>
        {t(`${keyPrefix}.next`)}
      </button>
    </nav>
  );
}
