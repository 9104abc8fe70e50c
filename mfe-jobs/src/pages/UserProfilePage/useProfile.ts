import { useCallback, useState } from 'react';
import {
  api,
  DEAL_LIMITS,
  toApiError,
  type MessageKey,
  type PublicReview,
  type ReportReason,
  type ReviewReply,
  type UserProfile,
} from '@tasko/shared';
import { useRemoteData } from '@tasko/shared/remoteData';
import { isSerialId } from '@tasko/shared/domain';

export type ProfileState =
  { status: 'loading' } | { status: 'notFound' } | { status: 'failed' } | { status: 'loaded'; profile: UserProfile };

/** A member's public profile by the id in the URL; a malformed or unknown id is "not found", never an error page. */
export function useProfile(id: string | undefined) {
  const { state: remote, retry } = useRemoteData(isSerialId(id) ? id : null, (signal, userId) => api.deal.profile(userId, signal));
  let state: ProfileState = { status: 'loading' };
  if (remote.status === 'idle') state = { status: 'notFound' };
  else if (remote.status === 'ready') state = { status: 'loaded', profile: remote.data };
  else if (remote.status === 'failed')
    state = { status: remote.error.statusCode === 404 || remote.error.statusCode === 400 ? 'notFound' : 'failed' };
  return { state, retry };
}

export interface ReviewsPage {
  /** Whose reviews: a page of another member's never shows on this one's profile. */
  userId: string;
  page: number;
  reviews: PublicReview[];
  total: number;
}

const readReviews = (userId: string, page: number, signal: AbortSignal): Promise<ReviewsPage> =>
  api.deal.reviewsOf(userId, page, signal).then(({ reviews, total }) => ({ userId, page, reviews, total }));

/**
 * A member's published reviews, newest first, a page at a time (`DEAL_LIMITS.reviewsPageSize`). While the
 * next page loads, the one read last stays on screen; a failed page can be asked again.
 */
export function useReviews(id: string | undefined) {
  // Kept with the member it is of: following a review's author to their profile starts at their first page.
  const [paging, setPaging] = useState({ id, page: 1 });
  const page = paging.id === id ? paging.page : 1;
  const userId = isSerialId(id) ? id : null;
  // Asked only for a serial id: without one the key is null.
  const { state, latest, retry } = useRemoteData(userId && `${userId}#${page}`, (signal) => readReviews(userId ?? '', page, signal));

  const current = latest?.userId === id ? latest : null;
  return {
    page,
    pages: current ? Math.max(1, Math.ceil(current.total / DEAL_LIMITS.reviewsPageSize)) : 1,
    shown: current,
    isLoading: state.status === 'loading' || state.status === 'idle',
    isFailed: state.status === 'failed',
    goTo: useCallback((next: number) => setPaging({ id, page: next }), [id]),
    retry,
  };
}

export type ReplySending =
  { status: 'editing' } | { status: 'sending' } | { status: 'failed'; messageKey: MessageKey } | { status: 'sent'; reply: ReviewReply };

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
