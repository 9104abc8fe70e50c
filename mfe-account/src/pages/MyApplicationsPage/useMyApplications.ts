import { useCallback, type RefObject } from 'react';
import { api, useUserEvent, type Application, type ApplicationStatus, type MessageKey, type MyApplication } from '@tasko/shared';
import { useCursorList } from '@tasko/shared/cursorList';
import { withMove } from '@tasko/shared/deal';

export type MyApplicationsState =
  { status: 'loading' } | { status: 'failed'; messageKey: MessageKey } | { status: 'loaded'; applications: MyApplication[] };

/**
 * The signed-in member's applications and requests, the last activity first, a page at a time (docs/deal.md,
 * "My applications"), with the listing each is for. A move by the other side (an offer, a decline) arrives
 * through the event stream and changes its row where it is; an application not on the page (sent from another
 * tab) asks for the first page again, which goes on top of the rows shown. After a `resync` the first page is
 * asked again the same way.
 */
export function useMyApplications(page: RefObject<HTMLElement | null>) {
  const list = useCursorList<MyApplication>({
    key: 'my-applications',
    load: ({ cursor, signal }) =>
      api.deal.myApplications({ cursor, signal }).then((answer) => ({ items: answer.applications, nextCursor: answer.nextCursor })),
    idOf: (application) => application.id,
    // The title's link, or the conversation's when the listing was deleted (its title is no link).
    focusOf: (id) => page.current?.querySelector<HTMLElement>(`[data-application="${id}"] a`),
  });
  const { state: remote, retry, refresh, update } = list;
  let state: MyApplicationsState = { status: 'loading' };
  if (remote.status === 'loaded') state = { status: 'loaded', applications: remote.items };
  else if (remote.status === 'failed') state = { status: 'failed', messageKey: remote.error.messageKey };

  const setMoved = useCallback(
    (id: number, moved: Pick<Application, 'status' | 'offerExpiresAt'>) =>
      update((applications) => applications.map((a) => (a.id === id ? withMove(a, moved) : a))),
    [update],
  );

  const shown = remote.status === 'loaded' ? remote.items : null;
  useUserEvent('application', ({ application }) => {
    if (!shown) return;
    if (shown.some((a) => a.id === application.id)) setMoved(application.id, application);
    else void refresh();
  });
  useUserEvent('resync', () => void refresh());

  /** The applicant's move (accepting or declining an offer, withdrawing): the row shows the status the server answered. */
  const move = useCallback(
    async (id: number, status: ApplicationStatus): Promise<ApplicationStatus> => {
      const moved = await api.deal.move(id, status);
      setMoved(id, moved);
      return moved.status;
    },
    [setMoved],
  );

  return { state, list, reload: retry, move };
}
