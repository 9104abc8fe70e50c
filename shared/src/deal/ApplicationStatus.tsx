import { nextStatuses, useTranslation, type ApplicationStatus, type DealSide, type OfferType } from '@tasko/shared';
import { DEAL_NS } from './dealNamespace';
import '../styles/deal.css';

/** Where an application stands, in words fit for its listing: a job's applicant is "Hired", a service's request "Accepted". */
export function ApplicationStatusBadge({ status, offerType }: { status: ApplicationStatus; offerType: OfferType }) {
  const { t } = useTranslation(DEAL_NS);
  return <span className={`deal-status deal-status--${status}`}>{t(`status.${offerType}.${status}`)}</span>;
}

/** A status an application is moved to: any but `sent`, where every application starts. */
export type ApplicationMove = Exclude<ApplicationStatus, 'sent'>;

/** `nextStatuses`, typed as moves: what `side` may do next, each with its button's words (`actions.<offerType>.<move>`). */
export function movesOf(status: ApplicationStatus, side: DealSide): ApplicationMove[] {
  return nextStatuses(status, side).filter((next): next is ApplicationMove => next !== 'sent');
}
