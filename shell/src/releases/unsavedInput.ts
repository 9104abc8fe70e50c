// Whether the visitor has typed into the page on screen and not sent it: then a stale shell does not turn
// the next navigation into a full load (docs/releases.md). Told by the visitor's own events: React keeps a
// field's value attribute in step with its state, so comparing `value` with `defaultValue` says nothing.

let hasInput = false;

function isField(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    (target instanceof HTMLElement && target.isContentEditable)
  );
}

/** The visitor changed a field of the page since it was shown and has not submitted it. */
export function hasUnsavedInput(): boolean {
  return hasInput;
}

/** A location change: the page that held the input is gone. */
export function forgetUnsavedInput(): void {
  hasInput = false;
}

/** Follows the document's fields (capture: a page that stops an event's propagation still counts); returns the stop. */
export function watchUnsavedInput(root: Document = document): () => void {
  const onInput = (event: Event) => {
    if (isField(event.target)) hasInput = true;
  };
  const onSubmit = () => {
    hasInput = false;
  };
  root.addEventListener('input', onInput, true);
  root.addEventListener('change', onInput, true);
  root.addEventListener('submit', onSubmit, true);
  return () => {
    root.removeEventListener('input', onInput, true);
    root.removeEventListener('change', onInput, true);
    root.removeEventListener('submit', onSubmit, true);
  };
}
