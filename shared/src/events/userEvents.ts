import { useEffect, useLayoutEffect, useRef } from 'react';
import { atom } from 'jotai';
import type { DealEventMap, DealEventType } from '../domain/deal';

// What the signed-in member's pages hear live (docs/deal.md, "Real time"): one bus per page, part of the
// core so the shell and every remote share it. The event stream (one per browser) emits into it; pages listen.
// `resync` says more was missed than the server replays: a page reloads what it shows (its lists by paging);
// a page that does not listen for it simply hears nothing.

type Handler<T extends DealEventType> = (data: DealEventMap[T]) => void;

const handlers = new Map<DealEventType, Set<Handler<DealEventType>>>();

export const userEvents = {
  /** Hears every event of `type` until the returned function is called. */
  on<T extends DealEventType>(type: T, handler: Handler<T>): () => void {
    const set = handlers.get(type) ?? new Set();
    handlers.set(type, set);
    set.add(handler as Handler<DealEventType>);
    return () => set.delete(handler as Handler<DealEventType>);
  },
  /** Called by the stream for each event it receives (and by tests). */
  emit<T extends DealEventType>(type: T, data: DealEventMap[T]): void {
    for (const handler of [...(handlers.get(type) ?? [])]) handler(data);
  },
};

/** `handler` hears every event of `type` while the component is mounted; always its latest version. */
export function useUserEvent<T extends DealEventType>(type: T, handler: Handler<T>): void {
  const latest = useRef(handler);
  // Updated after each render, before any event can arrive for it: the listener below stays subscribed once.
  useLayoutEffect(() => {
    latest.current = handler;
  });
  useEffect(() => userEvents.on(type, (data) => latest.current(data)), [type]);
}

/** The other people's messages the member has not read, across every conversation; null until known. */
export const unreadTotalAtom = atom<number | null>(null);
