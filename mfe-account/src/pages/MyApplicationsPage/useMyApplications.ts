import { useCallback } from 'react';
import { api, useUserEvent, type ApplicationStatus, type MessageKey, type MyApplication } from '@tasko/shared';
import { useRemoteData } from '@tasko/shared/remoteData';

export type MyApplicationsState = { status: 'loading' } | { status: 'failed'; messageKey: MessageKey } | { status: 'loaded'; applications: MyApplication[] };

/**
 * The signed-in member's applications and requests, newest first, with the listing each is for; a status
 * changed by the other side (a hire, a decline) arrives through the event stream and updates the row.
 */
export function useMyApplications() {
  const { state: remote, retry, update } = useRemoteData('my-applications', (signal) => api.deal.myApplications(signal));
  let state: MyApplicationsState = { status: 'loading' };
  if (remote.status === 'ready') state = { status: 'loaded', applications: remote.data };
  else if (remote.status === 'failed') state = { status: 'failed', messageKey: remote.error.messageKey };

  const setStatus = useCallback(
    (id: number, status: ApplicationStatus) => update((applications) => applications.map((a) => (a.id === id ? { ...a, status } : a))),
    [update],
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

  return { state, reload: retry, move };
}
