import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from '@tasko/shared/router';
import type { TFunction } from '@tasko/shared';
import { api, digestTime, formatDate, RetryPanel, toApiError, UserText, useLanguage, useLocalizedPath, useTranslation, type Alert, LiveNotice, type Notice } from '@tasko/shared';
import { ACCOUNT_NS } from '../../accountNamespace';

type AlertsState = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; alerts: Alert[] };

/** The user's alerts, newest first, and their deletion; a failed read can be tried again. */
function useMyAlerts() {
  const [attempt, setAttempt] = useState(0);
  // Which request an answer belongs to: an answer to an earlier attempt reads as loading.
  const [answer, setAnswer] = useState<{ attempt: number; state: Exclude<AlertsState, { status: 'loading' }> } | null>(null);
  const state: AlertsState = answer?.attempt === attempt ? answer.state : { status: 'loading' };

  useEffect(() => {
    const controller = new AbortController();
    api.alerts.list(controller.signal).then(
      (alerts) => setAnswer({ attempt, state: { status: 'loaded', alerts } }),
      () => {
        if (!controller.signal.aborted) setAnswer({ attempt, state: { status: 'failed' } });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const remove = useCallback(async (id: number): Promise<void> => {
    try {
      await api.alerts.remove(id);
    } catch (error) {
      // Already gone (deleted in another tab): what the user wanted is done.
      if (toApiError(error).statusCode !== 404) throw error;
    }
    setAnswer((current) => (current?.state.status === 'loaded' ? { ...current, state: { status: 'loaded', alerts: current.state.alerts.filter((a) => a.id !== id) } } : current));
  }, []);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, remove, reload };
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

/** "My alerts" on /settings (issue 16): each alert in words, how often, since when, and Delete. */
export function MyAlerts() {
  const { t } = useTranslation(ACCOUNT_NS);
  const { t: common } = useTranslation('common');
  const { language } = useLanguage();
  const localized = useLocalizedPath();
  const { state, remove, reload } = useMyAlerts();
  const heading = useRef<HTMLHeadingElement>(null);
  const deleteButtons = useRef(new Map<number, HTMLButtonElement>());
  const [busyId, setBusyId] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  /** Where the deleted alert was: its Delete button is gone, so the keyboard moves to the next one. */
  const deletedAt = useRef<number | null>(null);

  const alerts = state.status === 'loaded' ? state.alerts : null;
  useEffect(() => {
    if (deletedAt.current === null || !alerts) return;
    const next = alerts[Math.min(deletedAt.current, alerts.length - 1)];
    deletedAt.current = null;
    (next ? deleteButtons.current.get(next.id) : heading.current)?.focus();
  }, [alerts]);

  const onDelete = async (alert: Alert, index: number) => {
    setNotice(null);
    setBusyId(alert.id);
    try {
      deletedAt.current = index;
      await remove(alert.id);
      setNotice({ kind: 'success', text: t('alerts.deleted') });
    } catch {
      deletedAt.current = null;
      setNotice({ kind: 'error', text: t('alerts.deleteFailed') });
    } finally {
      setBusyId(null);
    }
  };

  return (
    <section className="my-alerts" aria-labelledby="my-alerts-title">
      <h2 id="my-alerts-title" ref={heading} tabIndex={-1}>
        {t('alerts.title')}
      </h2>
      <LiveNotice notice={notice} />
      {state.status === 'loading' && <p role="status">{common('loading')}</p>}
      {state.status === 'failed' && <RetryPanel message={t('alerts.loadFailed')} retryLabel={common('remoteError.retry')} onRetry={reload} />}
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
              <li key={alert.id} className="card my-alerts__item" aria-busy={busyId === alert.id}>
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
                  disabled={busyId === alert.id}
                  onClick={() => void onDelete(alert, index)}
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
