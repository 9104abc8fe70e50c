// Not in the core `@tasko/shared` (every first visit downloads it): pages that ask a question import it
// through `@tasko/shared/confirmDialog`, and each remote that uses it carries its own copy.
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type SyntheticEvent } from 'react';
import '../styles/confirmDialog.css';

/**
 * A question that must be answered before an action goes on (a WAI-ARIA alertdialog when asked), on the native
 * modal <dialog>, so focus stays inside. "Cancel" starts with focus and Escape cancels: a hurried Enter,
 * Enter closes the question instead of deleting a listing.
 */
export function ConfirmDialog({
  question,
  subject,
  detail,
  confirmLabel,
  cancelLabel,
  isDestructive = false,
  role = 'dialog',
  onConfirm,
  onCancel,
}: {
  question: string;
  /** What the action is about (the listing's title), shown and read with the question. */
  subject?: ReactNode;
  /** What happens if the answer is yes. */
  detail?: string;
  confirmLabel: string;
  cancelLabel: string;
  isDestructive?: boolean;
  /** `alertdialog` for a question that interrupts to confirm a consequence (deleting, closing a listing). */
  role?: 'dialog' | 'alertdialog';
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const id = useId();
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal?.();
    cancelButton.current?.focus();
    return () => element?.close?.();
  }, []);

  // The page decides when the dialog goes (it unmounts it), so the browser's own closing is held back.
  const cancel = (event: SyntheticEvent) => {
    event.preventDefault();
    onCancel();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') cancel(event);
  };
  const describedBy = [subject ? `${id}-subject` : '', detail ? `${id}-detail` : ''].filter(Boolean).join(' ');

  return (
    <dialog
      ref={dialog}
      role={role}
      className="dialog confirm-dialog"
      aria-labelledby={`${id}-question`}
      aria-describedby={describedBy || undefined}
      onCancel={cancel}
      onKeyDown={onKeyDown}
    >
      <h2 id={`${id}-question`} className="confirm-dialog__question">
        {question}
      </h2>
      {subject && (
        <p id={`${id}-subject`} className="confirm-dialog__subject">
          {subject}
        </p>
      )}
      {detail && (
        <p id={`${id}-detail`} className="confirm-dialog__detail">
          {detail}
        </p>
      )}
      <div className="confirm-dialog__actions">
        <button type="button" className="button" onClick={onCancel} ref={cancelButton}>
          {cancelLabel}
        </button>
        <button type="button" className={isDestructive ? 'button button--danger' : 'button button--primary'} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
