import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useLanguage, useTranslation } from '@tasko/shared';
import { JOB_NS } from '../../jobsNamespace';
import { PhotoPosition } from './PhotoPosition';
import './PhotoViewer.css';

export interface PhotoViewerProps {
  photos: string[];
  title: string;
  /** The photo it opens on. */
  start: number;
  /** Each photo's name, as the page's gallery names it. */
  photoName: (index: number) => string;
  /** It moved to another photo: the page's gallery follows. */
  onIndexChange: (index: number) => void;
  /** Escape or Close asked to close; the page decides how (it owns the history entry). */
  onClose: () => void;
}

const MIN_ZOOM = 1;
const MAX_ZOOM = 4;
/** How far a finger must travel, in CSS pixels, for a swipe to turn the photo. */
const SWIPE_PX = 50;
/** One arrow key's pan of a zoomed photo, in CSS pixels. */
const PAN_STEP_PX = 40;

interface View {
  scale: number;
  x: number;
  y: number;
}
interface Point {
  x: number;
  y: number;
}
type Gesture =
  { kind: 'swipe'; startX: number } | { kind: 'pan'; last: Point } | { kind: 'pinch'; startDistance: number; startScale: number };

const AT_REST: View = { scale: 1, x: 0, y: 0 };
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
const distance = ([a, b]: Point[]) => (a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0);

/**
 * The photos full screen, loaded with its first use (the gallery imports it on demand). A modal dialog:
 * focus stays inside and starts on Close. Swipe or the arrows for the next photo (in the reading direction);
 * pinch, double-tap, the zoom buttons or + and - to zoom, then drag or the arrows to look around.
 */
