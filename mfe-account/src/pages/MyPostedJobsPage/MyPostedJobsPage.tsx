import { useEffect, useRef, useState } from 'react';
import { Link } from '@tasko/shared/router';
import { Trans } from 'react-i18next';
import {
  i18n,
  type Listing,
  LiveNotice,
  type Notice,
  pageCount,
  Pagination,
  placeNameOf,
  postFormPath,
  Price,
  RetryPanel,
  useLocalizedPath,
  usePageMeta,
  UserText,
  useTranslation,
} from '@tasko/shared';
import { ConfirmDialog } from '@tasko/shared/confirmDialog';
import { DEAL_NS } from '@tasko/shared/dealTexts';
import { ACCOUNT_NS } from '../../accountNamespace';
import { ListingApplicants } from './ListingApplicants';
import { useMyListings, type ManageAction, type MyListingsState } from './useMyListings';
import '../account.css';

interface ActionOn {
  action: ManageAction;
  listing: Listing;
}

/** Each action's success and failure messages (docs/product.md#posting-a-listing, "Editing and managing"). */
const MESSAGES = {
  close: { done: 'myPosts.closed', failed: 'myPosts.closeFailed' },
  reactivate: { done: 'myPosts.reactivated', failed: 'myPosts.reactivateFailed' },
  delete: { done: 'myPosts.deleted', failed: 'myPosts.deleteFailed' },
} as const satisfies Record<ManageAction, { done: string; failed: string }>;

/** The actions asked first: the question, and what the action does. */
const QUESTIONS = {
  close: { confirm: 'myPosts.confirmClose', detail: 'myPosts.confirmCloseDetail' },
  delete: { confirm: 'myPosts.confirmDelete', detail: 'myPosts.confirmDeleteDetail' },
} as const;

type AskedAction = keyof typeof QUESTIONS;

const isAsked = (action: ManageAction): action is AskedAction => action in QUESTIONS;

/** An action waiting for the owner's answer. */
interface Pending extends ActionOn {
  action: AskedAction;
}

/** The control of a listing card an action starts from: "Mark as closed" / "Reactivate" share one place. */
type CardControl = 'toggle' | 'delete';

/**
 * Where focus belongs after an action on a listing (WCAG 2.4.3): on the control it started from while the
 * listing is on the page, else (deleted) on the title of the listing that took its place, else the heading.
 */
interface FocusTarget {
  id: number;
  control: CardControl;
  /** The listing's place on the page when the action started. */
  index: number;
}

const controlOf = (action: ManageAction): CardControl => (action === 'delete' ? 'delete' : 'toggle');

function isFocusLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

