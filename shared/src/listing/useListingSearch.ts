import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from '@tasko/shared/router';
// Through the package name: this entry is a federation singleton of its own, and must use the one API
// client, store and analytics queue of `@tasko/shared`, not copies.
import { api, changeSearch, searchFromParams, searchRequest, searchToParams, toApiError, track, useLanguage, type ApiError, type ListingPage, type ListingSearch, type OfferType } from '@tasko/shared';

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
  // /tasks waits for a first search (SPEC §4: idle, loading, succeeded, failed); the lists start searching.
  const isIdle = options.isIdleWithoutQuery === true && key === '';
  const [result, setResult] = useState<SearchResult>({ status: isIdle ? 'idle' : 'loading' });
  const [attempt, setAttempt] = useState(0);
  // Places come named in the page's language: a change of language is a new request.
  const { language } = useLanguage();

  // One request per search (the same search is the same key), offer type and attempt. A new one resets the
  // result while rendering, so the page never shows the previous search's outcome as this one's.
  const request = [key, offerType, language, attempt, isIdle].join('|');
  const [asked, setAsked] = useState({ request, search, language });
  if (asked.request !== request) {
    setAsked({ request, search, language });
    setResult((previous) => (isIdle ? { status: 'idle' } : { status: 'loading', ...(previous.page ? { page: previous.page } : {}) }));
  }

  useEffect(() => {
    if (isIdle) return undefined;
    const { search, language } = asked;
    const controller = new AbortController();
    api
      .searchJobs(searchRequest(search, offerType, language), controller.signal)
      .then(
        (page) => setResult({ status: 'succeeded', page }),
        (error: unknown) => {
          if (!controller.signal.aborted) setResult({ status: 'failed', error: toApiError(error) });
        },
      );
    // Facts about the search, never the words typed (they could name someone).
    track('search', { offerType, category: search.category, sort: search.sort, page: search.page, hasText: search.q !== '', hasLocation: search.location !== '' });
    return () => controller.abort();
  }, [asked, offerType, isIdle]);

  const update = useCallback(
    (change: Partial<ListingSearch>) => setParams(searchToParams(changeSearch(search, change))),
    [search, setParams],
  );
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
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
