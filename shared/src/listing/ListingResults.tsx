import { useEffect, useRef, useState } from 'react';
import {
  changeSearch,
  pageCount,
  Pagination,
  RetryPanel,
  searchToParams,
  useTranslation,
  type ListingSearch,
  type OfferType,
} from '@tasko/shared';
import { Link } from '@tasko/shared/router';
import { ListingCard, ListingSkeletons } from './ListingCard';
import { LISTING_NS } from './listingNamespace';
import type { SearchResult } from './useListingSearch';

interface Props {
  result: SearchResult;
  offerType: OfferType;
  /** The page's translated failure text: jobs, tasks and services each say it their way (docs/product.md#messages). */
  failureText: string;
  onRetry: () => void;
  /** Another page asked for, with the cursor where it starts; the window goes back to its top. */
  onPage: (change: Pick<ListingSearch, 'page' | 'cursor'>) => void;
  /** Cards in a grid (services) rather than a list (jobs). */
  layout?: 'list' | 'grid';
  /** Bumped by a search from the search bar: the count takes the focus once that search's answer is in. */
  focusRequest?: number;
  /** The search shown: an empty answer's "did you mean" links to it with the words proposed. */
  search?: ListingSearch;
}

/** The answer of a search: skeletons while loading, the cards and paging, "No jobs found.", or an error with a retry. */
export function ListingResults({ result, offerType, failureText, onRetry, onPage, layout = 'list', focusRequest = 0, search }: Props) {
  const { t } = useTranslation(LISTING_NS);
  const { t: tc } = useTranslation('common');
  const listClass = `listing-list listing-list--${layout}`;
  const count = useRef<HTMLParagraphElement>(null);
  // A search or another page asked for, whose answer should take the focus when it comes (WCAG 2.4.3): the
  // control that asked is gone (the form is rebuilt) or far away (paging under the cards).
  const [pagedTimes, setPagedTimes] = useState(0);
  const asked = focusRequest + pagedTimes;
  const answered = useRef(asked);
  // The result on screen when the focus was asked for: the new URL can come a render later, so until then
  // the previous search's answer is still shown, and it must not take the focus that is meant for this one.
  const shownWhenAsked = useRef<SearchResult | null>(null);
  const isAnswered = result.status === 'succeeded' && result.page !== undefined;
  useEffect(() => {
    if (asked !== answered.current) {
      answered.current = asked;
      shownWhenAsked.current = result;
    }
    if (shownWhenAsked.current === null || shownWhenAsked.current === result || !isAnswered) return;
    shownWhenAsked.current = null;
    // The count at the top of the screen (under the sticky header, by scroll-padding), the cards below it.
    count.current?.focus({ preventScroll: true });
    count.current?.scrollIntoView?.({ block: 'start' });
  }, [asked, result, isAnswered]);
  const goTo = (change: Pick<ListingSearch, 'page' | 'cursor'>) => {
    onPage(change);
    setPagedTimes((n) => n + 1);
  };

  if (result.status === 'failed') {
    // A page number deeper than counting reaches, typed into the address: the way back, not "Try again".
    if (result.error?.messageKey === 'pageTooDeep') {
      return (
        <RetryPanel message={t('paging.tooDeep')} retryLabel={t('paging.backToFirst')} onRetry={() => goTo({ page: 1, cursor: '' })} />
      );
    }
    // A cursor mangled in a shared link: trying it again cannot help, the first page can.
    if (result.error?.messageKey === 'badCursor') {
      return (
        <RetryPanel message={tc('errors.badCursor')} retryLabel={t('paging.backToFirst')} onRetry={() => goTo({ page: 1, cursor: '' })} />
      );
    }
    return <RetryPanel message={failureText} retryLabel={t('retry')} onRetry={onRetry} />;
  }
  if (result.status === 'idle') return null;
  if (!result.page) {
    return (
      <>
        <p className="visually-hidden" role="status">
          {t('loading')}
        </p>
        <ul className={listClass}>
          <ListingSkeletons />
        </ul>
      </>
    );
  }

  const { jobs, total, page, pageSize, totalIsCapped = false, nextCursor, previousCursor, didYouMean } = result.page;
  const pages = pageCount(total, pageSize);
  const isLoading = result.status === 'loading';
  const isService = offerType === 'service';
  // `count` is the total, as the noun after it agrees with it ("21 задание", "שתי עבודות", "11 مهمة"). All of
  // them on this page: "5 jobs found" (never "Showing 1 of 1 job"); no results: the "No jobs found." alone.
  const isAllShown = !totalIsCapped && jobs.length === total;
  const showing = `paging.${isService ? 'showingServices' : 'showing'}${totalIsCapped ? 'Capped' : ''}` as const;
  const counted = isAllShown
    ? t(isService ? 'paging.foundServices' : 'paging.found', { count: total })
    : t(showing, { count: total, shown: jobs.length });
  const summary = jobs.length === 0 ? t(isService ? 'emptyServices' : 'empty') : counted;
  return (
    <div className="listing-results" aria-busy={isLoading}>
      <p ref={count} className={`listing-results__count${jobs.length === 0 ? ' listing-results__empty' : ''}`} role="status" tabIndex={-1}>
        {isLoading ? t('loading') : summary}
      </p>
      {jobs.length === 0 && didYouMean && search && (
        <p className="listing-results__did-you-mean">
          {t('search.didYouMean')}{' '}
          <Link to={{ search: `?${searchToParams(changeSearch(search, { q: didYouMean })).toString()}` }}>
            <bdi>{didYouMean}</bdi>
          </Link>
          {t('search.didYouMeanEnd')}
        </p>
      )}
      {jobs.length > 0 && (
        <ul className={listClass}>
          {jobs.map((listing) => (
            <ListingCard key={listing.job_id} listing={listing} />
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        pages={pages}
        isPagesCapped={totalIsCapped}
        hasNext={nextCursor !== undefined || page < pages}
        hasPrevious={page > 1}
        isBusy={isLoading}
        onPage={(target) => goTo({ page: target, cursor: (target > page ? nextCursor : previousCursor) ?? '' })}
        texts={{
          label: t('paging.label'),
          previous: t('paging.previous'),
          next: t('paging.next'),
          page: (where, isCapped) => t(isCapped ? 'paging.pageCapped' : 'paging.page', where),
        }}
      />
    </div>
  );
}
