import { useTranslation as useI18nextTranslation } from 'react-i18next';
import { namespaceFailure, reloadRetriedNamespace } from './i18n';

/**
 * react-i18next's `useTranslation`, with what it leaves out for a page whose texts could not be fetched: it
 * suspends while a namespace loads (the page's Suspense shows the loading state), but renders bare keys once
 * a load failed. Here a failed namespace is thrown to the page's error boundary instead ("Failed to load
 * page"); the boundary's "Try again" calls `retryFailedNamespaces` and renders anew, which fetches it again.
 */
export const useTranslation: typeof useI18nextTranslation = (ns, options) => {
  const namespaces: readonly (string | undefined)[] = typeof ns === 'string' ? [ns] : (ns ?? ['common']);
  for (const namespace of namespaces) {
    if (namespace === undefined) continue;
    const failure = namespaceFailure(namespace);
    if (failure !== undefined)
      throw failure instanceof Error ? failure : new Error(`texts of ${namespace} did not load`, { cause: failure });
    const reloading = reloadRetriedNamespace(namespace);
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- React 18 Suspense: a component suspends by throwing the promise it waits for
    if (reloading) throw reloading;
  }
  return useI18nextTranslation(ns, options);
};