export default function MyPostedJobsPage() {
  // The deal's texts (each card's applicants) load with the page's own, not as a second wait once the cards are in.
  const { t } = useTranslation([ACCOUNT_NS, DEAL_NS]);
  const { t: common } = useTranslation('common');
  const localized = useLocalizedPath();
  const { state, reload, act, goToPage } = useMyListings();
  const page = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  /** `isDue`: focus it at the next render; else it only catches focus that fell to <body> during the action. */
  const focusWish = useRef<{ target: FocusTarget; isDue: boolean } | null>(null);
  usePageMeta(t('myPosts.title'));

  const focusAfterRender = (target: FocusTarget) => {
    focusWish.current = { target, isDue: true };
  };

  // After each render: the dialog is gone and the card changed (or left), so the wished element exists now.
  useEffect(() => {
    const wish = focusWish.current;
    if (!wish || pending || state.status === 'loading') return;
    if (!wish.isDue && !(busyId !== null && isFocusLost())) return;
    wish.isDue = false;
    (elementFor(wish.target, state, page.current) ?? heading.current)?.focus();
  });

  const run = async ({ action, listing }: ActionOn) => {
    const target: FocusTarget = { id: listing.job_id, control: controlOf(action), index: indexOf(state, listing.job_id) };
    setPending(null);
    setBusyId(listing.job_id);
    focusAfterRender(target);
    try {
      await act(action, listing.job_id);
      setNotice({ kind: 'success', text: t(MESSAGES[action].done) });
    } catch {
      setNotice({ kind: 'error', text: t(MESSAGES[action].failed) });
    } finally {
      focusAfterRender(target);
      setBusyId(null);
    }
  };

  const ask = (action: ManageAction, listing: Listing) => {
    // The buttons stay focusable while their listing is busy (a disabled button drops focus to <body>).
    if (busyId === listing.job_id) return;
    setNotice(null);
    if (isAsked(action)) setPending({ action, listing });
    else void run({ action, listing });
  };

  const cancel = () => {
    if (!pending) return;
    focusAfterRender({ id: pending.listing.job_id, control: controlOf(pending.action), index: indexOf(state, pending.listing.job_id) });
    setPending(null);
  };

  /** As the listing lists page: the new page starts at the top, and so does the focus. */
  const turnTo = (target: number) => {
    setNotice(null);
    goToPage(target);
    window.scrollTo({ top: 0 });
    heading.current?.focus();
  };

  return (
    <section ref={page} className="page my-posts" aria-labelledby="my-posts-title">
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
          {/* All of them on this page: how many ("3 posts"), never "Showing 1 of 1 post". */}
          {state.page.jobs.length === state.page.total
            ? t('myPosts.paging.total', { count: state.page.total })
            : t('myPosts.paging.showing', { count: state.page.total, shown: state.page.jobs.length })}
        </p>
      )}
      {state.status === 'loaded' && state.page.jobs.length > 0 && (
        <ul className="my-posts__list">
          {state.page.jobs.map((listing) => (
            <li key={listing.job_id} className="card my-posts__item" aria-busy={busyId === listing.job_id} data-listing={listing.job_id}>
              <div className="my-posts__summary">
                <h2>
                  <Link to={localized(`/job/${listing.job_id}`)} data-control="title">
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
                    {t('myPosts.stats', {
                      views: t('myPosts.views', { count: listing.stats.views }),
                      reveals: t('myPosts.reveals', { count: listing.stats.reveals }),
                    })}
                  </p>
                )}
                {listing.hidden && (
                  <p className="my-posts__hidden-note">
                    <Trans i18n={i18n} t={t} i18nKey="myPosts.hiddenNote" components={{ contact: <Link to={localized('/contact')} /> }} />
                  </p>
                )}
              </div>
              <div className="my-posts__actions">
                <Link
                  className="button"
                  to={localized(`/post-job?edit=${listing.job_id}`)}
                  aria-label={t('myPosts.editLabel', { title: listing.jobTitle || common('noTitle') })}
                >
                  {common('listingActions.edit')}
                </Link>
                {listing.status === 'active' ? (
                  <button
                    type="button"
                    className="button"
                    data-control="toggle"
                    aria-disabled={busyId === listing.job_id || undefined}
                    onClick={() => ask('close', listing)}
                  >
                    {common('listingActions.close')}
                  </button>
                ) : (
                  <button
                    type="button"
                    className="button"
                    data-control="toggle"
                    aria-disabled={busyId === listing.job_id || undefined}
                    onClick={() => ask('reactivate', listing)}
                  >
                    {common('listingActions.reactivate')}
                  </button>
                )}
                <button
                  type="button"
                  className="button button--danger"
                  data-control="delete"
                  aria-disabled={busyId === listing.job_id || undefined}
                  onClick={() => ask('delete', listing)}
                >
                  {common('listingActions.delete')}
                </button>
              </div>
              <ListingApplicants listing={listing} />
            </li>
          ))}
        </ul>
      )}
      {state.status === 'loaded' && (
        <Pagination
          texts={{
            label: t('myPosts.paging.label'),
            previous: t('myPosts.paging.previous'),
            next: t('myPosts.paging.next'),
            page: (where) => t('myPosts.paging.page', where),
          }}
          page={state.page.page}
          pages={pageCount(state.page.total, state.page.pageSize)}
          onPage={turnTo}
        />
      )}
      {pending && (
        <ConfirmDialog
          role="alertdialog"
          question={t(QUESTIONS[pending.action].confirm)}
          subject={<UserText>{pending.listing.jobTitle || common('noTitle')}</UserText>}
          detail={t(QUESTIONS[pending.action].detail)}
          confirmLabel={common(pending.action === 'delete' ? 'listingActions.delete' : 'listingActions.close')}
          cancelLabel={t('myPosts.cancel')}
          isDestructive={pending.action === 'delete'}
          onConfirm={() => void run(pending)}
          onCancel={cancel}
        />
      )}
    </section>
  );
}

function indexOf(state: MyListingsState, id: number): number {
  return state.status === 'loaded' ? state.page.jobs.findIndex((listing) => listing.job_id === id) : -1;
}

/** The element a focus target names on the page as it is now rendered. */
function elementFor({ id, control, index }: FocusTarget, state: MyListingsState, page: HTMLElement | null): HTMLElement | null {
  if (!page || state.status !== 'loaded') return null;
  const own = page.querySelector<HTMLElement>(`[data-listing="${id}"] [data-control="${control}"]`);
  if (own) return own;
  const { jobs } = state.page;
  const successor = jobs[Math.max(index, 0)] ?? jobs[jobs.length - 1];
  return successor ? page.querySelector<HTMLElement>(`[data-listing="${successor.job_id}"] [data-control="title"]`) : null;
}
