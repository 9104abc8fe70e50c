/** Previous, "Page x of y", Next: the paging of every list (searches, my posts); texts come from the page's namespace. */
export function Pagination({
  page,
  pages,
  isBusy = false,
  onPage,
  texts,
}: {
  page: number;
  pages: number;
  /** While the next page loads, neither button starts another. */
  isBusy?: boolean;
  onPage: (page: number) => void;
  texts: { label: string; previous: string; next: string; position: string };
}) {
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label={texts.label}>
      <button type="button" className="button" disabled={page <= 1 || isBusy} onClick={() => onPage(page - 1)}>
        {texts.previous}
      </button>
      <span>{texts.position}</span>
      <button type="button" className="button" disabled={page >= pages || isBusy} onClick={() => onPage(page + 1)}>
        {texts.next}
      </button>
    </nav>
  );
}
