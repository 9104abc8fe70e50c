import { useEffect, useState } from 'react';

export type Loaded<T> = { status: 'loading' } | { status: 'loaded'; value: T } | { status: 'failed'; error: unknown };
type Settled<T> = Exclude<Loaded<T>, { status: 'loading' }>;

/**
 * Loads content for the current language; a failure is rethrown while rendering so the page boundary shows
 * it. `load` is the caller's `useCallback`: a new one (another language, another article) loads again.
 */
export function useBlogData<T>(load: () => Promise<T>): Loaded<T> {
  const [settled, setSettled] = useState<{ load: () => Promise<T>; outcome: Settled<T> } | null>(null);
  useEffect(() => {
    let isCurrent = true;
    load().then(
      (value) => isCurrent && setSettled({ load, outcome: { status: 'loaded', value } }),
      (error: unknown) => isCurrent && setSettled({ load, outcome: { status: 'failed', error } }),
    );
    return () => {
      isCurrent = false;
    };
  }, [load]);
  // What an earlier `load` answered is not this one's answer.
  const state: Loaded<T> = settled?.load === load ? settled.outcome : { status: 'loading' };
  if (state.status === 'failed') throw state.error;
  return state;
}
