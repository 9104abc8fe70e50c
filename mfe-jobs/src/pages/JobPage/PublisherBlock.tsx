import { lazy, Suspense } from 'react';
import { Link } from '@tasko/shared/router';
import { formatDate, UserText, useLanguage, useLocalizedPath, useTranslation, type Language, type Listing } from '@tasko/shared';
import { formatTimeAgo } from '@tasko/shared/timeAgo';
import { JOB_NS } from '../../jobsNamespace';
import { formatMonthYear } from '../../formatMonthYear';
import { MemberAvatar, MemberFacts } from '../../memberCard';

// After the listing, never before it: the stars and their texts are not what a first visit waits for.
const PublisherRating = lazy(() => import(/* webpackChunkName: "job-publisher-rating" */ './PublisherRating'));

/** An edit within this long of posting is the posting itself, not worth an "Updated" line. */
const SAME_MOMENT_MS = 60_000;

/** When it happened, as a person says it ("2 hours ago"), the full date on hover and in the markup. */
function When({ iso, language }: { iso: string; language: Language }) {
  return (
    <time dateTime={iso} title={formatDate(iso, language)}>
      {formatTimeAgo(iso, language)}
    </time>
  );
}

/**
 * Who posted the listing, as much as anyone may know (the API's public `publisher`): first name and
 * initial (a link to their profile), their Google picture, their rating, since when they are here, how many
 * listings they have open, and that Google verified their email when it did. Then the listing's own record:
 * posted, updated, its number.
 */
export function PublisherBlock({ listing }: { listing: Listing }) {
  const { t } = useTranslation(JOB_NS);
  const { language } = useLanguage();
  const localized = useLocalizedPath();
  const { publisher } = listing;
  const name = publisher?.displayName || t('poster.anonymous');
  const updatedAt = listing.updated_at;
  const wasUpdated = updatedAt !== undefined && Date.parse(updatedAt) - Date.parse(listing.created_at) > SAME_MOMENT_MS;

  return (
    <section className="card poster" aria-labelledby="poster-title">
      <h2 id="poster-title">{t(listing.offerType === 'service' ? 'poster.titleService' : 'poster.title')}</h2>
      {publisher && (
        <>
          <div className="poster__who">
            <MemberAvatar name={name} picture={publisher.picture} />
            <div>
              <p className="poster__name">
                <Link to={localized(`/user/${listing.publisher_id}`)}>
                  <UserText>{name}</UserText>
                </Link>
              </p>
              {publisher.rating && (
                // The line's room is kept while the stars load, so nothing below it moves.
                <p className="poster__rating-line">
                  <Suspense fallback={null}>
                    <PublisherRating rating={publisher.rating} />
                  </Suspense>
                </p>
              )}
              <p className="poster__since">{t('poster.memberSince', { date: formatMonthYear(publisher.memberSince, language) })}</p>
            </div>
          </div>
          <MemberFacts activeListings={publisher.activeListings} emailVerified={publisher.emailVerified} />
        </>
      )}
      <dl className="job__details-list poster__record">
        <dt>{t('poster.posted')}</dt>
        <dd>
          <When iso={listing.created_at} language={language} />
        </dd>
        {wasUpdated && (
          <>
            <dt>{t('poster.updated')}</dt>
            <dd>
              <When iso={updatedAt} language={language} />
            </dd>
          </>
        )}
        <dt>{t('poster.number')}</dt>
        <dd>{listing.job_id}</dd>
      </dl>
    </section>
  );
}
