import { useCallback, useEffect, useState } from 'react';
import { api, toApiError, type DailyCount, type ModerationAction, type ModerationActionKind, type ReportedListing } from '@tasko/shared';

export type ModerationState =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'failed' }
  | { status: 'loaded'; reports: ReportedListing[]; actions: ModerationAction[]; days: DailyCount[] };

/** What the moderation screen shows; the server answers 404 to anyone not in ADMIN_EMAILS. */
export function useModeration() {
  const [state, setState] = useState<ModerationState>({ status: 'loading' });

  const load = useCallback(() => {
    setState({ status: 'loading' });
    Promise.all([api.moderation.reports(), api.moderation.actions(), api.moderation.stats(14)]).then(
      ([reports, actions, stats]) => setState({ status: 'loaded', reports: reports.listings, actions: actions.actions, days: stats.days }),
      (error: unknown) => setState({ status: toApiError(error).statusCode === 404 ? 'notFound' : 'failed' }),
    );
  }, []);
  useEffect(load, [load]);

  /** One action, then the list and the log as the server now has them. */
  const act = useCallback(async (action: ModerationActionKind, target: { listingId?: number; userId?: number }) => {
    const recorded = await api.moderation.act(action, target);
    const reports = await api.moderation.reports();
    setState((s) => (s.status === 'loaded' ? { ...s, reports: reports.listings, actions: [recorded, ...s.actions] } : s));
  }, []);

  return { state, reload: load, act };
}
