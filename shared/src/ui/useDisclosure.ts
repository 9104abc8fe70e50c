import { useCallback, useRef, useState, type KeyboardEvent } from 'react';

/**
 * A button that shows and hides a panel (the WAI-ARIA disclosure pattern). Escape on the button or inside the
 * panel closes it and gives the focus back to the button, so the keyboard never stays on something that has
 * just disappeared. Escape is heard only there, not on the whole page: two panels open side by side close one
 * at a time, and Escape in another field (clearing a search box) leaves them alone. A widget inside that uses
 * Escape itself (a list of suggestions) calls `preventDefault`, and the panel stays open.
 *
 * Spread `buttonProps` on the button and `panelProps` on the panel, which stays in the page while closed.
 */
export function useDisclosure(panelId: string) {
  const [isOpen, setIsOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const open = useCallback(() => setIsOpen(true), []);
  const close = useCallback(() => setIsOpen(false), []);
  const toggle = useCallback(() => setIsOpen((wasOpen) => !wasOpen), []);
  /** Closes, with the focus back on the button: for Escape, and for a Cancel inside the panel. */
  const dismiss = useCallback(() => {
    setIsOpen(false);
    buttonRef.current?.focus();
  }, []);
  const onKeyDown = useCallback(
    (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || !isOpen) return;
      // Handled: a dialog or popup around this one must not close as well.
      event.preventDefault();
      dismiss();
    },
    [isOpen, dismiss],
  );

  const buttonProps = {
    ref: buttonRef,
    type: 'button',
    'aria-expanded': isOpen,
    'aria-controls': panelId,
    onClick: toggle,
    onKeyDown,
  } as const;
  const panelProps = { id: panelId, onKeyDown } as const;
  return { isOpen, open, close, dismiss, buttonRef, buttonProps, panelProps };
}
