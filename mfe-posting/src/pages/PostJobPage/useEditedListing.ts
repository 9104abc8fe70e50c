import { useCallback, useEffect, useState } from 'react';
import { api, toApiError, type Listing, type MessageKey } from '@tasko/shared';

export type EditedListing = { status: 'idle' } | { status: 'loading' } | { status: 'loaded'; listing: Listing } | { status: 'failed'; messageKey: MessageKey };

/**
 * `?edit=<id>`: the listing with its phone and email, which only its owner receives; anyone else, or an
 * unknown id, gets a message instead of the form.
 */
export function useEditedListing(editId: string | null): { state: EditedListing; retry: () => void } {
  const [state, setState] = useState<EditedListing>(editId ? { status: 'loading' } : { status: 'idle' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!editId) {
      setState({ status: 'idle' });
      return undefined;
    }
    if (!/^\d{1,10}$/.test(editId)) {
      setState({ status: 'failed', messageKey: 'jobNotFound' });
      return undefined;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    api.getJob(editId, controller.signal).then(
      // The public read has no phone: this listing belongs to someone else.
      (listing) => setState(listing.phone === undefined ? { status: 'failed', messageKey: 'forbidden' } : { status: 'loaded', listing }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', messageKey: toApiError(error).messageKey });
      },
    );
    return () => controller.abort();
  }, [editId, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
