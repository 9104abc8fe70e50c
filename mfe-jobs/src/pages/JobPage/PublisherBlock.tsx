import { lazy, Suspense, useState } from 'react';
import { Link } from '@tasko/shared/router';
import { formatDate, UserText, useLanguage, useLocalizedPath, useTranslation, type Language, type Listing } from '@tasko/shared';
import { formatTimeAgo } from '@tasko/shared/timeAgo';
import { JOB_NS } from '../../jobsNamespace';
import { formatMonthYear } from '../../formatMonthYear';

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

/** The poster's Google picture, or the first letter of their name when there is none or it does not load. */
function Avatar({ name, picture }: { name: string; picture?: string }) {
  const [hasFailed, setHasFailed] = useState(false);
  if (picture && !hasFailed) {
    // The name beside it says who this is: the picture adds nothing to read aloud.
    return <img className="poster__avatar" src={picture} alt="" width={56} height={56} loading="lazy" decoding="async" referrerPolicy="no-referrer" onError={() => setHasFailed(true)} />;
  }
  return (
    <span className="poster__avatar poster__avatar--initial" aria-hidden="true">
      {Array.from(name)[0] ?? '?'}
    </span>
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
            <Avatar name={name} picture={publisher.picture} />
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
          <ul className="poster__facts">
            <li>{publisher.activeListings === 0 ? t('poster.noActiveListings') : t('poster.activeListings', { count: publisher.activeListings })}</li>
            {publisher.emailVerified && (
              <li className="poster__verified">
                <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                  <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
                {t('poster.emailVerified')}
              </li>
            )}
          </ul>
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
