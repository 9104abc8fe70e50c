import { useCallback, useEffect, useState } from 'react';
import { api, toApiError, type Listing } from '@tasko/shared';

export type JobState = { status: 'loading' } | { status: 'notFound' } | { status: 'failed' } | { status: 'loaded'; listing: Listing };

/** Listing ids are positive 32-bit integers; anything else in the URL cannot name a listing. */
export function isListingId(id: string | undefined): id is string {
  return !!id && /^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2_147_483_647;
}

/** One listing by the id in the URL; a malformed, unknown or deleted id is "not found", never an error page. */
export function useJob(id: string | undefined) {
  const [state, setState] = useState<JobState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!isListingId(id)) {
      setState({ status: 'notFound' });
      return undefined;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    api.getJob(id, controller.signal).then(
      (listing) => setState({ status: 'loaded', listing }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const { statusCode } = toApiError(error);
        setState({ status: statusCode === 404 || statusCode === 400 ? 'notFound' : 'failed' });
      },
    );
    return () => controller.abort();
  }, [id, attempt]);

  return { state, retry: useCallback(() => setAttempt((n) => n + 1), []) };
}
