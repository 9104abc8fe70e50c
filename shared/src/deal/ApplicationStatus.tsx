import {
  localeOf,
  nextStatuses,
  useLanguage,
  useTranslation,
  type Application,
  type ApplicationStatus,
  type DealSide,
  type Language,
  type OfferType,
} from '@tasko/shared';
import { DEAL_NS } from './dealNamespace';
import '../styles/deal.css';

/** Where an application stands, in words fit for its listing: a job's applicant is "Hired", a service's request "Confirmed". */
export function ApplicationStatusBadge({ status, offerType }: { status: ApplicationStatus; offerType: OfferType }) {
  const { t } = useTranslation(DEAL_NS);
  return <span className={`deal-status deal-status--${status}`}>{t(`status.${offerType}.${status}`)}</span>;
}

/** A status an application is moved to: every status but `sent`, where each application starts (a lapsed offer returns to it by itself). */
export type ApplicationMove = Exclude<ApplicationStatus, 'sent'>;

/**
 * What a move means to the one who makes it, which names its button and its question: a move is its status,
 * except the owner's `offered → declined`, which takes back an offer (docs/deal.md, "Hiring").
 */
export type MoveAction = ApplicationMove | 'withdrawOffer';

export function moveActionOf(from: ApplicationStatus, move: ApplicationMove): MoveAction {
  return from === 'offered' && move === 'declined' ? 'withdrawOffer' : move;
}

/** `nextStatuses`, typed as moves: what `side` may do next, each with its button's words (`actions.<offerType>.<action>`). */
export function movesOf(status: ApplicationStatus, side: DealSide): ApplicationMove[] {
  return nextStatuses(status, side).filter((next): next is ApplicationMove => next !== 'sent');
}

/**
 * An application (a row of a list, a conversation's) with the status the server or the stream says it has now,
 * and the offer's lapse time while it is `offered` (an offer that lapsed or was answered has none).
 */
export function withMove<A extends { status: ApplicationStatus; offerExpiresAt?: string }>(
  row: A,
  moved: Pick<Application, 'status' | 'offerExpiresAt'>,
): A {
  return { ...row, status: moved.status, offerExpiresAt: moved.status === 'offered' ? moved.offerExpiresAt : undefined };
}

/** Moves that end something (a decline, a withdrawn offer, a cancelled hire, a withdrawal): asked first, and drawn as such. */
const ENDING_MOVES: readonly ApplicationMove[] = ['declined', 'offerDeclined', 'cancelled', 'withdrawn'];
/** The move each side is there for: offering (owner), accepting the offer (applicant). */
const LEADING_MOVES: readonly ApplicationMove[] = ['offered', 'hired'];

export function isEndingMove(move: ApplicationMove): boolean {
  return ENDING_MOVES.includes(move);
}

/**
 * The buttons of the moves `side` may make now, in the listing's words; each named with whom or what it is
 * about ("Offer the job: Dana K."), so a list of them reads well to a screen reader.
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
    const action = t(`actions.${offerType}.${moveActionOf(status, move)}`);
    const look = LEADING_MOVES.includes(move) ? 'button button--primary' : isEndingMove(move) ? 'button button--danger' : 'button';
    return (
      <button
        key={move}
        type="button"
        className={look}
        data-move={move}
        aria-label={t('actions.label', { action, name: subject })}
        aria-disabled={isBusy || undefined}
        onClick={() => onMove(move)}
      >
        {action}
      </button>
    );
  });
}

const deadlineFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * When an offer lapses, in the reader's language and time zone: the day, the month and the time ("23 November
 * at 14:00", "23 ноября в 14:00"); within `HIRE_OFFER_HOURS` (72 by default) the year goes without saying.
 */
export function formatOfferDeadline(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const locale = localeOf(language);
  let format = deadlineFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });
    deadlineFormats.set(locale, format);
  }
  return format.format(date);
}

/**
 * Until when an offer waits for the applicant's answer, said to each side in the listing's words: the
 * applicant is asked to answer by then, the owner told how long it stays open. Nothing without a date.
 */
export function OfferDeadline({
  expiresAt,
  offerType,
  side,
  id,
}: {
  expiresAt: string | undefined;
  offerType: OfferType;
  side: DealSide;
  id?: string;
}) {
  const { t } = useTranslation(DEAL_NS);
  const { language } = useLanguage();
  const deadline = expiresAt ? formatOfferDeadline(expiresAt, language) : '';
  if (!expiresAt || !deadline) return null;
  return (
    <p id={id} className="deal-offer">
      {t(`offer.${offerType}.${side}`, { deadline })}
    </p>
  );
}
