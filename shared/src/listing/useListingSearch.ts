import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from '@tasko/shared/router';
// Through the package name: this entry is a federation singleton of its own, and must use the one API
// client, store and analytics queue of `@tasko/shared`, not copies.
import {
  api,
  changeSearch,
  searchFromParams,
  searchRequest,
  searchToParams,
  track,
  useLanguage,
  type ApiError,
  type ListingPage,
  type ListingSearch,
  type OfferType,
} from '@tasko/shared';
import { useRemoteData } from '@tasko/shared/remoteData';

export type SearchStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export interface SearchResult {
  status: SearchStatus;
  page?: ListingPage;
  error?: ApiError;
}

/**
 * The listing search of a page, driven by its URL: every change of the query string asks the API (the
 * previous request is aborted), and `update` writes the new search to the URL so Back and shared links work;
 * `submit` does the same for the search bar and asks the results to take the focus once they are in.
 */
export function useListingSearch(offerType: OfferType, options: { isIdleWithoutQuery?: boolean } = {}) {
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => searchFromParams(params), [params]);
  const key = searchToParams(search).toString();
  // /tasks waits for a first search (docs/product.md#search: idle, loading, succeeded, failed); the lists start
  // searching.
  const isIdle = options.isIdleWithoutQuery === true && key === '';
  // Places come named in the page's language: a change of language is a new request.
  const { language } = useLanguage();

  // One request per search (the same search is the same key), offer type and language; none while idle.
  const { state, latest, retry } = useRemoteData(isIdle ? null : [key, offerType, language].join('|'), (signal) => {
    // Facts about the search, never the words typed (they could name someone).
    track('search', {
      offerType,
      category: search.category,
      sort: search.sort,
      page: search.page,
      hasText: search.q !== '',
      hasLocation: search.location !== '',
    });
    return api.searchJobs(searchRequest(search, offerType, language), signal);
  });
  // The previous search's page stays on screen while the next one loads. One value per state, so a page can
  // tell this answer (or failure) from the next.
  const result = useMemo((): SearchResult => {
    if (state.status === 'idle') return { status: 'idle' };
    if (state.status === 'loading') return { status: 'loading', ...(latest ? { page: latest } : {}) };
    if (state.status === 'ready') return { status: 'succeeded', page: state.data };
    return { status: 'failed', error: state.error };
  }, [state, latest]);

  const update = useCallback(
    (change: Partial<ListingSearch>) => setParams(searchToParams(changeSearch(search, change))),
    [search, setParams],
  );
  // A search sent from the search bar rebuilds the form: the focus then moves to its results (WCAG 2.4.3).
  const [resultsFocusRequest, setResultsFocusRequest] = useState(0);
  const submit = useCallback(
    (change: Partial<ListingSearch>) => {
      // The same search sent again asks again: its answer, fresh, is what takes the focus.
      if (searchToParams(changeSearch(search, change)).toString() === key) retry();
      else update(change);
      setResultsFocusRequest((n) => n + 1);
    },
    [search, key, update, retry],
  );

  return { search, result, update, submit, retry, resultsFocusRequest };
}
