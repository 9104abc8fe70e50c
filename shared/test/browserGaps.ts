/** Stands in for `window.scrollTo`, which jsdom lacks. */
export const scrollTo = jest.fn<void, unknown[]>();

/** jsdom has <dialog> but not its modal methods, nor scrolling: one stand-in for every package's tests. */
export function stubBrowserGaps(): void {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
  window.scrollTo = scrollTo;
}
