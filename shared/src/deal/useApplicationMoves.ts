import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { toApiError, type ApplicationStatus, type MessageKey, type Notice } from '@tasko/shared';
import type { ApplicationMove } from './ApplicationStatus';

/** Where focus goes after a move (WCAG 2.4.3): back to the button that asked, or into the row that changed. */
export type MoveFocusWish = { id: number; to: 'asker'; status: ApplicationStatus } | { id: number; to: 'row' };

export interface ApplicationMovesOptions<A extends { id: number }, M extends ApplicationMove> {
  /** Sends the move; answers the status the application is in now. */
  send: (application: A, status: ApplicationMove) => Promise<ApplicationStatus>;
  /** The notice once a move went through. */
  movedText: (application: A, moved: ApplicationStatus) => string;
  /** The moves a confirmation asks first (they end the deal for good); without it, every move is asked. */
  isAsked?: (status: ApplicationMove) => status is M;
  /** Where the rows are, each marked `data-application="<id>"`. */
  container: RefObject<HTMLElement | null>;
  /** What gets the keyboard after the render that follows a move or a dialog; `row` is null when it is gone. */
  focusTarget: (row: HTMLElement | null, wish: MoveFocusWish) => HTMLElement | null | undefined;
}

/**
 * The moves of applications in a list, the owner's (ApplicantList) or the applicant's (My applications): one
 * at a time, a move that ends the deal asked first, a failure said on its own row, the outcome in a polite
 * notice, and the keyboard put back where the move was asked (docs/deal.md, "Hiring").
 */
export function useApplicationMoves<A extends { id: number }, M extends ApplicationMove = ApplicationMove>(
  options: ApplicationMovesOptions<A, M>,
) {
  const [pending, setPending] = useState<{ application: A; status: M } | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [failures, setFailures] = useState<Record<number, MessageKey>>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const focusWish = useRef<MoveFocusWish | null>(null);
  const { container, focusTarget } = options;

  // After the render that follows a move or a dialog: the buttons of the row have changed by then.
  useLayoutEffect(() => {
    const wish = focusWish.current;
    if (!wish || pending || busyId !== null) return;
    focusWish.current = null;
    const row = container.current?.querySelector<HTMLElement>(`[data-application="${wish.id}"]`) ?? null;
    focusTarget(row, wish)?.focus();
  });

  const move = async (application: A, status: ApplicationMove) => {
    setPending(null);
    setBusyId(application.id);
    setNotice(null);
    setFailures(({ [application.id]: _, ...others }) => others);
    try {
      const moved = await options.send(application, status);
      setNotice({ kind: 'success', text: options.movedText(application, moved) });
      focusWish.current = { id: application.id, to: 'row' };
    } catch (error) {
      const { messageKey } = toApiError(error);
      setFailures((others) => ({ ...others, [application.id]: messageKey }));
      focusWish.current = { id: application.id, to: 'asker', status };
    } finally {
      setBusyId(null);
    }
  };

  const ask = (application: A, status: ApplicationMove) => {
    // The buttons stay focusable while a move is on its way (a disabled button drops focus to <body>).
    if (busyId !== null) return;
    if (options.isAsked && !options.isAsked(status)) {
      void move(application, status);
      return;
    }
    setNotice(null);
    // Asked: `isAsked` said so, or every move is.
    setPending({ application, status: status as M });
  };

  const cancel = () => {
    if (pending) focusWish.current = { id: pending.application.id, to: 'asker', status: pending.status };
    setPending(null);
  };

  const confirm = () => {
    if (pending) void move(pending.application, pending.status);
  };

  return { pending, busyId, failures, notice, ask, cancel, confirm };
}
