import { useCallback } from 'react';
import { api, type DailyCount, type ModerationAction, type ModerationActionKind, type ReportedListing } from '@tasko/shared';
import { useRemoteData } from '@tasko/shared/remoteData';

export type ModerationState =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'failed' }
  | { status: 'loaded'; reports: ReportedListing[]; actions: ModerationAction[]; days: DailyCount[] };

type Loaded = Extract<ModerationState, { status: 'loaded' }>;

/** What the moderation screen shows; the server answers 404 to anyone not in ADMIN_EMAILS. */
export function useModeration() {
  const {
    state: remote,
    retry,
    update,
  } = useRemoteData<Loaded>('moderation', () =>
    Promise.all([api.moderation.reports(), api.moderation.actions(), api.moderation.stats(14)]).then(([reports, actions, stats]) => ({
      status: 'loaded',
      reports: reports.listings,
      actions: actions.actions,
      days: stats.days,
    })),
  );
  let state: ModerationState = { status: 'loading' };
  if (remote.status === 'ready') state = remote.data;
  else if (remote.status === 'failed') state = { status: remote.error.statusCode === 404 ? 'notFound' : 'failed' };

  /** One action, then the list and the log as the server now has them. */
  const act = useCallback(
    async (action: ModerationActionKind, target: { listingId?: number; userId?: number }) => {
      const recorded = await api.moderation.act(action, target);
      const reports = await api.moderation.reports();
      update((shown) => ({ ...shown, reports: reports.listings, actions: [recorded, ...shown.actions] }));
    },
    [update],
  );

  return { state, reload: retry, act };
}
