import { useCallback, useEffect, useState } from 'react';
import { api, toApiError, useUserEvent, type ApplicationStatus, type MessageKey, type MyApplication } from '@tasko/shared';

export type MyApplicationsState = { status: 'loading' } | { status: 'failed'; messageKey: MessageKey } | { status: 'loaded'; applications: MyApplication[] };

/**
 * The signed-in member's applications and requests, newest first, with the listing each is for; a status
 * changed by the other side (a hire, a decline) arrives through the event stream and updates the row.
 */
export function useMyApplications() {
  const [attempt, setAttempt] = useState(0);
  // Which request an answer belongs to: after "Try again" the old answer reads as loading.
  const [answer, setAnswer] = useState<{ attempt: number; state: Exclude<MyApplicationsState, { status: 'loading' }> } | null>(null);
  const state: MyApplicationsState = answer?.attempt === attempt ? answer.state : { status: 'loading' };

  useEffect(() => {
    const controller = new AbortController();
    api.deal.myApplications(controller.signal).then(
      (applications) => setAnswer({ attempt, state: { status: 'loaded', applications } }),
      (error: unknown) => {
        if (!controller.signal.aborted) setAnswer({ attempt, state: { status: 'failed', messageKey: toApiError(error).messageKey } });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const setStatus = useCallback(
    (id: number, status: ApplicationStatus) =>
      setAnswer((current) =>
        current?.attempt === attempt && current.state.status === 'loaded'
          ? { attempt, state: { status: 'loaded', applications: current.state.applications.map((a) => (a.id === id ? { ...a, status } : a)) } }
          : current,
      ),
    [attempt],
  );

  useUserEvent('application', ({ application }) => setStatus(application.id, application.status));

  /** The applicant's move (withdrawing): the row shows the status the server answered. */
  const move = useCallback(
    async (id: number, status: ApplicationStatus): Promise<ApplicationStatus> => {
      const moved = await api.deal.move(id, status);
      setStatus(id, moved.status);
      return moved.status;
    },
    [setStatus],
  );

  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  return { state, reload, move };
}
