import { useCallback, useEffect, useState } from 'react';
import { api, toApiError, type Listing, type MessageKey } from '@tasko/shared';

export type EditedListing = { status: 'idle' } | { status: 'loading' } | { status: 'loaded'; listing: Listing } | { status: 'failed'; messageKey: MessageKey };

const isListingId = (editId: string) => /^\d{1,10}$/.test(editId);

/** An answer belongs to the id and attempt that asked for it; every other pair is still loading. */
const requestOf = (editId: string, attempt: number) => `${editId}#${attempt}`;

/**
 * `?edit=<id>`: the listing with its phone and email, which only its owner receives; anyone else, or an
 * unknown id, gets a message instead of the form.
 */
export function useEditedListing(editId: string | null): { state: EditedListing; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<{ request: string; state: EditedListing } | null>(null);

  useEffect(() => {
    if (!editId || !isListingId(editId)) return undefined;
    const request = requestOf(editId, attempt);
    const controller = new AbortController();
    api.getJob(editId, controller.signal).then(
      // The public read has no phone: this listing belongs to someone else.
      (listing) => setAnswer({ request, state: listing.phone === undefined ? { status: 'failed', messageKey: 'forbidden' } : { status: 'loaded', listing } }),
      (error: unknown) => {
        if (!controller.signal.aborted) setAnswer({ request, state: { status: 'failed', messageKey: toApiError(error).messageKey } });
      },
    );
    return () => controller.abort();
  }, [editId, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  // A new request (another id, a retry, or the same id again after none) forgets the earlier answer while
  // rendering, so an answer is never shown again for a request that is asked anew.
  const request = editId && isListingId(editId) ? requestOf(editId, attempt) : null;
  const [asked, setAsked] = useState(request);
  if (asked !== request) {
    setAsked(request);
    setAnswer(null);
  }

  let state: EditedListing;
  if (!editId) state = { status: 'idle' };
  else if (!isListingId(editId)) state = { status: 'failed', messageKey: 'jobNotFound' };
  else state = answer?.request === request ? answer.state : { status: 'loading' };
  return { state, retry };
}
