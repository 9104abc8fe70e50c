import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from '@tasko/shared/router';
import type { TFunction } from '@tasko/shared';
import {
  api,
  digestTime,
  formatDate,
  RetryPanel,
  toApiError,
  UserText,
  useLanguage,
  useLocalizedPath,
  useTranslation,
  type Alert,
  LiveNotice,
} from '@tasko/shared';
import { useRemoteData } from '@tasko/shared/remoteData';
import { ACCOUNT_NS } from '../../accountNamespace';
import { useUndoableDelete } from './useUndoableDelete';

type AlertsState = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; alerts: Alert[] };

/** The user's alerts, newest first, and taking one off or back on the list; a failed read can be tried again. */
function useMyAlerts() {
  const { state: remote, retry, update } = useRemoteData('my-alerts', (signal) => api.alerts.list(signal));
  let state: AlertsState = { status: 'loading' };
  if (remote.status === 'ready') state = { status: 'loaded', alerts: remote.data };
  else if (remote.status === 'failed') state = { status: 'failed' };

  const takeOff = useCallback((id: number) => update((alerts) => alerts.filter((a) => a.id !== id)), [update]);
  /** Back where it was: at its place in the list as it was then, or last if the list has shrunk since. */
  const putBack = useCallback(
    ({ alert, index }: DeletedAlert) =>
      update((alerts) => (alerts.some((a) => a.id === alert.id) ? alerts : [...alerts.slice(0, index), alert, ...alerts.slice(index)])),
    [update],
  );

  return { state, takeOff, putBack, reload: retry };
}

interface DeletedAlert {
  alert: Alert;
  /** Its place in the list when it was deleted. */
  index: number;
}

async function deleteAlert({ alert }: DeletedAlert, { keepalive }: { keepalive: boolean }): Promise<void> {
  try {
    await api.alerts.remove(alert.id, { keepalive });
  } catch (error) {
    // Already gone (deleted in another tab): what the user wanted is done.
    if (toApiError(error).statusCode !== 404) throw error;
  }
}

interface Filter {
  label: string;
  value: string;
  /** Typed by the user: isolated from the page's direction. */
  isUserText: boolean;
}

/** An alert's filters in words: offer type, then text, place and category when it has them. */
function describe(alert: Alert, t: TFunction<typeof ACCOUNT_NS>, common: TFunction): { title: string; filters: Filter[] } {
  const filters: Filter[] = [
    ...(alert.q ? [{ label: t('alerts.text'), value: alert.q, isUserText: true }] : []),
    ...(alert.location ? [{ label: t('alerts.place'), value: alert.location, isUserText: true }] : []),
    ...(alert.category ? [{ label: t('alerts.category'), value: common(`categories.${alert.category}`), isUserText: false }] : []),
  ];
  return { title: t(filters.length ? `alerts.what.${alert.offerType}` : `alerts.all.${alert.offerType}`), filters };
}

