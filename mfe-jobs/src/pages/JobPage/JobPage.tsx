import { lazy, Suspense, useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Link, useLocation, useNavigate, useParams } from '@tasko/shared/router';
import {
  isLoggedInAtom,
  listingOutcomeOf,
  listingStructuredData,
  listingTextAttributes,
  LiveNotice,
  PlaceAndAddress,
  Price,
  RetryPanel,
  usePageMeta,
  UserText,
  useLocalizedPath,
  useTranslation,
} from '@tasko/shared';
import { JOB_NS } from '../../jobsNamespace';
import { ApplySection, loadApplyForm } from './ApplySection';
import { ContactSection } from './ContactSection';
import { Gallery } from './Gallery';
import { OwnerPanel } from './OwnerPanel';
import { PublisherBlock } from './PublisherBlock';
import { ReportAction } from './ReportAction';

const NotFoundNextStep = lazy(() => import(/* webpackChunkName: "job-not-found" */ './NotFoundNextStep'));
const Applicants = lazy(() => import(/* webpackChunkName: "job-applicants" */ './Applicants'));
import { useJob } from './useJob';
import { useStructuredData } from './useStructuredData';
import '@tasko/shared/styles/listing.css';
import '../jobs.css';

export default function JobPage() {
  const { id } = useParams();
  const { t } = useTranslation(JOB_NS);
  const { t: tc } = useTranslation('common');
  const localized = useLocalizedPath();
  const { state, retry, update } = useJob(id);
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  // Signed in, the form's chunk comes beside the listing rather than after it (ApplySection keeps it lazy).
  useEffect(() => {
    if (isLoggedIn) loadApplyForm().catch(() => undefined);
  }, [isLoggedIn]);
  const listing = state.status === 'loaded' ? state.listing : null;
  const outcome = useListingOutcome(id, listing !== null);
  const title = listing ? listing.jobTitle || tc('noTitle') : undefined;
  usePageMeta(title ?? (state.status === 'notFound' ? t('job.notFound') : undefined), listing?.description.slice(0, 160));
  useStructuredData(listing ? listingStructuredData(listing, window.location.origin + window.location.pathname, tc('noTitle')) : null);
  const backTo = listing?.offerType === 'service' ? '/services' : '/';
  const back = (
    <Link to={localized(backTo)} className="job__back">
      {t(listing?.offerType === 'service' ? 'job.backToServices' : 'job.backToJobs')}
    </Link>
  );

  if (state.status === 'loading') {
    return (
      <section className="page page--narrow" aria-busy="true">
        <p role="status">{t('job.loading')}</p>
      </section>
    );
  }
  if (state.status === 'notFound') {
    return (
      <section className="page page--narrow">
        <h1>{t('job.notFound')}</h1>
        <Suspense fallback={null}>
          <NotFoundNextStep />
        </Suspense>
      </section>
    );
  }
  if (state.status === 'failed' || !listing || !title) {
    return (
      <section className="page page--narrow">
        <RetryPanel message={t('job.failed')} retryLabel={t('job.retry')} onRetry={retry} />
      </section>
    );
  }

  const isOwner = listing.viewer_is_owner === true;
  const outcomeText =
    outcome === 'saved'
      ? t('job.saved')
      : outcome === 'published'
        ? t(listing.offerType === 'service' ? 'job.publishedService' : 'job.published')
        : null;
  return (
    <article className="page page--narrow job" aria-labelledby="job-title">
      {back}
      <header>
        {/* In the header, not a row of the page's grid of its own: empty, it takes no room. */}
        <LiveNotice notice={outcomeText ? { kind: 'success', text: outcomeText } : null} />
        <p className="job__facts">
          <span>{tc(`offerTypes.${listing.offerType}`)}</span>
          <span>{tc(`categories.${listing.category}`)}</span>
          <span className={`status status--${listing.status}`}>{tc(`statuses.${listing.status}`)}</span>
          {listing.is_demo && <span className="job__demo">{t('job.demo')}</span>}
        </p>
        <h1 id="job-title" {...listingTextAttributes(listing)}>
          <UserText>{title}</UserText>
        </h1>
        <p className="job__facts">
          <Price className="job__price" amount={listing.amount} paymentType={listing.payment_type} />
          {/* The pay type said once: an hourly price carries its "/hour"; a bare sum does not say it is for the whole job. */}
          {listing.payment_type === 'fixed' && <span>{tc('price.fixed')}</span>}
        </p>
      </header>
      {isOwner && <OwnerPanel listing={listing} onChange={update} />}
      {isOwner && (
        <Suspense fallback={null}>
          <Applicants jobId={listing.job_id} offerType={listing.offerType} />
        </Suspense>
      )}
      <Gallery photos={listing.image_url} title={title} />
      <section aria-labelledby="details-title">
        <h2 id="details-title">{t('job.details')}</h2>
        <UserText block className="job__description" {...listingTextAttributes(listing)}>
          {listing.description}
        </UserText>
        <dl className="job__details-list">
          <dt>{t('job.location')}</dt>
          <dd>
            <PlaceAndAddress listing={listing} />
          </dd>
        </dl>
      </section>
      {/* The owner manages it (above); everyone else applies on the site or gets in touch, and may report it. */}
      {!isOwner &&
        (listing.status === 'active' ? (
          <>
            <ApplySection listing={listing} />
            <ContactSection listing={listing} title={title} />
          </>
        ) : (
          <p className="alert">{t('job.closed')}</p>
        ))}
      <PublisherBlock listing={listing} />
      {!isOwner && <ReportAction listingId={listing.job_id} />}
    </article>
  );
}

/**
 * What the posting form has just done ("published", "saved"), handed over in the router state: said once,
 * then taken out of the history entry, so a reload or coming back later does not say it again.
 */
function useListingOutcome(id: string | undefined, isShown: boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  // Kept with the listing it was said of: the page stays mounted when a link leads to another listing.
  const [said] = useState(() => ({ id, outcome: listingOutcomeOf(location.state) }));
  const hasState = listingOutcomeOf(location.state) !== null;
  useEffect(() => {
    if (hasState)
      navigate(
        { pathname: location.pathname, search: location.search, hash: location.hash },
        { replace: true, state: null, preventScrollReset: true },
      );
  }, [hasState, navigate, location.pathname, location.search, location.hash]);
  // Said once the listing's page is there, into a live region already on it: a region that arrives with its
  // text is not read out by every screen reader.
  const [isSaid, setSaid] = useState(false);
  useEffect(() => {
    if (!isShown) return undefined;
    const next = setTimeout(() => setSaid(true));
    return () => clearTimeout(next);
  }, [isShown]);
  return isSaid && said.id === id ? said.outcome : null;
}
