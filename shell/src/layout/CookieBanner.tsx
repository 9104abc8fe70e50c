import { useLayoutEffect, useRef, useState, type FocusEvent, type RefObject } from 'react';
import { Link } from '@tasko/shared/router';
import {
  CONSENT_EVENT,
  COOKIE_ACCEPTED,
  COOKIE_DECLINED,
  STORAGE_KEYS,
  storedConsent,
  useLocalizedPath,
  useTranslation,
} from '@tasko/shared';

/**
 * The CSS variable the banner sets on <html> while it is on screen: the height it covers at the bottom of
 * the window (its own height and its gap to the edge). `html { scroll-padding-block-end }` reserves it, so
 * an element that takes focus is scrolled out from under the banner (WCAG 2.4.11), and the body's padding,
 * so the end of the page (the footer's links) can be scrolled above it.
 */
export const BANNER_SIZE_VARIABLE = '--cookie-banner-block-size';

const ANSWERS = new Set<string>([COOKIE_ACCEPTED, COOKIE_DECLINED]);

/** The space the banner covers at the bottom of the window, kept in `BANNER_SIZE_VARIABLE` while it is shown. */
function useReservedSpace(banner: RefObject<HTMLElement>, isVisible: boolean): void {
  useLayoutEffect(() => {
    const element = banner.current;
    const root = document.documentElement;
    if (!isVisible || !element) return undefined;
    const measure = () => {
      const gap = parseFloat(getComputedStyle(element).insetBlockEnd) || 0;
      root.style.setProperty(BANNER_SIZE_VARIABLE, `${Math.ceil(element.getBoundingClientRect().height + gap)}px`);
    };
    measure();
    // Its height changes with the width (the text wraps) and the language: measured again on every change.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(BANNER_SIZE_VARIABLE);
    };
  }, [banner, isVisible]);
}

/** The page's first tab stop, just before the banner: where the focus goes back to when it came from nowhere. */
const PAGE_START_SELECTOR = '.skip-link';

/**
 * Shown until the visitor answers (docs/product.md#legal, "Cookie consent"): "Accept" turns on first-party
 * analytics, "Decline" keeps it off; either answer is remembered on the device, so the banner does not come back. It comes right after
 * the skip link, so the keyboard reaches it at once, but it never takes the focus by itself.
 * Answering leaves the page where it is: a focus that was in the banner goes back, without scrolling, to
 * where it came from, or to the start of the page (the skip link), never to the <body> the removed button
 * leaves behind (WCAG 2.4.3). A focus that was elsewhere (a tap that does not focus, as in Safari) stays.
 */
export function CookieBanner() {
  const { t } = useTranslation('common');
  const localized = useLocalizedPath();
  const [isVisible, setIsVisible] = useState(() => !ANSWERS.has(storedConsent() ?? ''));
  const banner = useRef<HTMLElement>(null);
  const focusBefore = useRef<HTMLElement | null>(null);
  useReservedSpace(banner, isVisible);
  if (!isVisible) return null;

  const onFocus = (e: FocusEvent<HTMLElement>) => {
    const from = e.relatedTarget;
    // Where focus came from, outside the banner; <body> is no place to come back to.
    if (from instanceof HTMLElement && from !== document.body && !e.currentTarget.contains(from)) focusBefore.current = from;
  };

  const answer = (value: typeof COOKIE_ACCEPTED | typeof COOKIE_DECLINED) => {
    try {
      localStorage.setItem(STORAGE_KEYS.cookieConsent, value);
    } catch {
      // Storage blocked: the banner comes back next visit, which is the honest outcome.
    }
    if (value === COOKIE_ACCEPTED) window.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: COOKIE_ACCEPTED }));
    if (banner.current?.contains(document.activeElement)) {
      const before = focusBefore.current;
      const target = before?.isConnected ? before : document.querySelector<HTMLElement>(PAGE_START_SELECTOR);
      // The view stays where the reader is: only the place of the keyboard moves.
      target?.focus({ preventScroll: true });
    }
    setIsVisible(false);
  };

  return (
    <section ref={banner} className="cookie-banner" aria-label={t('cookie.label')} onFocus={onFocus}>
      <p>
        {t('cookie.text')} <Link to={localized('/privacy-policy')}>{t('cookie.privacyLink')}</Link>
      </p>
      {/* Two answers of one size and one weight: declining is as easy to see and to press as accepting. */}
      <div className="cookie-banner__actions">
        <button type="button" className="button cookie-banner__answer" onClick={() => answer(COOKIE_ACCEPTED)}>
          {t('cookie.accept')}
        </button>
        <button type="button" className="button cookie-banner__answer" onClick={() => answer(COOKIE_DECLINED)}>
          {t('cookie.decline')}
        </button>
      </div>
    </section>
  );
}
