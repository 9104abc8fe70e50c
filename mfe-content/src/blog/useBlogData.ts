import { useEffect, useState } from 'react';

export type Loaded<T> = { status: 'loading' } | { status: 'loaded'; value: T } | { status: 'failed'; error: unknown };

/** Loads content for the current language; a failure is rethrown while rendering so the page boundary shows it. */
export function useBlogData<T>(load: () => Promise<T>, deps: unknown[]): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  useEffect(() => {
    let isCurrent = true;
    setState({ status: 'loading' });
    load().then(
      (value) => isCurrent && setState({ status: 'loaded', value }),
      (error: unknown) => isCurrent && setState({ status: 'failed', error }),
    );
    return () => {
      isCurrent = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names what the load depends on
  }, deps);
  if (state.status === 'failed') throw state.error;
  return state;
}
