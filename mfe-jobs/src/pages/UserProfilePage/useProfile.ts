import { useCallback, useEffect, useState } from 'react';
import { api, DEAL_LIMITS, toApiError, type MessageKey, type PublicReview, type ReportReason, type ReviewReply, type UserProfile } from '@tasko/shared';
import { isSerialId } from '@tasko/shared/domain';

export type ProfileState = { status: 'loading' } | { status: 'notFound' } | { status: 'failed' } | { status: 'loaded'; profile: UserProfile };

/** An answer belongs to the id and attempt that asked for it; every other pair is still loading. */
const requestOf = (...parts: (string | number)[]) => parts.join('#');

/** A member's public profile by the id in the URL; a malformed or unknown id is "not found", never an error page. */
export function useProfile(id: string | undefined) {
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<{ request: string; state: ProfileState } | null>(null);

  useEffect(() => {
    if (!isSerialId(id)) return undefined;
    const request = requestOf(id, attempt);
    const controller = new AbortController();
    api.deal.profile(id, controller.signal).then(
      (profile) => setAnswer({ request, state: { status: 'loaded', profile } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const { statusCode } = toApiError(error);
        setAnswer({ request, state: { status: statusCode === 404 || statusCode === 400 ? 'notFound' : 'failed' } });
      },
    );
    return () => controller.abort();
  }, [id, attempt]);

  let state: ProfileState = { status: 'notFound' };
  if (isSerialId(id)) state = answer?.request === requestOf(id, attempt) ? answer.state : { status: 'loading' };
  return { state, retry: useCallback(() => setAttempt((n) => n + 1), []) };
}

export interface ReviewsPage {
  /** Whose reviews: a page of another member's never shows on this one's profile. */
  userId: string;
  page: number;
  reviews: PublicReview[];
  total: number;
}

/**
 * A member's published reviews, newest first, a page at a time (`DEAL_LIMITS.reviewsPageSize`). While the
 * next page loads, the one read last stays on screen; a failed page can be asked again.
 */
export function useReviews(id: string | undefined) {
  // Kept with the member it is of: following a review's author to their profile starts at their first page.
  const [paging, setPaging] = useState({ id, page: 1, attempt: 0 });
  const page = paging.id === id ? paging.page : 1;
  const attempt = paging.id === id ? paging.attempt : 0;
  const [answer, setAnswer] = useState<{ request: string; isFailed: boolean } | null>(null);
  const [shown, setShown] = useState<ReviewsPage | null>(null);

  useEffect(() => {
    if (!isSerialId(id)) return undefined;
    const request = requestOf(id, page, attempt);
    const controller = new AbortController();
    api.deal.reviewsOf(id, page, controller.signal).then(
      ({ reviews, total }) => {
        setShown({ userId: id, page, reviews, total });
        setAnswer({ request, isFailed: false });
      },
      () => {
        if (!controller.signal.aborted) setAnswer({ request, isFailed: true });
      },
    );
    return () => controller.abort();
  }, [id, page, attempt]);

  const isCurrent = isSerialId(id) && answer?.request === requestOf(id, page, attempt);
  const current = shown?.userId === id ? shown : null;
  return {
    page,
    pages: current ? Math.max(1, Math.ceil(current.total / DEAL_LIMITS.reviewsPageSize)) : 1,
    shown: current,
    isLoading: !isCurrent,
    isFailed: isCurrent && answer?.isFailed === true,
    goTo: useCallback((next: number) => setPaging({ id, page: next, attempt: 0 }), [id]),
    retry: useCallback(() => setPaging({ id, page, attempt: attempt + 1 }), [id, page, attempt]),
  };
}

export type ReplySending = { status: 'editing' } | { status: 'sending' } | { status: 'failed'; messageKey: MessageKey } | { status: 'sent'; reply: ReviewReply };

/**
 * The reviewed member's one public reply to a published review (docs/deal.md, "Reviews"). A refusal is kept
 * as its message key; the text itself stays with the form, so nothing typed is lost.
 */
export function useReplySending(reviewId: number) {
  const [sending, setSending] = useState<ReplySending>({ status: 'editing' });
  const send = useCallback(
    async (text: string) => {
      setSending({ status: 'sending' });
      try {
        setSending({ status: 'sent', reply: await api.deal.reply(reviewId, text) });
      } catch (error) {
        const problem = toApiError(error);
        setSending({ status: 'failed', messageKey: problem.fields?.text ?? problem.messageKey });
      }
    },
    [reviewId],
  );
  return { sending, send };
}

export type ReportSending =
  | { status: 'editing' }
  | { status: 'sending' }
  | { status: 'failed'; messageKey: MessageKey }
  | { status: 'sent'; outcome: 'thanks' | 'alreadyReported' };

/** A report of a published review, as a listing's: one per member, a second is "already reported", not an error. */
export function useReviewReport(reviewId: number) {
  const [sending, setSending] = useState<ReportSending>({ status: 'editing' });
  const send = useCallback(
    async (report: { reason: ReportReason; note?: string }) => {
      setSending({ status: 'sending' });
      try {
        await api.deal.reportReview(reviewId, report);
        setSending({ status: 'sent', outcome: 'thanks' });
      } catch (error) {
        const problem = toApiError(error);
        if (problem.messageKey === 'alreadyReported') setSending({ status: 'sent', outcome: 'alreadyReported' });
        else setSending({ status: 'failed', messageKey: problem.fields?.note ?? problem.fields?.reason ?? problem.messageKey });
      }
    },
    [reviewId],
  );
  return { sending, send };
}
