import { useEffect, useRef } from 'react';
import { Link, useParams } from '@tasko/shared/router';
import { formatDate, Pagination, RetryPanel, usePageMeta, UserText, useLanguage, useLocalizedPath, useTranslation, type Language, type PublicReview, type UserProfile } from '@tasko/shared';
import { RatingStars } from '@tasko/shared/ratingStars';
import { JOB_NS } from '../../jobsNamespace';
import { formatMonthYear } from '../../formatMonthYear';
import { MemberAvatar, MemberFacts } from '../../memberCard';
import { useProfile, useReviews } from './useProfile';
import '../jobs.css';

/**
 * A member's public profile (docs/deal.md, "Profiles"): who they are as much as anyone may know, their
 * rating as a poster and as a worker, and their published reviews, newest first, a page at a time. Public,
 * but kept out of search engines (the route table's `isPrivate`): it is a person, not a listing.
 */
export default function UserProfilePage() {
  const { id } = useParams();
  const { t } = useTranslation(JOB_NS);
  const localized = useLocalizedPath();
  const { state, retry } = useProfile(id);
  const profile = state.status === 'loaded' ? state.profile : null;
  const name = profile ? profile.displayName || t('poster.anonymous') : undefined;
  usePageMeta(name ? t('profile.title', { name }) : state.status === 'notFound' ? t('profile.notFound') : undefined);

  if (state.status === 'loading') {
    return (
      <section className="page page--narrow" aria-busy="true">
        <p role="status">{t('profile.loading')}</p>
      </section>
    );
  }
  if (state.status === 'notFound') {
    return (
      <section className="page page--narrow">
        <h1>{t('profile.notFound')}</h1>
        <p>{t('profile.notFoundNext')}</p>
        <Link to={localized('/')} className="button">
          {t('job.backToJobs')}
        </Link>
      </section>
    );
  }
  if (state.status === 'failed' || !profile || !name) {
    return (
      <section className="page page--narrow">
        <RetryPanel message={t('profile.failed')} retryLabel={t('job.retry')} onRetry={retry} />
      </section>
    );
  }
  return <Profile profile={profile} name={name} />;
}

function Profile({ profile, name }: { profile: UserProfile; name: string }) {
  const { t } = useTranslation(JOB_NS);
  const { language } = useLanguage();
  const { rating } = profile;
  return (
    <article className="page page--narrow profile" aria-labelledby="profile-title">
      <header className="poster__who profile__head">
        <MemberAvatar name={name} picture={profile.picture} alt={t('profile.pictureAlt', { name })} size={80} className="profile__picture" />
        <div>
          <h1 id="profile-title">
            <UserText>{name}</UserText>
          </h1>
          <p className="poster__since">{t('poster.memberSince', { date: formatMonthYear(profile.memberSince, language) })}</p>
        </div>
      </header>
      <MemberFacts activeListings={profile.activeListings} emailVerified={profile.emailVerified} />
      <section className="card profile__rating" aria-labelledby="profile-rating-title">
        <h2 id="profile-rating-title">{t('profile.rating')}</h2>
        <dl className="job__details-list">
          <dt>{t('profile.overall')}</dt>
          <dd>
            <RatingStars rating={rating} />
          </dd>
          <dt>{t('profile.asPoster')}</dt>
          <dd>
            <RatingStars rating={rating.asPoster} />
          </dd>
          <dt>{t('profile.asWorker')}</dt>
          <dd>
            <RatingStars rating={rating.asWorker} />
          </dd>
        </dl>
      </section>
      <Reviews userId={String(profile.id)} />
    </article>
  );
}

function Reviews({ userId }: { userId: string }) {
  const { t } = useTranslation(JOB_NS);
  const { language } = useLanguage();
  const reviews = useReviews(userId);
  const heading = useRef<HTMLHeadingElement>(null);
  // Another page read: the keyboard starts at the top of the list, not on a button that may now be disabled.
  const isPaging = useRef(false);
  const shownPage = reviews.shown?.page;
  useEffect(() => {
    if (!isPaging.current || shownPage === undefined) return;
    isPaging.current = false;
    heading.current?.focus();
  }, [shownPage]);

  const goTo = (page: number) => {
    isPaging.current = true;
    reviews.goTo(page);
  };
  const shown = reviews.shown;

  return (
    <section className="profile__reviews" aria-labelledby="profile-reviews-title" aria-busy={reviews.isLoading}>
      <h2 id="profile-reviews-title" ref={heading} tabIndex={-1}>
        {t('profile.reviews')}
      </h2>
      {!shown && reviews.isLoading && <p role="status">{t('profile.reviewsLoading')}</p>}
      {reviews.isFailed && <RetryPanel message={t('profile.reviewsFailed')} retryLabel={t('job.retry')} onRetry={reviews.retry} />}
      {shown && shown.reviews.length === 0 && shown.page === 1 && <p>{t('profile.noReviews')}</p>}
      {shown && shown.reviews.length > 0 && (
        <ol className="profile__review-list">
          {shown.reviews.map((review) => (
            <ReviewItem key={review.id} review={review} language={language} />
          ))}
        </ol>
      )}
      {shown && (
        <Pagination
          page={reviews.page}
          pages={reviews.pages}
          isBusy={reviews.isLoading}
          onPage={goTo}
          texts={{
            label: t('profile.pages'),
            previous: t('profile.previous'),
            next: t('profile.next'),
            page: (where) => t('profile.page', where),
          }}
        />
      )}
    </section>
  );
}

function ReviewItem({ review, language }: { review: PublicReview; language: Language }) {
  const { t } = useTranslation(JOB_NS);
  const localized = useLocalizedPath();
  const authorName = review.author.displayName || t('poster.anonymous');
  return (
    <li className="card review">
      <p className="review__stars">
        <span aria-hidden="true">{'★'.repeat(review.rating) + '☆'.repeat(Math.max(0, 5 - review.rating))}</span>
        <span className="visually-hidden">{t('profile.stars', { rating: review.rating })}</span>
      </p>
      <p className="review__meta">
        <Link to={localized(`/user/${review.author.id}`)}>
          <UserText>{authorName}</UserText>
        </Link>
        <span>{t(review.role === 'poster' ? 'profile.asPoster' : 'profile.asWorker')}</span>
        <time dateTime={review.createdAt}>{formatDate(review.createdAt, language)}</time>
      </p>
      {review.text && (
        <UserText block className="review__text">
          {review.text}
        </UserText>
      )}
      {/* The reviewed member's one public answer (docs/deal.md, "Reviews"). */}
      {review.reply && (
        <div className="review__reply">
          <p className="review__reply-title">
            <span>{t('profile.reply')}</span>
            <time dateTime={review.reply.createdAt}>{formatDate(review.reply.createdAt, language)}</time>
          </p>
          <UserText block className="review__text">
            {review.reply.text}
          </UserText>
        </div>
      )}
    </li>
  );
}
