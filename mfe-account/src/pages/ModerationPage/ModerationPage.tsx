import { useRef, useState, type KeyboardEvent } from 'react';
import { Link } from '@tasko/shared/router';
import {
  type DailyCount,
  formatDate,
  formatNumber,
  LiveNotice,
  type ModerationAction,
  type ModerationActionKind,
  type Notice,
  type ReportedListing,
  RetryPanel,
  useLanguage,
  useLocalizedPath,
  usePageMeta,
  UserText,
  useTranslation,
} from '@tasko/shared';
import { ConfirmDialog } from '@tasko/shared/confirmDialog';
import { ACCOUNT_NS } from '../../accountNamespace';
import { ReportList } from './ReportList';
import { useModeration } from './useModeration';
import { ReportedContentSection } from './ReportedContentSection';
import '../account.css';

const TABS = ['reports', 'actions', 'stats'] as const;
type Tab = (typeof TABS)[number];

interface Pending {
  action: ModerationActionKind;
  item: ReportedListing;
}

export default function ModerationPage() {
  const { t } = useTranslation(ACCOUNT_NS);
  const { t: tc } = useTranslation('common');
  const localized = useLocalizedPath();
  const { state, reload, act } = useModeration();
  const [tab, setTab] = useState<Tab>('reports');
  const [pending, setPending] = useState<Pending | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  usePageMeta(state.status === 'notFound' ? tc('notFound.title') : t('moderation.title'));

  if (state.status === 'notFound') {
    // Exactly what any unknown page shows: the screen's existence is not revealed.
    return (
      <section className="page page--narrow">
        <h1>{tc('notFound.title')}</h1>
        <p>{tc('notFound.body')}</p>
        <Link to={localized('/')}>{tc('notFound.home')}</Link>
      </section>
    );
  }

  const onTabKey = (event: KeyboardEvent, index: number) => {
    const isRtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step = { ArrowRight: isRtl ? -1 : 1, ArrowLeft: isRtl ? 1 : -1 }[event.key];
    const target =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? TABS.length - 1
          : step !== undefined
            ? (index + step + TABS.length) % TABS.length
            : null;
    if (target === null) return;
    event.preventDefault();
    setTab(TABS[target] ?? 'reports');
    tabs.current[target]?.focus();
  };

  const run = async ({ action, item }: Pending) => {
    setPending(null);
    const target = action === 'hide' || action === 'restore' ? { listingId: item.listing.job_id } : { userId: item.publisher.id };
    try {
      await act(action, target);
      setNotice({ kind: 'success', text: t(`moderation.done.${action}`) });
    } catch {
      setNotice({ kind: 'error', text: t('moderation.actionFailed') });
    }
  };

  return (
    <section className="page moderation" aria-labelledby="moderation-title">
      <h1 id="moderation-title">{t('moderation.title')}</h1>
      <LiveNotice notice={notice} />
      <div role="tablist" aria-label={t('moderation.title')} className="tabs">
        {TABS.map((id, i) => (
          <button
            key={id}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            id={`tab-${id}`}
            type="button"
            role="tab"
            aria-selected={tab === id}
            aria-controls={`panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            className="tab"
            onClick={() => setTab(id)}
            onKeyDown={(e) => onTabKey(e, i)}
          >
            {t(`moderation.tabs.${id}`)}
          </button>
        ))}
      </div>
      {state.status === 'loading' && <p role="status">{tc('loading')}</p>}
      {state.status === 'failed' && <RetryPanel message={t('moderation.failed')} retryLabel={t('moderation.retry')} onRetry={reload} />}
      {state.status === 'loaded' && (
        <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} tabIndex={0}>
          {tab === 'reports' && (
            <>
              <ReportsPanel reports={state.reports} onAsk={setPending} />
              <ReportedContentSection />
            </>
          )}
          {tab === 'actions' && <ActionsPanel actions={state.actions} />}
          {tab === 'stats' && <StatsPanel days={state.days} />}
        </div>
      )}
      {pending && (
        <ConfirmDialog
          question={t(`moderation.confirm.${pending.action}`, {
            title: pending.item.listing.jobTitle || tc('noTitle'),
            email: pending.item.publisher.email,
          })}
          confirmLabel={t(`moderation.actionsLabels.${pending.action}`)}
          cancelLabel={t('myPosts.cancel')}
          onConfirm={() => void run(pending)}
          onCancel={() => setPending(null)}
        />
      )}
    </section>
  );
}

function ReportsPanel({ reports, onAsk }: { reports: ReportedListing[]; onAsk: (pending: Pending) => void }) {
  const { t } = useTranslation(ACCOUNT_NS);
  const { t: tc } = useTranslation('common');
  const { language } = useLanguage();
  const localized = useLocalizedPath();
  if (reports.length === 0) return <p>{t('moderation.noReports')}</p>;
  return (
    <ol className="my-posts__list">
      {reports.map((item) => (
        <li key={item.listing.job_id} className="card my-posts__item moderation__item">
          <h2>
            <Link to={localized(`/job/${item.listing.job_id}`)}>
              <UserText>{item.listing.jobTitle || tc('noTitle')}</UserText>
            </Link>
          </h2>
          <p className="my-posts__meta">
            <strong>{t('moderation.reportCount', { formatted: formatNumber(item.reportCount, language) })}</strong>
            <span className={`status status--${item.listing.status}`}>{tc(`statuses.${item.listing.status}`)}</span>
            {item.listing.hidden && <span className="status status--hidden">{t('moderation.hidden')}</span>}
          </p>
          <p className="my-posts__meta">
            {t('moderation.publisher')} <UserText>{item.publisher.name}</UserText> <bdi dir="ltr">{item.publisher.email}</bdi>
            {item.publisher.blocked && <span className="status status--hidden">{t('moderation.blocked')}</span>}
          </p>
          <ReportList reports={item.reports} />
          <div className="my-posts__actions">
            <button type="button" className="button" onClick={() => onAsk({ action: item.listing.hidden ? 'restore' : 'hide', item })}>
              {t(`moderation.actionsLabels.${item.listing.hidden ? 'restore' : 'hide'}`)}
            </button>
            <button
              type="button"
              className="button button--danger"
              onClick={() => onAsk({ action: item.publisher.blocked ? 'unblock' : 'block', item })}
            >
              {t(`moderation.actionsLabels.${item.publisher.blocked ? 'unblock' : 'block'}`)}
            </button>
          </div>
        </li>
      ))}
    </ol>
  );
}

function ActionsPanel({ actions }: { actions: ModerationAction[] }) {
  const { t } = useTranslation(ACCOUNT_NS);
  const { language } = useLanguage();
  if (actions.length === 0) return <p>{t('moderation.noActions')}</p>;
  return (
    <table className="moderation__table">
      <caption className="visually-hidden">{t('moderation.tabs.actions')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('moderation.columns.when')}</th>
          <th scope="col">{t('moderation.columns.who')}</th>
          <th scope="col">{t('moderation.columns.what')}</th>
          <th scope="col">{t('moderation.columns.target')}</th>
        </tr>
      </thead>
      <tbody>
        {actions.map((a) => (
          <tr key={a.id}>
            <td>
              <time dateTime={a.at}>
                {new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(a.at))}
              </time>
            </td>
            <td>
              <bdi dir="ltr">{a.adminEmail}</bdi>
            </td>
            <td>{t(`moderation.actionsLabels.${a.action}`)}</td>
            <td>{a.listingId !== null ? t('moderation.listingNumber', { id: a.listingId }) : <bdi dir="ltr">{a.userEmail}</bdi>}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function StatsPanel({ days }: { days: DailyCount[] }) {
  const { t } = useTranslation(ACCOUNT_NS);
  const { language } = useLanguage();
  if (days.length === 0) return <p>{t('moderation.noStats')}</p>;
  const n = (value: number) => formatNumber(value, language);
  return (
    <table className="moderation__table">
      <caption>{t('moderation.statsCaption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('moderation.columns.day')}</th>
          <th scope="col">{t('moderation.columns.language')}</th>
          <th scope="col">{t('moderation.columns.visits')}</th>
          <th scope="col">{t('moderation.columns.pageViews')}</th>
          <th scope="col">{t('moderation.columns.searches')}</th>
          <th scope="col">{t('moderation.columns.posts')}</th>
        </tr>
      </thead>
      <tbody>
        {days.map((d) => (
          <tr key={`${d.day}-${d.language}`}>
            <td>
              <time dateTime={d.day}>{formatDate(d.day, language)}</time>
            </td>
            <td>{d.language}</td>
            <td>{n(d.visits)}</td>
            <td>{n(d.pageViews)}</td>
            <td>{n(d.searches)}</td>
            <td>{n(d.posts)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
