import { useCallback, useEffect, useState } from 'react';
import { api, type ReportedContent } from '@tasko/shared';

export type ReportedContentState = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; items: ReportedContent[] };

/**
 * Reported reviews and messages (docs/deal.md, "Reviews and profiles"): loaded apart from the listings' reports,
 * so one failing leaves the other on the screen.
 */
export function useReportedContent() {
  // An answer belongs to the attempt that asked for it: until this attempt's answer arrives, it is loading.
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<{ attempt: number; state: ReportedContentState } | null>(null);

  useEffect(() => {
    api.moderation.reportedContent().then(
      (items) => setAnswer({ attempt, state: { status: 'loaded', items } }),
      () => setAnswer({ attempt, state: { status: 'failed' } }),
    );
  }, [attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  /** Hide or restore one, then the list as the server now has it. */
  const act = useCallback(async (item: ReportedContent, action: 'hide' | 'restore') => {
    await api.moderation.actOnContent(item.kind, item.id, action);
    const items = await api.moderation.reportedContent();
    setAnswer((a) => (a ? { ...a, state: { status: 'loaded', items } } : a));
  }, []);

  const state: ReportedContentState = answer?.attempt === attempt ? answer.state : { status: 'loading' };
  return { state, reload, act };
}
