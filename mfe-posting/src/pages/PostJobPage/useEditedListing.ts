import { api, type ApiError, type Listing, type MessageKey } from '@tasko/shared';
import { useRemoteData } from '@tasko/shared/remoteData';

export type EditedListing =
  { status: 'idle' } | { status: 'loading' } | { status: 'loaded'; listing: Listing } | { status: 'failed'; messageKey: MessageKey };

const isListingId = (editId: string) => /^\d{1,10}$/.test(editId);

/** The public read has no phone: the listing belongs to someone else. */
const NOT_THE_OWNER: ApiError = { statusCode: 403, messageKey: 'forbidden' };

/**
 * `?edit=<id>`: the listing with its phone and email, which only its owner receives; anyone else, or an
 * unknown id, gets a message instead of the form.
 */
export function useEditedListing(editId: string | null): { state: EditedListing; retry: () => void } {
  const key = editId && isListingId(editId) ? editId : null;
  const { state: remote, retry } = useRemoteData(key, async (signal, id) => {
    const listing = await api.getJob(id, signal);
    if (listing.phone === undefined) throw NOT_THE_OWNER;
    return listing;
  });

  let state: EditedListing;
  if (!editId) state = { status: 'idle' };
  else if (!isListingId(editId)) state = { status: 'failed', messageKey: 'jobNotFound' };
  else if (remote.status === 'ready') state = { status: 'loaded', listing: remote.data };
  else if (remote.status === 'failed') state = { status: 'failed', messageKey: remote.error.messageKey };
  else state = { status: 'loading' };
  return { state, retry };
}
