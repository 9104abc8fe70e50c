import { Link, useParams } from '@tasko/shared/router';
import { listingStructuredData, listingTextAttributes, placeNameOf, Price, RetryPanel, usePageMeta, UserText, useLocalizedPath, useTranslation } from '@tasko/shared';
import { JOB_NS } from '../../jobsNamespace';
import { ContactSection } from './ContactSection';
import { Gallery } from './Gallery';
import { OwnerPanel } from './OwnerPanel';
import { PublisherBlock } from './PublisherBlock';
import { ReportAction } from './ReportAction';
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
  const listing = state.status === 'loaded' ? state.listing : null;
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
        {back}
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
  return (
    <article className="page page--narrow job" aria-labelledby="job-title">
      {back}
      <header>
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
          <span>{tc(listing.payment_type === 'hourly' ? 'price.hourly' : 'price.fixed')}</span>
        </p>
      </header>
      {isOwner && <OwnerPanel listing={listing} onChange={update} />}
      <Gallery photos={listing.image_url} title={title} />
      <section aria-labelledby="details-title">
        <h2 id="details-title">{t('job.details')}</h2>
        <UserText block className="job__description" {...listingTextAttributes(listing)}>
          {listing.description}
        </UserText>
        <dl className="job__details-list">
          <dt>{t('job.location')}</dt>
          <dd>
            {/* The place in the reader's language; the street as typed, in a direction of its own. */}
            <UserText>{placeNameOf(listing)}</UserText>
            {listing.location.address && (
              <>
                {', '}
                <UserText>{listing.location.address}</UserText>
              </>
            )}
          </dd>
        </dl>
      </section>
      <PublisherBlock listing={listing} />
      {/* The owner manages it (above); everyone else applies or gets in touch, and may report it. */}
      {!isOwner && (listing.status === 'active' ? <ContactSection listing={listing} title={title} /> : <p className="alert">{t('job.closed')}</p>)}
      {!isOwner && <ReportAction listingId={listing.job_id} />}
    </article>
  );
}
