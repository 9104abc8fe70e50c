import { useRef } from 'react';
import { Link } from '@tasko/shared/router';
import {
  formatDate,
  LiveNotice,
  RetryPanel,
  useLanguage,
  useLocalizedPath,
  usePageMeta,
  UserText,
  useTranslation,
  type ApplicationStatus,
  type MyApplication,
} from '@tasko/shared';
import { ConfirmDialog } from '@tasko/shared/confirmDialog';
import { ShowMoreButton } from '@tasko/shared/cursorList';
import {
  ApplicationMoveButtons,
  ApplicationStatusBadge,
  DEAL_NS,
  OfferDeadline,
  useApplicationMoves,
  type ApplicationMove,
} from '@tasko/shared/deal';
import { ACCOUNT_NS } from '../../accountNamespace';
import { useMyApplications } from './useMyApplications';
import '../account.css';

/** The applicant's moves that are asked first: each ends the application for good (docs/deal.md, "My applications"). */
const ASKED_MOVES = ['withdrawn', 'offerDeclined'] as const satisfies readonly ApplicationStatus[];
type AskedMove = (typeof ASKED_MOVES)[number];
const isAsked = (status: ApplicationStatus): status is AskedMove => (ASKED_MOVES as readonly ApplicationStatus[]).includes(status);

/**
 * The jobs I applied to and the services I requested (docs/deal.md, "My applications"): where each stands, the
 * conversation it opened, and the applicant's moves: accepting an offer (at once), declining it or withdrawing
 * (asked first: neither can be undone). A page at a time, the last activity first.
 */
export default function MyApplicationsPage() {
  // The deal's words (statuses, moves) load with the page's own, in one wait.
  const { t } = useTranslation([ACCOUNT_NS, DEAL_NS]);
  const { t: deal } = useTranslation(DEAL_NS);
  const { t: common } = useTranslation('common');
  const { language } = useLanguage();
  const localized = useLocalizedPath();
  const page = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const { state, list, reload, move } = useMyApplications(page);
  usePageMeta(t('myApplications.title'));

  const titleOf = (application: MyApplication) => application.job.title || common('noTitle');

  const { pending, busyId, failures, notice, ask, cancel, confirm } = useApplicationMoves({
    send: (application: MyApplication, status: ApplicationMove) => move(application.id, status),
    movedText: (application, moved) =>
      t('myApplications.moved', { title: titleOf(application), status: deal(`status.${application.job.offerType}.${moved}`) }),
    isAsked,
    container: page,
    // The button that asked while it is there, else the row's title (never the next move: after accepting, that
    // would be withdrawing), else the page's heading.
    focusTarget: (row, wish) =>
      (wish.to === 'asker' ? row?.querySelector<HTMLElement>(`[data-move="${wish.status}"]`) : null) ??
      row?.querySelector<HTMLElement>('[data-control="title"]') ??
      heading.current,
  });

  return (
    <section ref={page} className="page my-applications" aria-labelledby="my-applications-title">
      <h1 id="my-applications-title" ref={heading} tabIndex={-1}>
        {t('myApplications.title')}
      </h1>
      <p className="page__intro">{t('myApplications.intro')}</p>
      <LiveNotice notice={notice} />
      {state.status === 'loading' && <p role="status">{common('loading')}</p>}
      {state.status === 'failed' && (
        <RetryPanel message={t('myApplications.fetchFailed')} retryLabel={common('remoteError.retry')} onRetry={reload} />
      )}
      {state.status === 'loaded' && state.applications.length === 0 && (
        <div className="my-applications__empty">
          <p>{t('myApplications.empty')}</p>
          <Link className="button button--primary" to={localized('/tasks')}>
            {t('myApplications.browse')}
          </Link>
        </div>
      )}
      {state.status === 'loaded' && state.applications.length > 0 && (
        <ul className="my-applications__list">
          {state.applications.map((application) => {
            const { job } = application;
            const title = titleOf(application);
            const failure = failures[application.id];
            return (
              <li
                key={application.id}
                className="card my-applications__item"
                data-application={application.id}
                aria-busy={busyId === application.id}
              >
                <h2>
                  {/* A deleted listing has no page to go to: its title stays, as plain text. */}
                  {job.status === 'deleted' ? (
                    <UserText>{title}</UserText>
                  ) : (
                    <Link to={localized(`/job/${job.id}`)} data-control="title">
                      <UserText>{title}</UserText>
                    </Link>
                  )}
                </h2>
                <p className="my-applications__meta">
                  <ApplicationStatusBadge status={application.status} offerType={job.offerType} />
                  <span>{common(`offerTypes.${job.offerType}`)}</span>
                  <time dateTime={application.createdAt}>
                    {t('myApplications.sentOn', { date: formatDate(application.createdAt, language) })}
                  </time>
                </p>
                {application.status === 'offered' && (
                  <OfferDeadline expiresAt={application.offerExpiresAt} offerType={job.offerType} side="applicant" />
                )}
                {job.status !== 'active' && (
                  <p className="my-applications__note">
                    {job.status === 'deleted' ? t('myApplications.listingDeleted') : t('myApplications.listingClosed')}
                  </p>
                )}
                <div className="my-applications__actions">
                  <Link
                    className="button"
                    to={localized(`/messages/${application.conversationId}`)}
                    aria-label={t('myApplications.conversationLabel', { title })}
                  >
                    {t('myApplications.conversation')}
                  </Link>
                  <ApplicationMoveButtons
                    status={application.status}
                    side="applicant"
                    offerType={job.offerType}
                    subject={title}
                    isBusy={busyId === application.id}
                    onMove={(status) => ask(application, status)}
                  />
                </div>
                {failure && (
                  <p className="alert alert--error" role="alert">
                    {t('myApplications.moveFailed', { title, error: common([`errors.${failure}`, 'errors.serverError']) })}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <ShowMoreButton list={list} label={t('myApplications.more')} failedText={t('myApplications.moreFailed')} />
      {pending && (
        <ConfirmDialog
          role="alertdialog"
          question={
            pending.status === 'withdrawn'
              ? t(`myApplications.confirmWithdraw.${pending.application.job.offerType}`)
              : deal(`confirm.${pending.application.job.offerType}.offerDeclined.question`)
          }
          subject={<UserText>{titleOf(pending.application)}</UserText>}
          detail={
            pending.status === 'withdrawn'
              ? t(`myApplications.confirmWithdrawDetail.${pending.application.job.offerType}`)
              : deal(`confirm.${pending.application.job.offerType}.offerDeclined.detail`)
          }
          confirmLabel={deal(`actions.${pending.application.job.offerType}.${pending.status}`)}
          cancelLabel={deal('actions.back')}
          isDestructive
          onConfirm={confirm}
          onCancel={cancel}
        />
      )}
    </section>
  );
}