/** "My alerts" on /settings: each alert in words, how often, since when, and Delete, with Undo. */
export function MyAlerts() {
  const { t } = useTranslation(ACCOUNT_NS);
  const { t: common } = useTranslation('common');
  const { language } = useLanguage();
  const localized = useLocalizedPath();
  const { state, takeOff, putBack, reload } = useMyAlerts();
  const heading = useRef<HTMLHeadingElement>(null);
  const undoButton = useRef<HTMLButtonElement>(null);
  const deleteButtons = useRef(new Map<number, HTMLButtonElement>());
  /** What the page said last about a deletion; while one can still be undone, it says so whatever this is. */
  const [outcome, setOutcome] = useState<'deleted' | 'restored' | 'failed' | null>(null);
  /** The alert brought back by Undo, whose Delete button takes the focus once it is in the list again. */
  const restoredId = useRef<number | null>(null);

  const alerts = state.status === 'loaded' ? state.alerts : null;
  /** Where a deleted alert was: the next one's Delete button, or the heading when none is left. */
  const focusWhereDeleted = (index: number) => {
    const next = alerts?.[Math.min(index, alerts.length - 1)];
    (next ? deleteButtons.current.get(next.id) : heading.current)?.focus();
  };
  const deletion = useUndoableDelete<DeletedAlert>({
    send: (deleted, options) => {
      // Undo goes away now: the keyboard on it would fall to <body>.
      if (undoButton.current && document.activeElement === undoButton.current) focusWhereDeleted(deleted.index);
      return deleteAlert(deleted, options);
    },
    onFailed: (deleted) => {
      putBack(deleted);
      setOutcome('failed');
    },
  });

  // The Delete button pressed is gone: the keyboard goes to Undo, the one thing it may want next.
  useEffect(() => {
    if (deletion.waiting) undoButton.current?.focus();
  }, [deletion.waiting]);
  useEffect(() => {
    if (restoredId.current === null || !alerts) return;
    deleteButtons.current.get(restoredId.current)?.focus();
    restoredId.current = null;
  }, [alerts]);

  const onDelete = (alert: Alert, index: number) => {
    takeOff(alert.id);
    deletion.schedule({ alert, index });
    setOutcome('deleted');
  };
  const onUndo = () => {
    const deleted = deletion.undo();
    if (!deleted) return;
    restoredId.current = deleted.alert.id;
    putBack(deleted);
    setOutcome('restored');
  };

  return (
    <section className="my-alerts" aria-labelledby="my-alerts-title">
      <h2 id="my-alerts-title" ref={heading} tabIndex={-1}>
        {t('alerts.title')}
      </h2>
      {/* One place in the grid for both: an empty live region still takes its gap. */}
      <div className="my-alerts__notices">
        <div className="my-alerts__status" role="status">
          {(deletion.waiting || outcome === 'deleted') && (
            <p className="alert alert--success">
              {t('alerts.deleted')}
              {deletion.waiting && (
                <button ref={undoButton} type="button" className="button my-alerts__undo" onClick={onUndo}>
                  {t('alerts.undo')}
                </button>
              )}
            </p>
          )}
          {!deletion.waiting && outcome === 'restored' && <p className="alert alert--success">{t('alerts.restored')}</p>}
        </div>
        <LiveNotice notice={outcome === 'failed' ? { kind: 'error', text: t('alerts.deleteFailed') } : null} />
      </div>
      {state.status === 'loading' && <p role="status">{common('loading')}</p>}
      {state.status === 'failed' && (
        <RetryPanel message={t('alerts.loadFailed')} retryLabel={common('remoteError.retry')} onRetry={reload} />
      )}
      {alerts?.length === 0 && (
        <div className="my-alerts__empty">
          <p>{t('alerts.empty')}</p>
          <p className="my-alerts__links">
            <Link to={localized('/tasks')}>{t('alerts.findJobs')}</Link>
            <Link to={localized('/services')}>{t('alerts.findServices')}</Link>
          </p>
        </div>
      )}
      {alerts && alerts.length > 0 && (
        <ul className="my-alerts__list">
          {alerts.map((alert, index) => {
            const { title, filters } = describe(alert, t, common);
            const what = [title, ...filters.map((f) => `${f.label}: ${f.value}`)].join(t('alerts.separator'));
            return (
              <li key={alert.id} className="card my-alerts__item">
                <div className="my-alerts__summary">
                  <h3>{title}</h3>
                  {filters.length > 0 && (
                    <dl className="my-alerts__filters">
                      {filters.map((filter) => (
                        <div key={filter.label}>
                          <dt>{filter.label}</dt>
                          <dd>{filter.isUserText ? <UserText>{filter.value}</UserText> : filter.value}</dd>
                        </div>
                      ))}
                    </dl>
                  )}
                  <p className="my-alerts__meta">
                    <span>{t(`alerts.frequency.${alert.frequency}`, { time: digestTime() })}</span>
                    <span>{t('alerts.since', { date: formatDate(alert.createdAt, language) })}</span>
                  </p>
                </div>
                <button
                  ref={(button) => {
                    if (button) deleteButtons.current.set(alert.id, button);
                    else deleteButtons.current.delete(alert.id);
                  }}
                  type="button"
                  className="button button--danger"
                  aria-label={t('alerts.deleteLabel', { what })}
                  onClick={() => onDelete(alert, index)}
                >
                  {t('alerts.delete')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
