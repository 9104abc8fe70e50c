// The browser's full loads, in a module of their own so a test can stand in for them (jsdom cannot navigate).

/** The page again, from the server. */
export function reloadPage(): void {
  window.location.reload();
}

/**
 * A full load of a URL the tab has already navigated to in place (a stale shell, docs/releases.md): `replace`,
 * since the in-app navigation already made its history entry, and `assign` would leave the same page twice.
 */
export function loadDocument(url: string): void {
  window.location.replace(url);
}
