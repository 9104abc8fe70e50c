import { useCallback, useEffect, useState } from 'react';
import { api, toApiError, useLanguage, type Listing } from '@tasko/shared';
import { isSerialId } from '@tasko/shared/domain';

export type JobState = { status: 'loading' } | { status: 'notFound' } | { status: 'failed' } | { status: 'loaded'; listing: Listing };

/** An answer belongs to the id and attempt that asked for it; every other pair is still loading. */
const requestOf = (id: string, attempt: number) => `${id}#${attempt}`;

/** One listing by the id in the URL; a malformed, unknown or deleted id is "not found", never an error page. */
export function useJob(id: string | undefined) {
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<{ request: string; state: JobState } | null>(null);
  // Its place is named in the page's language.
  const { language } = useLanguage();

  useEffect(() => {
    if (!isSerialId(id)) return undefined;
    const request = requestOf(id, attempt);
    const controller = new AbortController();
    api.getJob(id, controller.signal, language).then(
      (listing) => setAnswer({ request, state: { status: 'loaded', listing } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const { statusCode } = toApiError(error);
        setAnswer({ request, state: { status: statusCode === 404 || statusCode === 400 ? 'notFound' : 'failed' } });
      },
    );
    return () => controller.abort();
  }, [id, attempt, language]);

  let state: JobState = { status: 'notFound' };
  if (isSerialId(id)) state = answer?.request === requestOf(id, attempt) ? answer.state : { status: 'loading' };
  /**
   * The owner closed or reactivated it: the answer of that call, over what the page read (the call answers
   * the listing alone: the poster and `viewer_is_owner` of the page's own read stay; it changed just now).
   */
  const update = useCallback((changed: Listing) => {
    setAnswer((current) =>
      current?.state.status === 'loaded' && current.state.listing.job_id === changed.job_id
        ? { request: current.request, state: { status: 'loaded', listing: { ...current.state.listing, ...changed, updated_at: changed.updated_at ?? new Date().toISOString(), viewer_is_owner: current.state.listing.viewer_is_owner } } }
        : current,
    );
  }, []);
  return { state, retry: useCallback(() => setAttempt((n) => n + 1), []), update };
}
