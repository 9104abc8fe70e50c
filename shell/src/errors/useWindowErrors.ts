import { useEffect, useState } from 'react';

/**
 * SPEC §2: "Something went wrong / Please refresh the page" on a window error. Only errors thrown by this
 * site's own scripts count; a browser extension's error must not alarm the visitor.
 */
export function useWindowErrors(): [boolean, () => void] {
  const [hasError, setHasError] = useState(false);
  useEffect(() => {
    const onError = (event: ErrorEvent) => {
      if (event.filename && event.filename.startsWith(window.location.origin)) setHasError(true);
    };
    window.addEventListener('error', onError);
    return () => window.removeEventListener('error', onError);
  }, []);
  return [hasError, () => setHasError(false)];
}
