import { useEffect, useRef } from 'react';

/** A modal question with two buttons, on the native <dialog>: focus is trapped and Escape cancels. */
export function ConfirmDialog({
  question,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
}: {
  question: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal?.();
    // The confirm button starts with focus, as its `autoFocus` gave it before.
    confirmButton.current?.focus();
    return () => element?.close?.();
  }, []);
  return (
    <dialog ref={dialog} className="dialog" aria-labelledby="confirm-question" onCancel={onCancel}>
      <p id="confirm-question">{question}</p>
      <div className="confirm-dialog__actions">
        <button type="button" className="button button--primary" onClick={onConfirm} ref={confirmButton}>
          {confirmLabel}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {cancelLabel}
        </button>
      </div>
    </dialog>
  );
}
