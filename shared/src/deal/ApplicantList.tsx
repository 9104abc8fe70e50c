import { useEffect, useRef } from 'react';
import { Link } from '@tasko/shared/router';
import {
  api,
  formatDate,
  formatIsraeliPhone,
  internationalPhone,
  LiveNotice,
  Ltr,
  normalizeIsraeliPhone,
  useLanguage,
  useLocalizedPath,
  UserText,
  useTranslation,
  useUserEvent,
  type Application,
  type ApplicationStatus,
  type ListingApplication,
  type MessageKey,
  type OfferType,
} from '@tasko/shared';
import { ConfirmDialog } from '@tasko/shared/confirmDialog';
import {
  ApplicationMoveButtons,
  ApplicationStatusBadge,
  moveActionOf,
  OfferDeadline,
  withMove,
  type ApplicationMove,
} from './ApplicationStatus';
import { ShowMoreButton, useCursorList } from './cursorList';
import { DEAL_NS } from './dealNamespace';
import { RatingStars } from './RatingStars';
import { useApplicationMoves } from './useApplicationMoves';
import '../styles/deal.css';

type Applicants =
  { status: 'loading' } | { status: 'failed'; messageKey: MessageKey } | { status: 'loaded'; applications: ListingApplication[] };

/**
 * The owner's moves that are asked first: each ends the deal for good, a decline of an offer already made
 * (withdrawing it) included (docs/deal.md, "Hiring"). Making an offer is not: the owner can still withdraw it.
 */
const ASKED_MOVES = ['declined', 'cancelled'] as const satisfies readonly ApplicationStatus[];
type AskedMove = (typeof ASKED_MOVES)[number];
const isAsked = (status: ApplicationStatus): status is AskedMove => (ASKED_MOVES as readonly ApplicationStatus[]).includes(status);

export interface ApplicantListProps {
  /** The listing, whose owner is signed in (anyone else gets 404). */
  jobId: number;
  /** A job has applicants to hire, a service requests to accept: only the words differ. */
  offerType: OfferType;
  /** The level of each applicant's name heading, under the heading that names the listing. */
  headingLevel?: 3 | 4;
  /** Told how many applications there are once the whole list is shown (its last page), and whenever that changes. */
  onCountChange?: (count: number) => void;
}

/**
 * A listing's applicants for its owner (docs/deal.md, "Hiring"): each one's name (to their profile), rating,
 * message as they wrote it, phone when they shared it, where the application stands (an offer with the time it
 * lapses), the conversation, and the owner's moves from `nextStatuses(status, 'owner')`. A decline, a withdrawn
 * offer or a cancelled hire is asked first. A page at a time, the last activity first, "Show more" for the next.
 * Moves made elsewhere (the other tab, the applicant answering an offer) arrive through the event stream.
 */
