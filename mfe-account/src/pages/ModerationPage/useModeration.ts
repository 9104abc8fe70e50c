import { useCallback, useEffect, useState } from 'react';
import { api, toApiError, type DailyCount, type ModerationAction, type ModerationActionKind, type ReportedListing } from '@tasko/shared';

export type ModerationState =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'failed' }
  | { status: 'loaded'; reports: ReportedListing[]; actions: ModerationAction[]; days: DailyCount[] };

/** What the moderation screen shows; the server answers 404 to anyone not in ADMIN_EMAILS. */
export function useModeration() {
  // An answer belongs to the attempt that asked for it: until this attempt's answer arrives, it is loading.
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<{ attempt: number; state: ModerationState } | null>(null);

  useEffect(() => {
    Promise.all([api.moderation.reports(), api.moderation.actions(), api.moderation.stats(14)]).then(
      ([reports, actions, stats]) => setAnswer({ attempt, state: { status: 'loaded', reports: reports.listings, actions: actions.actions, days: stats.days } }),
      (error: unknown) => setAnswer({ attempt, state: { status: toApiError(error).statusCode === 404 ? 'notFound' : 'failed' } }),
    );
  }, [attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  /** One action, then the list and the log as the server now has them. */
  const act = useCallback(async (action: ModerationActionKind, target: { listingId?: number; userId?: number }) => {
    const recorded = await api.moderation.act(action, target);
    const reports = await api.moderation.reports();
    setAnswer((a) =>
      a?.state.status === 'loaded' ? { ...a, state: { ...a.state, reports: reports.listings, actions: [recorded, ...a.state.actions] } } : a,
    );
  }, []);

  const state: ModerationState = answer?.attempt === attempt ? answer.state : { status: 'loading' };
  return { state, reload, act };
}
