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
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal?.();
    return () => element?.close?.();
  }, []);
  return (
    <dialog ref={dialog} className="dialog" aria-labelledby="confirm-question" onCancel={onCancel}>
      <p id="confirm-question">{question}</p>
      <div className="confirm-dialog__actions">
        <button type="button" className="button button--primary" onClick={onConfirm} autoFocus>
          {confirmLabel}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {cancelLabel}
        </button>
      </div>
    </dialog>
  );
}
