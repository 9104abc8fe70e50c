import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { api, DEAL_LIMITS, toApiError, useTranslation, type MessageKey } from '@tasko/shared';
import { StarRatingInput } from '@tasko/shared/deal';
import { ACCOUNT_NS } from '../../accountNamespace';

/** The counter shows from this many characters left. */
const COUNTER_FROM_REMAINING = 100;

type Sending =
  | { status: 'editing' }
  | { status: 'sending' }
  | { status: 'failed'; messageKey: MessageKey }
  /** Sent: published at once (the other side's review was in), or held until theirs or the window's end. */
  | { status: 'sent'; isPublished: boolean }
  /** The server will take no review from me for this deal: already written, or not (or no longer) allowed. */
  | { status: 'refused'; messageKey: 'alreadyReviewed' | 'reviewNotAllowed' };

/**
 * The review of a deal marked done (docs/deal.md, "Reviews"), in the thread: 1–5 stars and an optional text,
 * sent once. Double-blind, so the answer says when it will be seen.
 */
export function ReviewForm({
  applicationId,
  otherName,
  myReview,
}: {
  applicationId: number;
  otherName: string;
  myReview: { published: boolean } | null;
}) {
  const { t } = useTranslation(ACCOUNT_NS);
  const { t: common } = useTranslation('common');
  const id = useId();
  const outcome = useRef<HTMLParagraphElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const [rating, setRating] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [isRatingMissing, setIsRatingMissing] = useState(false);
  // Written on an earlier visit: where it stands, not the form again.
  const [sending, setSending] = useState<Sending>(myReview ? { status: 'sent', isPublished: myReview.published } : { status: 'editing' });
  const wasWrittenBefore = useRef(myReview !== null);
  const remaining = DEAL_LIMITS.reviewTextMaxLength - text.length;

  // The form is gone once answered: the keyboard goes to the answer, not to the page's start.
  useEffect(() => {
    if (wasWrittenBefore.current) return;
    if (sending.status === 'sent' || sending.status === 'refused') outcome.current?.focus();
  }, [sending.status]);

  if (sending.status === 'sent' || sending.status === 'refused') {
    return (
      <section className="review-form card" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{t('conversation.review.title')}</h2>
        <p ref={outcome} tabIndex={-1} className={sending.status === 'sent' ? 'alert alert--success' : 'alert alert--error'} role="status">
          {sending.status === 'refused'
            ? common(`errors.${sending.messageKey}`)
            : sending.isPublished
              ? t('conversation.review.published', { name: otherName })
              : t('conversation.review.sent', { name: otherName })}
        </p>
      </section>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.status === 'sending') return;
    if (rating === null) {
      setIsRatingMissing(true);
      form.current?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
      return;
    }
    setSending({ status: 'sending' });
    const trimmed = text.trim();
    try {
      const review = await api.deal.review(applicationId, { rating, ...(trimmed ? { text: trimmed } : {}) });
      setSending({ status: 'sent', isPublished: review.published });
    } catch (error) {
      const problem = toApiError(error);
      if (problem.messageKey === 'alreadyReviewed' || problem.messageKey === 'reviewNotAllowed')
        setSending({ status: 'refused', messageKey: problem.messageKey });
      else setSending({ status: 'failed', messageKey: problem.fields?.text ?? problem.fields?.rating ?? problem.messageKey });
    }
  };

  return (
    <section className="review-form card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('conversation.review.title')}</h2>
      <p className="review-form__lead">{t('conversation.review.lead', { name: otherName })}</p>
      <form ref={form} onSubmit={(event) => void submit(event)} noValidate>
        <StarRatingInput
          legend={t('conversation.review.rating')}
          value={rating}
          onChange={(stars) => {
            setRating(stars);
            setIsRatingMissing(false);
          }}
          {...(isRatingMissing ? { error: common('errors.ratingInvalid') } : {})}
        />
        <div className="conversation-field">
          <label htmlFor={`${id}-text`}>{t('conversation.review.text')}</label>
          <textarea
            id={`${id}-text`}
            dir="auto"
            rows={3}
            maxLength={DEAL_LIMITS.reviewTextMaxLength}
            value={text}
            aria-describedby={remaining <= COUNTER_FROM_REMAINING ? `${id}-count` : undefined}
            onChange={(event) => setText(event.target.value)}
          />
          {remaining <= COUNTER_FROM_REMAINING && (
            <span id={`${id}-count`} className="review-form__count">
              {t('conversation.charactersLeft', { count: remaining })}
            </span>
          )}
        </div>
        {sending.status === 'failed' && (
          <p className="alert alert--error" role="alert">
            {common(`errors.${sending.messageKey}`)}
          </p>
        )}
        <button type="submit" className="button button--primary" aria-disabled={sending.status === 'sending' || undefined}>
          {t('conversation.review.send')}
        </button>
      </form>
    </section>
  );
}
