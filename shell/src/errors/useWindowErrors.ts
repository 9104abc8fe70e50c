import { useEffect, useState } from 'react';
import { isShellScript } from '../releases/areas';

/**
 * The site-wide "Something went wrong / Please refresh the page" bar, on a window error. Only errors thrown by the
 * shell's own scripts (or the document) count: a browser extension's error must not alarm the visitor, and a
 * remote's stays in its area (its page's panel, and its report; docs/releases.md).
 */
export function useWindowErrors(): [boolean, () => void] {
  const [hasError, setHasError] = useState(false);
  useEffect(() => {
    const onError = (event: ErrorEvent) => {
      if (event.filename && isShellScript(event.filename)) setHasError(true);
    };
    window.addEventListener('error', onError);
    return () => window.removeEventListener('error', onError);
  }, []);
  return [hasError, () => setHasError(false)];
}
