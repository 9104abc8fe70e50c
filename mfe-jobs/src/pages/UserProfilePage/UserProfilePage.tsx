import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { Link, useParams } from '@tasko/shared/router';
import {
  DEAL_LIMITS,
  formatDate,
  formatNumber,
  Ltr,
  Pagination,
  RetryPanel,
  usePageMeta,
  userAtom,
  UserText,
  useLanguage,
  useLocalizedPath,
  useTranslation,
  type Language,
  type MessageKey,
  type PublicReview,
  type ReviewReply,
  type UserProfile,
} from '@tasko/shared';
import { RatingStars } from '@tasko/shared/ratingStars';
import { ReportFields, useReportDraft } from '@tasko/shared/reportFields';
import { JOB_NS } from '../../jobsNamespace';
import { formatMonthYear } from '../../formatMonthYear';
import { MemberAvatar, MemberFacts } from '../../memberCard';
import { errorText } from '../../errorText';
import { useProfile, useReplySending, useReviewReport, useReviews } from './useProfile';
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
  const user = useAtomValue(userAtom);
  // `info.id` is absent in a session stored before sign-in answers carried it: such a visitor is never the owner.
  const viewer: Viewer = { isSignedIn: user !== null, id: user?.info.id, isOwner: user?.info.id === profile.id };
  return (
    <article className="page page--narrow profile" aria-labelledby="profile-title">
      <header className="poster__who profile__head">
        <MemberAvatar
          name={name}
          picture={profile.picture}
          alt={t('profile.pictureAlt', { name })}
          size={80}
          className="profile__picture"
        />
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
      <Reviews userId={String(profile.id)} viewer={viewer} />
    </article>
  );
}

/** Who reads the profile: what they may do with its reviews (docs/deal.md, "Reviews"). */
interface Viewer {
  isSignedIn: boolean;
  id: number | undefined;
  /** The reviewed member: replies, never reports. */
  isOwner: boolean;
}

function Reviews({ userId, viewer }: { userId: string; viewer: Viewer }) {
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
            <ReviewItem key={review.id} review={review} language={language} viewer={viewer} />
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

function ReviewItem({ review, language, viewer }: { review: PublicReview; language: Language; viewer: Viewer }) {
  const { t } = useTranslation(JOB_NS);
  const localized = useLocalizedPath();
  const authorName = review.author.displayName || t('poster.anonymous');
  // The reply just sent shows in place, as a loaded one does; the page read next carries it from the server.
  const [sentReply, setSentReply] = useState<ReviewReply | null>(null);
  const reply = review.reply ?? sentReply;
  const replyBlock = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The form is gone: the keyboard goes to what it became.
    if (sentReply) replyBlock.current?.focus();
  }, [sentReply]);
  const canReply = viewer.isOwner && !reply;
  // The server refuses the author (403 forbidden) even when an old session cannot tell who that is.
  const canReport = viewer.isSignedIn && !viewer.isOwner && viewer.id !== review.author.id;
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
      {reply && (
        <div className="review__reply" ref={replyBlock} tabIndex={sentReply ? -1 : undefined}>
          <p className="review__reply-title">
            <span>{t('profile.reply')}</span>
            <time dateTime={reply.createdAt}>{formatDate(reply.createdAt, language)}</time>
          </p>
          <UserText block className="review__text">
            {reply.text}
          </UserText>
          {sentReply && <p role="status">{t('profile.replied')}</p>}
        </div>
      )}
      {canReply && <ReplyAction reviewId={review.id} onReplied={setSentReply} />}
      {canReport && <ReportReviewAction reviewId={review.id} />}
    </li>
  );
}

/** The counter shows from this share of the limit on, as on the apply form: below it, it is noise on a phone. */
const COUNTER_FROM = 0.8;

/**
 * The reviewed member's one public reply to a review (docs/deal.md, "Reviews"): a toggle opening a small form
 * in place. What was typed stays through a refusal and a closed form; sent, the reply takes the form's place.
 */
