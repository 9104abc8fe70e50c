import { useCallback, useEffect } from 'react';
import { useSearchParams } from '@tasko/shared/router';
import { api, LIMITS, pageCount, useLanguage, type Listing, type ListingPage } from '@tasko/shared';
import { useRemoteData } from '@tasko/shared/remoteData';

export type MyListingsState = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; page: ListingPage };

export type ManageAction = 'close' | 'reactivate' | 'delete';

export const MY_POSTS_PAGE_SIZE = LIMITS.defaultPageSize;

/** `?page=n` as typed in the address bar: anything but a positive whole number is the first page. */
export function pageFromParams(params: URLSearchParams): number {
  const raw = params.get('page') ?? '';
  return /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : 1;
}

/**
 * The signed-in user's listings, one page at a time, the page in the URL (`?page=2`) so Back and a reload
 * keep it; and the owner actions, which update the page in place (a deletion reloads it, so the next
 * listing moves up and the total is the server's).
 */
export function useMyListings() {
  const [params, setParams] = useSearchParams();
  const page = pageFromParams(params);
  // Places are named in the page's language.
  const { language } = useLanguage();
  const {
    state: remote,
    retry,
    refresh,
    update,
  } = useRemoteData(`${page}:${language}`, (signal) => api.myJobs({ page, pageSize: MY_POSTS_PAGE_SIZE, language }, signal));
  let state: MyListingsState = { status: 'loading' };
  if (remote.status === 'ready') state = { status: 'loaded', page: remote.data };
  else if (remote.status === 'failed') state = { status: 'failed' };

  /** Another page: a new history entry, so Back returns to the page before. */
  const goToPage = useCallback(
    (target: number, options: { replace?: boolean } = {}) => {
      const next = new URLSearchParams(params);
      if (target > 1) next.set('page', String(target));
      else next.delete('page');
      setParams(next, options);
    },
    [params, setParams],
  );

  // A page past the end (an old link, or the last listing of the last page deleted): the last page instead.
  const lastPage = state.status === 'loaded' ? pageCount(state.page.total, state.page.pageSize) : page;
  useEffect(() => {
    if (state.status === 'loaded' && page > lastPage) goToPage(lastPage, { replace: true });
  }, [state.status, page, lastPage, goToPage]);

  const act = useCallback(
    async (action: ManageAction, id: number): Promise<void> => {
      if (action === 'delete') {
        await api.deleteJob(id);
        // At once: gone from the page and from the count.
        update((shown) => ({ ...shown, jobs: shown.jobs.filter((l) => l.job_id !== id), total: shown.total - 1 }));
        // The page again, refilled from the next one; if that fails, what is shown stays right.
        await refresh();
        return;
      }
      const updated: Listing = action === 'close' ? await api.closeJob(id, language) : await api.activateJob(id, language);
      update((shown) => ({ ...shown, jobs: shown.jobs.map((l) => (l.job_id === id ? updated : l)) }));
    },
    [update, refresh, language],
  );

  return { page, state, reload: retry, act, goToPage };
}
