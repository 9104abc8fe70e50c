import { nextStatuses, useTranslation, type ApplicationStatus, type DealSide, type OfferType } from '@tasko/shared';
import { DEAL_NS } from './dealNamespace';
import '../styles/deal.css';

/** Where an application stands, in words fit for its listing: a job's applicant is "Hired", a service's request "Accepted". */
export function ApplicationStatusBadge({ status, offerType }: { status: ApplicationStatus; offerType: OfferType }) {
  const { t } = useTranslation(DEAL_NS);
  return <span className={`deal-status deal-status--${status}`}>{t(`status.${offerType}.${status}`)}</span>;
}

/** A status an application is moved to: every status but `sent`, where each application starts. */
export type ApplicationMove = Exclude<ApplicationStatus, 'sent'>;

/** `nextStatuses`, typed as moves: what `side` may do next, each with its button's words (`actions.<offerType>.<move>`). */
export function movesOf(status: ApplicationStatus, side: DealSide): ApplicationMove[] {
  return nextStatuses(status, side).filter((next): next is ApplicationMove => next !== 'sent');
}

/** Moves that end something (a decline, a cancelled hire, a withdrawal): asked first, and drawn as such. */
const ENDING_MOVES: readonly ApplicationMove[] = ['declined', 'cancelled', 'withdrawn'];

/**
 * The buttons of the moves `side` may make now, in the listing's words; each named with whom or what it is
 * about ("Hire: Dana K."), so a list of them reads well to a screen reader.
 */
export function ApplicationMoveButtons({
  status,
  side,
  offerType,
  subject,
  isBusy,
  onMove,
}: {
  status: ApplicationStatus;
  side: DealSide;
  offerType: OfferType;
  /** The applicant's name, or the listing's title. */
  subject: string;
  isBusy: boolean;
  onMove: (move: ApplicationMove) => void;
}) {
  const { t } = useTranslation(DEAL_NS);
  return movesOf(status, side).map((move) => {
    const action = t(`actions.${offerType}.${move}`);
    const look = move === 'hired' ? 'button button--primary' : ENDING_MOVES.includes(move) ? 'button button--danger' : 'button';
    return (
      <button key={move} type="button" className={look} data-move={move} aria-label={t('actions.label', { action, name: subject })} aria-disabled={isBusy || undefined} onClick={() => onMove(move)}>
        {action}
      </button>
    );
  });
}