function ReplyAction({ reviewId, onReplied }: { reviewId: number; onReplied: (reply: ReviewReply) => void }) {
  const { t } = useTranslation(JOB_NS);
  const { t: tc } = useTranslation('common');
  const { language } = useLanguage();
  const { sending, send } = useReplySending(reviewId);
  const [isOpen, setIsOpen] = useState(false);
  const [text, setText] = useState('');
  const [isMissing, setIsMissing] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const id = useId();

  useEffect(() => {
    if (isOpen) field.current?.focus();
  }, [isOpen]);
  useEffect(() => {
    if (sending.status === 'sent') onReplied(sending.reply);
    // A refusal is read beside the field, with the keyboard on it.
    if (sending.status === 'failed') field.current?.focus();
  }, [sending, onReplied]);

  const close = () => {
    setIsOpen(false);
    toggle.current?.focus();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) {
      setIsMissing(true);
      field.current?.focus();
      return;
    }
    void send(trimmed);
  };

  const max = DEAL_LIMITS.replyTextMaxLength;
  const formId = `${id}-form`;
  const hintId = `${id}-hint`;
  const counterId = `${id}-count`;
  const errorId = `${id}-error`;
  const problem: MessageKey | null = isMissing ? 'replyRequired' : sending.status === 'failed' ? sending.messageKey : null;
  const isCounterShown = text.length >= max * COUNTER_FROM;
  const describedBy = [hintId, isCounterShown ? counterId : '', problem ? errorId : ''].filter(Boolean).join(' ');

  return (
    <div className="review__action">
      <button
        ref={toggle}
        type="button"
        className="button"
        aria-expanded={isOpen}
        aria-controls={isOpen ? formId : undefined}
        onClick={() => setIsOpen(!isOpen)}
      >
        {t('profile.replyAction')}
      </button>
      {isOpen && (
        <form id={formId} className="review__form" onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor={`${id}-text`}>{t('profile.replyLabel')}</label>
            <p id={hintId} className="review__hint">
              {t('profile.replyHint')}
            </p>
            <textarea
              ref={field}
              id={`${id}-text`}
              dir="auto"
              rows={4}
              maxLength={max}
              aria-required="true"
              aria-invalid={problem !== null}
              aria-describedby={describedBy}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setIsMissing(false);
              }}
            />
            {isCounterShown && (
              <p id={counterId} className="review__count">
                <Ltr>
                  <span aria-hidden="true">
                    {formatNumber(text.length, language)} / {formatNumber(max, language)}
                  </span>
                </Ltr>
                <span className="visually-hidden">
                  {t('apply.counter', { n: formatNumber(text.length, language), max: formatNumber(max, language) })}
                </span>
              </p>
            )}
            {problem && (
              <p id={errorId} className="review__error" role="alert">
                {errorText(tc, problem)}
              </p>
            )}
          </div>
          <div className="review__buttons">
            <button type="submit" className="button button--primary" disabled={sending.status === 'sending'}>
              {t('profile.replySend')}
            </button>
            <button type="button" className="button" onClick={close}>
              {t('profile.replyCancel')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

/**
 * "Report" on a review, for a signed-in member who neither wrote it nor is its subject: the report's fields
 * every report has (`ReportFields`) in a small form in place. Sent, or sent before
 * (409 alreadyReported), the form gives way to a status with the keyboard on it.
 */
function ReportReviewAction({ reviewId }: { reviewId: number }) {
  const { t } = useTranslation(JOB_NS);
  const { t: tc } = useTranslation('common');
  const { sending, send } = useReviewReport(reviewId);
  const [isOpen, setIsOpen] = useState(false);
  const draft = useReportDraft();
  const toggle = useRef<HTMLButtonElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const outcome = useRef<HTMLParagraphElement>(null);
  const id = useId();

  useEffect(() => {
    if (isOpen) form.current?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
  }, [isOpen]);
  useEffect(() => {
    if (sending.status === 'sent') outcome.current?.focus();
  }, [sending.status]);

  if (sending.status === 'sent') {
    return (
      <p ref={outcome} tabIndex={-1} className="alert alert--success review__outcome" role="status">
        {t(sending.outcome === 'thanks' ? 'profile.reportThanks' : 'profile.reportAlready')}
      </p>
    );
  }

  const close = () => {
    setIsOpen(false);
    toggle.current?.focus();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const report = draft.readyToSend();
    if (report) void send(report);
  };

  const formId = `${id}-form`;
  const titleId = `${id}-title`;

  return (
    <div className="review__action">
      <button
        ref={toggle}
        type="button"
        className="button"
        aria-expanded={isOpen}
        aria-controls={isOpen ? formId : undefined}
        onClick={() => setIsOpen(!isOpen)}
      >
        {t('profile.reportAction')}
      </button>
      {isOpen && (
        <form ref={form} id={formId} className="review__form" aria-labelledby={titleId} onSubmit={submit} noValidate>
          <h3 id={titleId}>{t('profile.reportTitle')}</h3>
          <ReportFields
            draft={draft}
            legend={t('profile.reportReason')}
            reasonText={(value) => t(`profile.reportReasons.${value}`)}
            noteLabel={t('profile.reportNote')}
            fieldClassName="field"
            countClassName="review__count"
            alertClassName="review__error"
            radioName={`${id}-reason`}
            noteRows={3}
          />
          {sending.status === 'failed' && (
            <p className="review__error" role="alert">
              {errorText(tc, sending.messageKey)}
            </p>
          )}
          <div className="review__buttons">
            <button type="submit" className="button button--primary" disabled={sending.status === 'sending'}>
              {t('profile.reportSend')}
            </button>
            <button type="button" className="button" onClick={close}>
              {t('profile.reportCancel')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
