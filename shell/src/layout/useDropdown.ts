import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A menu button's open state: closes on a click outside, on window resize (SPEC §2), on Escape (focus back
 * to the button) and after a choice. `buttonProps` are the button's ref, ARIA state and toggle; `menuId` is
 * the id of the menu it opens.
 */
export function useDropdown<T extends HTMLElement = HTMLDivElement>(menuId: string) {
  const [isOpen, setIsOpen] = useState(false);
  const containerRef = useRef<T>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setIsOpen(false), []);
  const toggle = useCallback(() => setIsOpen((open) => !open), []);

  useEffect(() => {
    if (!isOpen) return;
    const onPointer = (e: MouseEvent | TouchEvent) => {
      if (!containerRef.current?.contains(e.target as Node)) setIsOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setIsOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onResize = () => setIsOpen(false);
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
  }, [isOpen]);

  const buttonProps = {
    ref: buttonRef,
    type: 'button',
    'aria-haspopup': 'true',
    'aria-expanded': isOpen,
    'aria-controls': menuId,
    onClick: toggle,
  } as const;
  return { isOpen, close, containerRef, buttonProps };
}
