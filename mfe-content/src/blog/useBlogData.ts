import { useRemoteData } from '@tasko/shared/remoteData';

export type Loaded<T> = { status: 'loading' } | { status: 'loaded'; value: T };

/** Each `load` is one request: its key is the number it was given the first time it was seen. */
const keys = new WeakMap<() => Promise<unknown>, string>();
let loadsSeen = 0;
function keyOf(load: () => Promise<unknown>): string {
  let key = keys.get(load);
  if (key === undefined) {
    key = String(++loadsSeen);
    keys.set(load, key);
  }
  return key;
}

/**
 * Loads content for the current language; a failure is rethrown while rendering so the page boundary shows
 * it. `load` is the caller's `useCallback`: a new one (another language, another article) loads again.
 */
export function useBlogData<T>(load: () => Promise<T>): Loaded<T> {
  const { state } = useRemoteData(keyOf(load), load);
  // As thrown (a failed download of the article's chunk): the boundary tells a failed download from the rest.
  if (state.status === 'failed') throw state.cause;
  return state.status === 'ready' ? { status: 'loaded', value: state.data } : { status: 'loading' };
}
