import { useMemo, useSyncExternalStore } from 'react';
import { i18n, type TFunction, type Translations } from './i18n';

// Bumped on every change that can change a text, so components re-render with fresh texts.
let revision = 0;
function subscribe(onChange: () => void): () => void {
  return i18n.subscribe(() => {
    revision += 1;
    onChange();
  });
}

/**
 * The house binding of the site's texts to React: `const { t } = useTranslation('blog')`. It suspends while
 * a namespace loads (the page's Suspense shows the loading state), throws a failed load to the page's error
 * boundary (whose retry loads it again), and re-renders on a language change.
 */
export function useTranslation(namespace = 'common'): { t: TFunction; i18n: Translations } {
  const current = useSyncExternalStore(subscribe, () => revision, () => revision);
  const language = i18n.language;
  if (!i18n.hasLoadedNamespace(namespace)) {
    const failure = i18n.takeFailure(namespace);
    if (failure !== undefined) throw failure instanceof Error ? failure : new Error(`texts of ${namespace} did not load`, { cause: failure });
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- React 18 Suspense: a component suspends by throwing the promise it waits for
    throw i18n.loadNamespaces(namespace).catch(() => undefined);
  }
  // A new t after each change, so memoised children see the new texts.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `current` stands for every change of the texts
  const t = useMemo(() => i18n.getFixedT(language, namespace), [language, namespace, current]);
  return { t, i18n };
}
