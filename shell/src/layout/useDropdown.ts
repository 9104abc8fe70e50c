import { useCallback, useEffect, useRef, type FocusEvent } from 'react';
import { useDisclosure } from '@tasko/shared';

/**
 * The header's popups as disclosures (a button that shows and hides a panel of ordinary links and buttons;
 * not an ARIA menu, so no `aria-haspopup` and no arrow keys to learn). The panel closes:
 * - on Escape, with focus back on the button;
 * - when focus moves to something outside it (Tab past its last item, Shift+Tab before the button);
 * - on a click or touch outside it;
 * - when the window gets narrower or wider (docs/product.md#the-frame-around-every-page). Only the width counts: a
 *   phone's address bar sliding away as the page scrolls resizes the window's height, not the layout.
 *
 * Spread `containerProps` on the element holding the button and the panel, `buttonProps` on the button;
 * `panelId` is the id of the panel.
 */
export function useDropdown<T extends HTMLElement = HTMLDivElement>(panelId: string) {
  const disclosure = useDisclosure(panelId);
  const { isOpen, close, dismiss, buttonRef } = disclosure;
  const containerRef = useRef<T>(null);

  useEffect(() => {
    if (!isOpen) return undefined;
    const widthWhenOpened = window.innerWidth;
    const onPointer = (e: MouseEvent | TouchEvent) => {
      if (!containerRef.current?.contains(e.target as Node)) close();
    };
    // On the whole page, unlike a disclosure in the page's flow: after a click on plain text in the panel the
    // focus is on the page itself. An Escape the button already handled arrives here prevented.
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) dismiss();
    };
    const onResize = () => {
      if (window.innerWidth !== widthWhenOpened) close();
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('touchstart', onPointer);
    document.addEventListener('keydown', onKey);
    window.addEventListener('resize', onResize);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('touchstart', onPointer);
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('resize', onResize);
    };
  }, [isOpen, close, dismiss]);

  // Focus leaving for another element closes the panel. With no next element (focus went to the page
  // itself after a click on plain text inside the panel, or to another window) it stays: a click outside
  // is handled above, and coming back from another window finds the panel as it was left.
  const onBlur = useCallback(
    (e: FocusEvent<T>) => {
      const next = e.relatedTarget;
      if (next instanceof Node && !e.currentTarget.contains(next)) close();
    },
    [close],
  );

  // Only while the panel is there to point at: a reference to a missing id is an ARIA error.
  const buttonProps = { ...disclosure.buttonProps, 'aria-controls': isOpen ? panelId : undefined } as const;
  const containerProps = { ref: containerRef, onBlur } as const;
  return { isOpen, close, containerRef, buttonRef, buttonProps, containerProps };
}
