import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatNumber, pageCount, Pagination, placeNameOf, Price, RetryPanel, UserText, postFormPath, useLanguage, useLocalizedPath, usePageMeta, useTranslation, type Listing, LiveNotice, type Notice } from '@tasko/shared';
import { ACCOUNT_NS } from '../../accountNamespace';
import { ConfirmDialog } from './ConfirmDialog';
import { useMyListings, type ManageAction } from './useMyListings';
import '../account.css';

interface Pending {
  action: ManageAction;
  listing: Listing;
}

/** Each action: its confirmation question (if any), its success and failure messages (SPEC §4, §8). */
const MESSAGES: Record<ManageAction, { confirm?: string; done: string; failed: string }> = {
  close: { confirm: 'myPosts.confirmClose', done: 'myPosts.closed', failed: 'myPosts.closeFailed' },
  reactivate: { done: 'myPosts.reactivated', failed: 'myPosts.reactivateFailed' },
  delete: { confirm: 'myPosts.confirmDelete', done: 'myPosts.deleted', failed: 'myPosts.deleteFailed' },
};

export default function MyPostedJobsPage() {
  const { t } = useTranslation(ACCOUNT_NS);
  const { t: common } = useTranslation('common');
  const { language } = useLanguage();
  const localized = useLocalizedPath();
  const { state, reload, act, goToPage } = useMyListings();
  const heading = useRef<HTMLHeadingElement>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  usePageMeta(t('myPosts.title'));

  const run = async ({ action, listing }: Pending) => {
    setPending(null);
    setBusyId(listing.job_id);
    try {
      await act(action, listing.job_id);
      setNotice({ kind: 'success', text: t(MESSAGES[action].done) });
    } catch {
      setNotice({ kind: 'error', text: t(MESSAGES[action].failed) });
    } finally {
      setBusyId(null);
    }
  };

  const ask = (action: ManageAction, listing: Listing) => {
    setNotice(null);
    if (MESSAGES[action].confirm) setPending({ action, listing });
    else void run({ action, listing });
  };

  /** As the listing lists page: the new page starts at the top, and so does the focus. */
  const turnTo = (target: number) => {
    setNotice(null);
    goToPage(target);
    window.scrollTo({ top: 0 });
    heading.current?.focus();
  };

  return (
    <section className="page my-posts" aria-labelledby="my-posts-title">
      <header className="my-posts__header">
        <h1 id="my-posts-title" ref={heading} tabIndex={-1}>
          {t('myPosts.title')}
        </h1>
        <Link className="button button--primary" to={localized(postFormPath('post_job'))}>
          {t('myPosts.createNew')}
        </Link>
      </header>
      <LiveNotice notice={notice} />
      {state.status === 'loading' && <p role="status">{common('loading')}</p>}
      {state.status === 'failed' && (
        <RetryPanel message={t('myPosts.fetchFailed')} retryLabel={common('remoteError.retry')} onRetry={reload} />
      )}
      {state.status === 'loaded' && state.page.total === 0 && <p>{t('myPosts.empty')}</p>}
      {state.status === 'loaded' && state.page.total > 0 && (
        <p className="my-posts__count" role="status">
          {t('myPosts.paging.showing', { count: formatNumber(state.page.jobs.length, language), total: formatNumber(state.page.total, language) })}
        </p>
      )}
      {state.status === 'loaded' && state.page.jobs.length > 0 && (
        <ul className="my-posts__list">
          {state.page.jobs.map((listing) => (
            <li key={listing.job_id} className="card my-posts__item" aria-busy={busyId === listing.job_id}>
              <div className="my-posts__summary">
                <h2>
                  <Link to={localized(`/job/${listing.job_id}`)}>
                    <UserText>{listing.jobTitle || common('noTitle')}</UserText>
                  </Link>
                </h2>
                <p className="my-posts__meta">
                  <span className={`status status--${listing.status}`}>{common(`statuses.${listing.status}`)}</span>
                  <span>{common(`offerTypes.${listing.offerType}`)}</span>
                  <Price amount={listing.amount} paymentType={listing.payment_type} />
                  <UserText>{placeNameOf(listing)}</UserText>
                  {listing.hidden && <span className="status status--hidden">{t('myPosts.hidden')}</span>}
                </p>
                {listing.stats && (
                  <p className="my-posts__stats">
                    {t('myPosts.stats', { views: t('myPosts.views', { count: listing.stats.views }), reveals: t('myPosts.reveals', { count: listing.stats.reveals }) })}
                  </p>
                )}
                {listing.hidden && (
                  <p className="my-posts__hidden-note">
                    {t('myPosts.hiddenNote')} <Link to={localized('/contact')}>{t('myPosts.contactUs')}</Link>
                  </p>
                )}
              </div>
              <div className="my-posts__actions">
                <Link className="button" to={localized(`/post-job?edit=${listing.job_id}`)} aria-label={t('myPosts.editLabel', { title: listing.jobTitle || common('noTitle') })}>
                  {t('myPosts.edit')}
                </Link>
                {listing.status === 'active' ? (
                  <button type="button" className="button" disabled={busyId === listing.job_id} onClick={() => ask('close', listing)}>
                    {t('myPosts.close')}
                  </button>
                ) : (
                  <button type="button" className="button" disabled={busyId === listing.job_id} onClick={() => ask('reactivate', listing)}>
                    {t('myPosts.reactivate')}
                  </button>
                )}
                <button type="button" className="button button--danger" disabled={busyId === listing.job_id} onClick={() => ask('delete', listing)}>
                  {t('myPosts.delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {state.status === 'loaded' && <Pagination namespace={ACCOUNT_NS} keyPrefix="myPosts.paging" page={state.page.page} pages={pageCount(state.page.total, state.page.pageSize)} onPage={turnTo} />}
      {pending && (
        <ConfirmDialog
          question={t(MESSAGES[pending.action].confirm ?? '')}
          confirmLabel={t(pending.action === 'delete' ? 'myPosts.delete' : 'myPosts.close')}
          cancelLabel={t('myPosts.cancel')}
          onConfirm={() => void run(pending)}
          onCancel={() => setPending(null)}
        />
      )}
    </section>
  );
}
