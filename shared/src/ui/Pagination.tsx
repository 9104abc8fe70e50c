import { formatNumber } from '../format/number';
import { useLanguage } from '../i18n/useLanguage';

/** The words of a list's paging, in the page's own texts (each list names its pages its own way). */
export interface PaginationTexts {
  /** The navigation's name. */
  label: string;
  previous: string;
  next: string;
  /** "Page x of y", or with `isCapped` "Page x of y+": the total was counted only up to a cap. */
  page: (where: { page: string; pages: string }, isCapped: boolean) => string;
}

/** Previous, "Page x of y", Next: the paging of every list (searches, my posts). */
export function Pagination({
  page,
  pages,
  isPagesCapped = false,
  hasNext = page < pages,
  hasPrevious = page > 1,
  isBusy = false,
  onPage,
  texts,
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
  texts: PaginationTexts;
}) {
  const { language } = useLanguage();
  if (!hasNext && !hasPrevious) return null;
  const where = { page: formatNumber(page, language), pages: formatNumber(Math.max(pages, page), language) };
  return (
    <nav className="pagination" aria-label={texts.label}>
      <button type="button" className="button" disabled={!hasPrevious || isBusy} onClick={() => onPage(page - 1)}>
        {texts.previous}
      </button>
      <span>{texts.page(where, isPagesCapped)}</span>
      <button type="button" className="button" disabled={!hasNext || isBusy} onClick={() => onPage(page + 1)}>
        {texts.next}
      </button>
    </nav>
  );
}
