import { useRef, useState, type KeyboardEvent } from 'react';
import { LIMITS, useLanguage, useTranslation } from '@tasko/shared';
import { JOBS_NS } from '../../jobsNamespace';

/**
 * Up to five photos: swipe (scroll snap) on touch, arrow keys, Home and End, or the buttons on a keyboard.
 * The arrows follow the reading direction, as the track does in right-to-left pages.
 */
export function Gallery({ photos: allPhotos, title }: { photos: string[]; title: string }) {
  const { t } = useTranslation(JOBS_NS);
  const { dir } = useLanguage();
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  // The photo a button or key asked for, while the smooth scroll toward it is under way: the scroll events on
  // the way there must not pull the counter back to the photos it passes.
  const scrollingTo = useRef<number | null>(null);
  const photos = allPhotos.slice(0, LIMITS.maxImages);
  if (photos.length === 0) return null;
  const count = photos.length;

  const show = (next: number) => {
    const target = (next + count) % count;
    setIndex(target);
    scrollingTo.current = target;
    track.current?.children[target]?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest', inline: 'center' });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const forward = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    if (event.key === forward) show(index + 1);
    else if (event.key === backward) show(index - 1);
    else if (event.key === 'Home') show(0);
    else if (event.key === 'End') show(count - 1);
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

  return (
    <section className="gallery" aria-roledescription={t('gallery.label')} aria-label={t('gallery.labelFor', { title })}>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex, jsx-a11y/no-noninteractive-element-interactions -- a scrolling region must take focus so a keyboard can scroll it (WCAG 2.1.1, axe scrollable-region-focusable); its keys move between the photos, and no interactive role describes a track of photos */}
      <div ref={track} className="gallery__track" tabIndex={0} role="group" aria-label={t('gallery.photo', { n: index + 1, count, title })} onKeyDown={onKeyDown} onScroll={onScroll} onPointerDown={onUserScroll} onWheel={onUserScroll}>
        {photos.map((src, i) => (
          <figure key={src} className="gallery__slide" aria-hidden={i !== index}>
            <img src={src} alt={t('gallery.photo', { n: i + 1, count, title })} width={800} height={500} loading={i === 0 ? 'eager' : 'lazy'} decoding="async" />
          </figure>
        ))}
      </div>
      {count > 1 && (
        <div className="gallery__controls">
          <button type="button" className="button" onClick={() => show(index - 1)}>
            {t('gallery.previous')}
          </button>
          <span aria-live="polite">{t('gallery.position', { n: index + 1, count })}</span>
          <button type="button" className="button" onClick={() => show(index + 1)}>
            {t('gallery.next')}
          </button>
        </div>
      )}
    </section>
  );
}
