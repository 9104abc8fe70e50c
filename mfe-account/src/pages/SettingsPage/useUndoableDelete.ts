import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a deletion can be undone: its request leaves only then. */
export const UNDO_DELETE_MS = 10_000;

interface Handlers<T> {
  /** Sends the deletion; `keepalive` when the page may be going away, so the request outlives it. */
  send: (item: T, options: { keepalive: boolean }) => Promise<void>;
  /** The deletion was refused or never arrived: the item is still there. */
  onFailed: (item: T) => void;
}

/**
 * A deletion that waits UNDO_DELETE_MS before it is sent, so that Undo only has to forget it. Waiting rather
 * than deleting at once and creating the item again on Undo: a new one would not be the same (another id,
 * another date; for an alert, the unsubscribe links of the emails already sent would point at the old one),
 * and a failed re-creation would lose it for good. The worst a wait can do is leave an item undeleted, and it
 * is kept from that: leaving the page (the component unmounting, or `pagehide` as the tab closes, reloads or
 * goes to another site) sends the deletion at once, with `keepalive`. One deletion waits at a time, the one
 * Undo would bring back: deleting another sends the previous one at once.
 */
export function useUndoableDelete<T>({ send, onFailed }: Handlers<T>) {
  const [waiting, setWaiting] = useState<T | null>(null);
  const pending = useRef<{ item: T; timer: ReturnType<typeof setTimeout> } | null>(null);
  // The latest handlers, for a timer set, and a page left, several renders later.
  const handlers = useRef({ send, onFailed });
  useEffect(() => {
    handlers.current = { send, onFailed };
  });

  const flush = useCallback((keepalive: boolean) => {
    const current = pending.current;
    if (!current) return;
    pending.current = null;
    clearTimeout(current.timer);
    setWaiting(null);
    handlers.current.send(current.item, { keepalive }).catch(() => handlers.current.onFailed(current.item));
  }, []);

  const schedule = useCallback(
    (item: T) => {
      flush(false);
      pending.current = { item, timer: setTimeout(() => flush(false), UNDO_DELETE_MS) };
      setWaiting(item);
    },
    [flush],
  );

  /** The item whose deletion is forgotten, or null when it has already been sent. */
  const undo = useCallback((): T | null => {
    const current = pending.current;
    if (!current) return null;
    pending.current = null;
    clearTimeout(current.timer);
    setWaiting(null);
    return current.item;
  }, []);

  useEffect(() => {
    const onPageHide = () => flush(true);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      flush(true);
    };
  }, [flush]);

  return { waiting, schedule, undo };
}