export default function PhotoViewer({ photos, title, start, photoName, onIndexChange, onClose }: PhotoViewerProps) {
  const { t } = useTranslation(JOB_NS);
  const { dir } = useLanguage();
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const image = useRef<HTMLImageElement>(null);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture | null>(null);
  // Escape reaches both the key handler and the dialog's own cancel: one close, one step back in history.
  const isClosing = useRef(false);
  const [index, setIndex] = useState(start);
  const [view, setView] = useState<View>(AT_REST);
  const [dragX, setDragX] = useState(0);
  // While fingers move the photo it follows them at once, without the easing of a button's zoom.
  const [isMoving, setIsMoving] = useState(false);
  const count = photos.length;
  const isZoomed = view.scale > MIN_ZOOM;

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal?.();
    closeButton.current?.focus();
    // The page under it stays put while fingers move the photo.
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = overflow;
      if (element?.open) element.close?.();
    };
  }, []);

  const close = () => {
    if (isClosing.current) return;
    isClosing.current = true;
    onClose();
  };
  const goTo = (next: number) => {
    if (count < 2) return;
    const target = (next + count) % count;
    setIndex(target);
    setView(AT_REST);
    onIndexChange(target);
  };
  /** A pan stays within the enlarged photo: its edge never comes further in than the frame's. */
  const within = (next: View): View => {
    const width = image.current?.clientWidth ?? 0;
    const height = image.current?.clientHeight ?? 0;
    const spanX = (width * (next.scale - 1)) / 2;
    const spanY = (height * (next.scale - 1)) / 2;
    return { scale: next.scale, x: clamp(next.x, -spanX, spanX), y: clamp(next.y, -spanY, spanY) };
  };
  const zoomTo = (scale: number) => setView((current) => within({ ...current, scale: clamp(scale, MIN_ZOOM, MAX_ZOOM) }));
  const panBy = (dx: number, dy: number) => setView((current) => within({ ...current, x: current.x + dx, y: current.y + dy }));

  const onKeyDown = (event: globalThis.KeyboardEvent) => {
    const forward = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    if (event.key === 'Escape') close();
    else if (event.key === '+' || event.key === '=') zoomTo(view.scale * 2);
    else if (event.key === '-') zoomTo(view.scale / 2);
    else if (event.key === '0') setView(AT_REST);
    else if (isZoomed && event.key.startsWith('Arrow')) {
      const step = { ArrowLeft: [PAN_STEP_PX, 0], ArrowRight: [-PAN_STEP_PX, 0], ArrowUp: [0, PAN_STEP_PX], ArrowDown: [0, -PAN_STEP_PX] }[
        event.key
      ];
      if (!step) return;
      panBy(step[0] ?? 0, step[1] ?? 0);
    } else if (event.key === forward) goTo(index + 1);
    else if (event.key === backward) goTo(index - 1);
    else return;
    event.preventDefault();
  };

  // Keys from anywhere while it is open, not only from inside it: the focus may have been dropped.
  useEffect(() => {
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  });

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setIsMoving(true);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const points = [...pointers.current.values()];
    if (points.length >= 2) gesture.current = { kind: 'pinch', startDistance: distance(points), startScale: view.scale };
    else if (isZoomed) gesture.current = { kind: 'pan', last: { x: event.clientX, y: event.clientY } };
    else gesture.current = { kind: 'swipe', startX: event.clientX };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const current = gesture.current;
    if (current?.kind === 'pinch') {
      const now = distance([...pointers.current.values()]);
      if (current.startDistance > 0) zoomTo((current.startScale * now) / current.startDistance);
    } else if (current?.kind === 'pan') {
      panBy(event.clientX - current.last.x, event.clientY - current.last.y);
      current.last = { x: event.clientX, y: event.clientY };
    } else if (current?.kind === 'swipe' && count > 1) {
      setDragX(event.clientX - current.startX);
    }
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.delete(event.pointerId)) return;
    const current = gesture.current;
    if (current?.kind === 'swipe') {
      const travelled = event.clientX - current.startX;
      // A finger moving left brings in what lies to the right: the next photo, or in RTL the previous one.
      if (event.type === 'pointerup' && Math.abs(travelled) >= SWIPE_PX) goTo(index + (travelled < 0 === (dir !== 'rtl') ? 1 : -1));
      setDragX(0);
    }
    // One finger left after a pinch looks around the enlarged photo; none left ends the gesture.
    const [left] = [...pointers.current.values()];
    gesture.current = left && view.scale > MIN_ZOOM ? { kind: 'pan', last: left } : null;
    if (!left) setIsMoving(false);
  };

  const src = photos[index] ?? '';
  const transform = dragX !== 0 ? `translateX(${dragX}px)` : `translate(${view.x}px, ${view.y}px) scale(${view.scale})`;

  return (
    <dialog
      ref={dialog}
      className="photo-viewer"
      aria-label={t('gallery.viewer', { title })}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <div className="photo-viewer__bar">
        {/* Empty for a single photo, still holding the buttons at the end of the bar. */}
        {count > 1 ? (
          <PhotoPosition className="photo-viewer__count" index={index} count={count} />
        ) : (
          <span className="photo-viewer__count" />
        )}
        {/* aria-disabled, not disabled: the button keeps the keyboard when it can do no more. */}
        <button
          type="button"
          className="photo-viewer__button"
          onClick={() => zoomTo(view.scale / 2)}
          aria-disabled={!isZoomed}
          aria-label={t('gallery.zoomOut')}
        >
          <Glyph path="M5 12h14" />
        </button>
        <button
          type="button"
          className="photo-viewer__button"
          onClick={() => zoomTo(view.scale * 2)}
          aria-disabled={view.scale >= MAX_ZOOM}
          aria-label={t('gallery.zoomIn')}
        >
          <Glyph path="M5 12h14M12 5v14" />
        </button>
        <button ref={closeButton} type="button" className="photo-viewer__button" onClick={close} aria-label={t('gallery.close')}>
          <Glyph path="M6 6l12 12M18 6L6 18" />
        </button>
      </div>
      <div
        className={`photo-viewer__stage${isMoving ? ' photo-viewer__stage--moving' : ''}`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onDoubleClick={() => (isZoomed ? setView(AT_REST) : zoomTo(2))}
      >
        <img
          ref={image}
          key={src}
          className="photo-viewer__image"
          src={src}
          alt={photoName(index)}
          style={{ transform }}
          draggable={false}
          decoding="async"
        />
        {count > 1 && (
          <>
            <button
              type="button"
              className="photo-viewer__button photo-viewer__step photo-viewer__step--previous"
              onClick={() => goTo(index - 1)}
              aria-label={t('gallery.previous')}
            >
              <Glyph path="M15 5l-7 7 7 7" flips />
            </button>
            <button
              type="button"
              className="photo-viewer__button photo-viewer__step photo-viewer__step--next"
              onClick={() => goTo(index + 1)}
              aria-label={t('gallery.next')}
            >
              <Glyph path="M9 5l7 7-7 7" flips />
            </button>
          </>
        )}
      </div>
    </dialog>
  );
}

/** A line icon; `flips`: it points along the reading direction, so it is mirrored in right-to-left pages. */
function Glyph({ path, flips = false }: { path: string; flips?: boolean }) {
  return (
    <svg
      className={flips ? 'photo-viewer__glyph photo-viewer__glyph--flips' : 'photo-viewer__glyph'}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
    >
      <path d={path} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
