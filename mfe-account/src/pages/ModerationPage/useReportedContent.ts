import { useCallback } from 'react';
import { api, type ReportedContent } from '@tasko/shared';
import { useRemoteData } from '@tasko/shared/remoteData';

export type ReportedContentState = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; items: ReportedContent[] };

/**
 * Reported reviews and messages (docs/deal.md, "Reviews and profiles"): loaded apart from the listings' reports,
 * so one failing leaves the other on the screen.
 */
export function useReportedContent() {
  const { state: remote, retry, update } = useRemoteData('reported-content', () => api.moderation.reportedContent());
  let state: ReportedContentState = { status: 'loading' };
  if (remote.status === 'ready') state = { status: 'loaded', items: remote.data };
  else if (remote.status === 'failed') state = { status: 'failed' };

  /** Hide or restore one, then the list as the server now has it. */
  const act = useCallback(
    async (item: ReportedContent, action: 'hide' | 'restore') => {
      await api.moderation.actOnContent(item.kind, item.id, action);
      const items = await api.moderation.reportedContent();
      update(() => items);
    },
    [update],
  );

  return { state, reload: retry, act };
}
