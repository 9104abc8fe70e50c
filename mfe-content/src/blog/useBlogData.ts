import { useRemoteData } from '@tasko/shared/remoteData';

export type Loaded<T> = { status: 'loading' } | { status: 'loaded'; value: T };

/**
 * The blog's content for `key` (its language, and the article's id), read by `load`; a failure is rethrown
 * while rendering so the page boundary shows it, and tells a failed download of the article's chunk from the rest.
 */
export function useBlogData<T>(key: string, load: () => Promise<T>): Loaded<T> {
  const { state } = useRemoteData(key, load);
  if (state.status === 'failed') throw state.cause;
  return state.status === 'ready' ? { status: 'loaded', value: state.data } : { status: 'loading' };
}
