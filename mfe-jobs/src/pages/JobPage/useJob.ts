import { useCallback } from 'react';
import { api, useLanguage, type Listing } from '@tasko/shared';
import { useRemoteData } from '@tasko/shared/remoteData';
import { isSerialId } from '@tasko/shared/domain';

export type JobState = { status: 'loading' } | { status: 'notFound' } | { status: 'failed' } | { status: 'loaded'; listing: Listing };

/** One listing by the id in the URL; a malformed, unknown or deleted id is "not found", never an error page. */
export function useJob(id: string | undefined) {
  // Its place is named in the page's language.
  const { language } = useLanguage();
  const listingId = isSerialId(id) ? id : null;
  // Asked only for a serial id: without one the key is null.
  const {
    state: remote,
    retry,
    update: updateListing,
  } = useRemoteData(listingId && `${listingId}:${language}`, (signal) => api.getJob(listingId ?? '', signal, language));

  let state: JobState = { status: 'loading' };
  if (remote.status === 'idle') state = { status: 'notFound' };
  else if (remote.status === 'ready') state = { status: 'loaded', listing: remote.data };
  else if (remote.status === 'failed')
    state = { status: remote.error.statusCode === 404 || remote.error.statusCode === 400 ? 'notFound' : 'failed' };

  /**
   * The owner closed or reactivated it: the answer of that call, over what the page read (the call answers
   * the listing alone: the poster and `viewer_is_owner` of the page's own read stay; it changed just now).
   */
  const update = useCallback(
    (changed: Listing) =>
      updateListing((shown) =>
        shown.job_id === changed.job_id
          ? { ...shown, ...changed, updated_at: changed.updated_at ?? new Date().toISOString(), viewer_is_owner: shown.viewer_is_owner }
          : shown,
      ),
    [updateListing],
  );
  return { state, retry, update };
}
