import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
// Bundled into each remote that uses it, not part of the core (docs/architecture.md#data-fetching): it holds no
// state of its own, and every first visit would otherwise download it.
import { toApiError, type ApiError } from '@tasko/shared';

/** What a page knows of the answer for its current key (docs/architecture.md, "Data fetching"). */
export type RemoteState<T> =
  /** No key: nothing to ask. */
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  /** `cause`: the failure as it was thrown, for an error boundary that tells a failed download from the rest. */
  | { status: 'failed'; error: ApiError; cause: unknown };

export interface RemoteData<T> {
  state: RemoteState<T>;
  /**
   * The newest answer received, for this key or an earlier one, until the key is null: what a paged list keeps
   * on screen while the next page loads, or after it failed. Never the current key's answer unless `state` is ready.
   */
  latest: T | undefined;
  /** Asks again from nothing: loading, then the new answer or failure. */
  retry: () => void;
  /**
   * Asks again quietly: the answer shown stays until the new one replaces it, and a failure leaves it. Settles
   * once an answer or a failure is in (never rejects), or at once when the key has changed since this render.
   */
  refresh: () => Promise<void>;
  /** Changes the answer shown (after a mutation, or a live event), unless the key has changed since this render. */
  update: (change: (data: T) => T) => void;
}

type Outcome<T> = Extract<RemoteState<T>, { status: 'ready' | 'failed' }>;

interface Held<T> {
  key: string | null;
  /** The request asked now for the key: each retry and refresh is a new one, and only its answer is taken. */
  request: number;
  outcome: Outcome<T> | null;
  latest: T | undefined;
}

// One object per state, so a state that did not change is the same value from one render to the next.
const IDLE = { status: 'idle' } as const;
const LOADING = { status: 'loading' } as const;

/**
 * The answer of `load` for `key`, as every page reads the API: a new key (or null) aborts the request it
 * replaces, as does leaving the page; an answer that comes for an older key or request is dropped, so it
 * never overwrites a newer one. `load` receives the signal to hand to `api` (axios sends nothing once it is
 * aborted) and the key it answers; it is read when a request starts, so it need not be stable: the key alone
 * says when to ask.
 */
export function useRemoteData<T>(key: string | null, load: (signal: AbortSignal, key: string) => Promise<T>): RemoteData<T> {
  const [held, setHeld] = useState<Held<T>>({ key, request: 0, outcome: null, latest: undefined });
  let current = held;
  if (held.key !== key) {
    // Another key forgets the answer while rendering: no render shows an answer for a key it was not asked for.
    current = { key, request: held.request, outcome: null, latest: key === null ? undefined : held.latest };
    setHeld(current);
  }

  const latestLoad = useRef(load);
  const renderedKey = useRef(key);
  useLayoutEffect(() => {
    latestLoad.current = load;
    renderedKey.current = key;
  });
  // Request numbers only grow, so a refresh can wait for "this request or a newer one".
  const lastRequest = useRef(0);
  const waiting = useRef<{ request: number; done: () => void }[]>([]);
  const release = useCallback((upTo: number) => {
    const settled = waiting.current.filter((waiter) => waiter.request <= upTo);
    waiting.current = waiting.current.filter((waiter) => waiter.request > upTo);
    for (const waiter of settled) waiter.done();
  }, []);
  useEffect(() => () => release(Infinity), [release]);

  const { request } = current;
  useEffect(() => {
    if (key === null) return undefined;
    const controller = new AbortController();
    const settle = (outcome: Outcome<T>) => {
      if (controller.signal.aborted) return;
      setHeld((shown) => {
        if (shown.key !== key || shown.request !== request) return shown;
        // A failure never hides an answer of this key already on screen (a quiet refresh that failed).
        if (outcome.status === 'failed') return shown.outcome?.status === 'ready' ? shown : { ...shown, outcome };
        return { ...shown, outcome, latest: outcome.data };
      });
      release(request);
    };
    let answer: Promise<T>;
    try {
      answer = latestLoad.current(controller.signal, key);
    } catch (error) {
      answer = Promise.reject(error);
    }
    answer.then(
      (data) => settle({ status: 'ready', data }),
      (error: unknown) => settle({ status: 'failed', error: toApiError(error), cause: error }),
    );
    return () => controller.abort();
  }, [key, request, release]);

  const retry = useCallback(() => {
    const next = ++lastRequest.current;
    setHeld((shown) => ({ ...shown, request: next, outcome: null }));
  }, []);

  const refresh = useCallback((): Promise<void> => {
    if (key === null || renderedKey.current !== key) return Promise.resolve();
    const next = ++lastRequest.current;
    setHeld((shown) => (shown.key === key ? { ...shown, request: next } : shown));
    return new Promise((done) => waiting.current.push({ request: next, done }));
  }, [key]);

  const update = useCallback(
    (change: (data: T) => T) =>
      setHeld((shown) => {
        if (shown.key !== key || shown.outcome?.status !== 'ready') return shown;
        const data = change(shown.outcome.data);
        return { ...shown, outcome: { status: 'ready', data }, latest: data };
      }),
    [key],
  );

  let state: RemoteState<T> = current.outcome ?? LOADING;
  if (key === null) state = IDLE;
  return { state, latest: current.latest, retry, refresh, update };
}
