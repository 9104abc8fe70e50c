/** The browser's full reload, in a module of its own so a test can stand in for it (jsdom cannot reload). */
export function reloadPage(): void {
  window.location.reload();
}