export function ApplicantList({ jobId, offerType, headingLevel = 3, onCountChange }: ApplicantListProps) {
  const { t } = useTranslation(DEAL_NS);
  const { t: common } = useTranslation('common');
  const { language } = useLanguage();
  const localized = useLocalizedPath();
  const list = useRef<HTMLDivElement>(null);
  const pages = useCursorList<ListingApplication>({
    key: String(jobId),
    load: ({ cursor, signal }) =>
      api.deal.applicationsFor(jobId, { cursor, signal }).then((page) => ({ items: page.applications, nextCursor: page.nextCursor })),
    idOf: (application) => application.id,
    focusOf: (id) => list.current?.querySelector<HTMLElement>(`[data-application="${id}"] [data-control="name"]`),
  });
  const { state, retry: reload, refresh, update: updateList } = pages;
  let applicants: Applicants = { status: 'loading' };
  if (state.status === 'loaded') applicants = { status: 'loaded', applications: state.items };
  else if (state.status === 'failed') applicants = { status: 'failed', messageKey: state.error.messageKey };
  const Heading = headingLevel === 4 ? 'h4' : 'h3';

  // A count of the rows shown is the list's only while no page is left to load.
  const count = state.status === 'loaded' && state.nextCursor === null ? state.items.length : null;
  const countChanged = useRef(onCountChange);
  useEffect(() => {
    countChanged.current = onCountChange;
  });
  useEffect(() => {
    if (count !== null) countChanged.current?.(count);
  }, [count]);

  const setStatus = (id: number, moved: Pick<Application, 'status' | 'offerExpiresAt'>) =>
    updateList((shown) => shown.map((a) => (a.id === id ? withMove(a, moved) : a)));

  // A move made elsewhere changes its row where it is (a row does not jump away under the owner's hand); a new
  // applicant, or one on a page not shown yet, asks for the first page again (only its answer has their name and
  // message), which goes on top of the rows shown without a loading state in between.
  useUserEvent('application', ({ application }) => {
    if (application.jobId !== jobId || applicants.status !== 'loaded') return;
    if (applicants.applications.some((a) => a.id === application.id)) setStatus(application.id, application);
    else void refresh();
  });
  // The stream had more to replay than it could (docs/deal.md, "Live updates in the browser"): ask again.
  useUserEvent('resync', () => void refresh());

  const nameOf = (application: ListingApplication) => application.applicant.displayName || t('applicants.noName');
  const statusText = (status: ApplicationStatus) => t(`status.${offerType}.${status}`);

  const { pending, busyId, failures, notice, ask, cancel, confirm } = useApplicationMoves({
    send: async (application: ListingApplication, status: ApplicationMove) => {
      const moved = await api.deal.move(application.id, status);
      setStatus(application.id, moved);
      return moved.status;
    },
    movedText: (application, moved) => t('applicants.moved', { name: nameOf(application), status: statusText(moved) }),
    isAsked,
    container: list,
    focusTarget: (row, wish) => {
      if (!row) return null;
      const asker = wish.to === 'asker' ? row.querySelector<HTMLElement>(`[data-move="${wish.status}"]`) : null;
      return asker ?? row.querySelector<HTMLElement>('[data-move]') ?? row.querySelector<HTMLElement>('[data-control="name"]');
    },
  });

  const texts = {
    empty: t(`applicants.${offerType}.empty`),
    failed: t(`applicants.${offerType}.failed`),
  };

  return (
    <div ref={list} className="applicant-list">
      <LiveNotice notice={notice} />
      {applicants.status === 'loading' && <p role="status">{t('applicants.loading')}</p>}
      {applicants.status === 'failed' && (
        <div className="alert alert--error applicant-list__failure" role="alert">
          <p>
            {texts.failed} {common([`errors.${applicants.messageKey}`, 'errors.serverError'])}
          </p>
          <button type="button" className="button" onClick={reload}>
            {common('remoteError.retry')}
          </button>
        </div>
      )}
      {applicants.status === 'loaded' && applicants.applications.length === 0 && <p className="applicant-list__empty">{texts.empty}</p>}
      {applicants.status === 'loaded' && applicants.applications.length > 0 && (
        <ul className="applicant-list__items">
          {applicants.applications.map((application) => {
            const name = nameOf(application);
            const failure = failures[application.id];
            const isBusy = busyId === application.id;
            return (
              <li key={application.id} className="applicant" data-application={application.id} aria-busy={isBusy}>
                <div className="applicant__head">
                  <Heading className="applicant__name">
                    <Link to={localized(`/user/${application.applicant.id}`)} data-control="name">
                      <UserText>{name}</UserText>
                    </Link>
                  </Heading>
                  <RatingStars rating={application.applicant.rating} />
                  <ApplicationStatusBadge status={application.status} offerType={offerType} />
                </div>
                {application.status === 'offered' && (
                  <OfferDeadline expiresAt={application.offerExpiresAt} offerType={offerType} side="owner" />
                )}
                <p className="applicant__date">
                  <time dateTime={application.createdAt}>
                    {t(`applicants.${offerType}.sentOn`, { date: formatDate(application.createdAt, language) })}
                  </time>
                </p>
                <UserText block className="applicant__message">
                  {application.message}
                </UserText>
                {application.phone && <PhoneLine phone={application.phone} label={t('applicants.phone')} />}
                <div className="applicant__actions">
                  <Link
                    className="button"
                    to={localized(`/messages/${application.conversationId}`)}
                    aria-label={t('applicants.conversationLabel', { name })}
                  >
                    {t('applicants.conversation')}
                  </Link>
                  <ApplicationMoveButtons
                    status={application.status}
                    side="owner"
                    offerType={offerType}
                    subject={name}
                    isBusy={isBusy}
                    onMove={(status) => ask(application, status)}
                  />
                </div>
                {failure && (
                  <p className="alert alert--error" role="alert">
                    {t('applicants.moveFailed', { name, error: common([`errors.${failure}`, 'errors.serverError']) })}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <ShowMoreButton list={pages} label={t(`applicants.${offerType}.more`)} failedText={t('applicants.moreFailed')} />
      {pending && (
        <ConfirmDialog
          role="alertdialog"
          question={t(`confirm.${offerType}.${askedAction(pending.application.status, pending.status)}.question`)}
          subject={<UserText>{nameOf(pending.application)}</UserText>}
          detail={t(`confirm.${offerType}.${askedAction(pending.application.status, pending.status)}.detail`)}
          confirmLabel={t(`actions.${offerType}.${askedAction(pending.application.status, pending.status)}`)}
          cancelLabel={t('actions.back')}
          isDestructive
          onConfirm={confirm}
          onCancel={cancel}
        />
      )}
    </div>
  );
}

/** An asked move's words: declining an application already offered the job takes the offer back. */
function askedAction(from: ApplicationStatus, move: AskedMove): 'declined' | 'cancelled' | 'withdrawOffer' {
  const action = moveActionOf(from, move);
  return action === 'withdrawOffer' || action === 'cancelled' ? action : 'declined';
}

/** A shared phone as a link that calls it, in the national form people read; as typed if it is no Israeli number. */
function PhoneLine({ phone, label }: { phone: string; label: string }) {
  const national = normalizeIsraeliPhone(phone);
  const href = `tel:${national ? internationalPhone(national) : phone.replace(/[^\d+]/g, '')}`;
  return (
    <p className="applicant__phone">
      {label}{' '}
      <a href={href}>
        <Ltr>{national ? formatIsraeliPhone(national) : phone}</Ltr>
      </a>
    </p>
  );
}
