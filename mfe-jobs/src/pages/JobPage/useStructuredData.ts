import { useEffect } from 'react';

const SELECTOR = 'script[type="application/ld+json"]';

/**
 * The page's structured data in the document head, one block only: it takes over the block the server wrote
 * into the first HTML (the same data on a first visit, a stale one after moving between pages in the app)
 * and removes it when the page goes away.
 */
export function useStructuredData(data: object | null): void {
  const json = data ? JSON.stringify(data) : null;
  useEffect(() => {
    if (!json) return undefined;
    let script = document.head.querySelector<HTMLScriptElement>(SELECTOR);
    if (!script) {
      script = document.createElement('script');
      script.type = 'application/ld+json';
      document.head.appendChild(script);
    }
    script.textContent = json;
    const owned = script;
    return () => owned.remove();
  }, [json]);
}
