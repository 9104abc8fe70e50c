import { useCallback, useEffect, useId, useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from '@tasko/shared/router';
import { LIMITS, useLanguage, useTranslation } from '@tasko/shared';
import { JOB_NS } from '../../jobsNamespace';
import { PhotoPosition } from './PhotoPosition';
import type { PhotoViewerProps } from './PhotoViewer';

/** The full-screen viewer is fetched the first time someone wants it, never with the page's own scripts. */
let viewerModule: Promise<ComponentType<PhotoViewerProps>> | null = null;
function loadViewer(): Promise<ComponentType<PhotoViewerProps>> {
  viewerModule ??= import('./PhotoViewer').then(
    (module) => module.default,
    (error: unknown) => {
      // A failed fetch (offline) is tried again on the next tap.
      viewerModule = null;
      throw error;
    },
  );
  return viewerModule;
}

/** The history entry of an open viewer carries which photo it shows, so Back closes it as it would a page. */
const VIEWER_STATE_KEY = 'photoViewer';

function viewerIndexOf(state: unknown, count: number): number | null {
  if (typeof state !== 'object' || state === null) return null;
  const index = (state as Record<string, unknown>)[VIEWER_STATE_KEY];
  return typeof index === 'number' && Number.isInteger(index) && index >= 0 && index < count ? index : null;
}

function withoutViewer(state: unknown): unknown {
  if (typeof state !== 'object' || state === null) return state;
  const { [VIEWER_STATE_KEY]: _viewer, ...rest } = state as Record<string, unknown>;
  return Object.keys(rest).length > 0 ? rest : null;
}

/**
 * A listing's photos. Several: a track that swipes (scroll snap) and follows the arrow keys, Home and End in
 * the reading direction, with buttons for each step; one photo: just that photo. A tap (or Enter) on a photo
 * opens it full screen, with zoom, in a history entry of its own: Back, Escape or Close shut it and give the
 * keyboard back to the photo that opened it.
 */
export function Gallery({ photos: allPhotos, title }: { photos: string[]; title: string }) {
  const { t } = useTranslation(JOB_NS);
  const { dir } = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const track = useRef<HTMLDivElement>(null);
  const openers = useRef<(HTMLButtonElement | null)[]>([]);
  const [index, setIndex] = useState(0);
  const [Viewer, setViewer] = useState<ComponentType<PhotoViewerProps> | null>(null);
  // The photo a button or key asked for, while the smooth scroll toward it is under way: the scroll events on
  // the way there must not pull the counter back to the photos it passes.
  const scrollingTo = useRef<number | null>(null);
  // Whether this page pushed the viewer's history entry (a reload restores one it did not push).
  const pushedEntry = useRef(false);
  const photos = allPhotos.slice(0, LIMITS.maxImages);
  const count = photos.length;
  const viewing = viewerIndexOf(location.state as unknown, count);
  const wasViewing = useRef(false);
  const hintId = useId();

  const { pathname, search, hash } = location;
  /** Back out of the viewer's history entry, or drop it from the entry a reload restored. */
  const close = useCallback(() => {
    if (pushedEntry.current) {
      pushedEntry.current = false;
      navigate(-1);
    } else {
      navigate({ pathname, search, hash }, { replace: true, state: withoutViewer(location.state as unknown) });
    }
  }, [navigate, pathname, search, hash, location.state]);

  // The viewer's code arrives with its first use; a failed fetch (offline) closes it again, page as it was.
  useEffect(() => {
    if (viewing === null || Viewer) return undefined;
    let isCurrent = true;
    loadViewer().then(
      (component) => {
        if (isCurrent) setViewer(() => component);
      },
      () => {
        if (isCurrent) close();
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [viewing, Viewer, close]);

  // Closed (Escape, Close or Back): the keyboard goes back to the photo it was showing.
  useEffect(() => {
    if (viewing === null && wasViewing.current) openers.current[index]?.focus({ preventScroll: true });
    wasViewing.current = viewing !== null;
  }, [viewing, index]);

  if (count === 0) return null;

  const open = (photo: number) => {
    setIndex(photo);
    pushedEntry.current = true;
    const state: unknown = location.state;
    const kept = typeof state === 'object' && state !== null ? state : {};
    navigate({ pathname, search, hash }, { state: { ...kept, [VIEWER_STATE_KEY]: photo } });
  };
  const scrollTo = (photo: number) => {
    scrollingTo.current = photo;
    track.current?.children[photo]?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest', inline: 'center' });
  };
  const show = (next: number, { focus = false } = {}) => {
    const target = (next + count) % count;
    setIndex(target);
    scrollTo(target);
    if (focus) openers.current[target]?.focus({ preventScroll: true });
  };
  // The viewer moved on: the track follows, so closing it lands on the photo last seen.
  const onViewerIndex = (photo: number) => {
    setIndex(photo);
    scrollTo(photo);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const forward = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    if (event.key === forward) show(index + 1, { focus: true });
    else if (event.key === backward) show(index - 1, { focus: true });
    else if (event.key === 'Home') show(0, { focus: true });
    else if (event.key === 'End') show(count - 1, { focus: true });
    else return;
    event.preventDefault();
  };
  // A swipe moves the track itself: the counter follows whichever photo is in view.
  const onScroll = () => {
    const el = track.current;
    const first = el?.children[0] as HTMLElement | undefined;
    const second = el?.children[1] as HTMLElement | undefined;
    if (!el || !first || !second) return;
    const pitch = Math.abs(second.offsetLeft - first.offsetLeft);
    if (pitch === 0) return;
    const current = Math.min(count - 1, Math.round(Math.abs(el.scrollLeft) / pitch));
    if (scrollingTo.current !== null) {
      if (current === scrollingTo.current) scrollingTo.current = null;
      return;
    }
    if (current !== index) setIndex(current);
  };
  // A finger or a wheel takes over from a scroll that a button started.
  const onUserScroll = () => {
    scrollingTo.current = null;
  };
  // Fetched as soon as a photo is touched or reached by the keyboard, so the tap that follows opens at once.
  const warmViewer = () => {
    loadViewer().catch(() => undefined);
  };

  const photoName = (i: number) => (count === 1 ? t('gallery.onlyPhoto', { title }) : t('gallery.photo', { n: i + 1, count, title }));
  const photoButton = (src: string, i: number) => (
    <button
      ref={(el) => {
        openers.current[i] = el;
      }}
      type="button"
      className="gallery__open"
      // One stop for the whole track: the photo shown; the arrows move between them.
      tabIndex={count === 1 ? undefined : i === index ? 0 : -1}
      aria-haspopup="dialog"
      aria-describedby={hintId}
      onClick={() => open(i)}
      onPointerDown={warmViewer}
      onFocus={warmViewer}
    >
      <img src={src} alt={photoName(i)} width={800} height={500} loading={i === 0 ? 'eager' : 'lazy'} decoding="async" />
      <ExpandIcon />
    </button>
  );

  const viewer =
    viewing !== null && Viewer ? (
      <Viewer photos={photos} title={title} start={viewing} photoName={photoName} onIndexChange={onViewerIndex} onClose={close} />
    ) : null;

  const hint = (
    <span id={hintId} hidden>
      {t('gallery.openHint')}
    </span>
  );

  if (count === 1) {
    // One photo is a photo, not a gallery: no track, no counter, no arrows; a tap still shows it full screen.
    return (
      <figure className="gallery gallery--single">
        {photoButton(photos[0] as string, 0)}
        {hint}
        {viewer}
      </figure>
    );
  }

  return (
    <section className="gallery" aria-roledescription={t('gallery.label')} aria-label={t('gallery.labelFor', { title })}>
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions -- the arrow keys of the photo buttons inside, caught once for the track (roving focus); every photo is itself a button */}
      <div
        ref={track}
        className="gallery__track"
        onKeyDown={onKeyDown}
        onScroll={onScroll}
        onPointerDown={onUserScroll}
        onWheel={onUserScroll}
      >
        {photos.map((src, i) => (
          <figure key={src} className="gallery__slide" aria-hidden={i !== index || undefined}>
            {photoButton(src, i)}
          </figure>
        ))}
      </div>
      <div className="gallery__controls">
        <button type="button" className="button" onClick={() => show(index - 1)}>
          {t('gallery.previous')}
        </button>
        <PhotoPosition className="gallery__position" index={index} count={count} />
        <button type="button" className="button" onClick={() => show(index + 1)}>
          {t('gallery.next')}
        </button>
      </div>
      {hint}
      {viewer}
    </section>
  );
}

/** The corner mark that says a photo opens larger (the name and the hint say it to a screen reader). */
function ExpandIcon() {
  return (
    <svg className="gallery__expand" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
