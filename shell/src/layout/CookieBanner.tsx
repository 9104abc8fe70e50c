import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CONSENT_EVENT, COOKIE_ACCEPTED, STORAGE_KEYS, useLocalizedPath, useTranslation } from '@tasko/shared';

const DISMISSED_FOR_SESSION = 'tasko.cookieBannerClosed';

function readFlag(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

/**
 * Shown until accepted, which is remembered on the device (SPEC §2). "Close" only hides it for this visit:
 * it is not consent, so analytics stays off.
 */
export function CookieBanner() {
  const { t } = useTranslation('common');
  const localized = useLocalizedPath();
  const [isVisible, setIsVisible] = useState(
    () => readFlag(() => localStorage, STORAGE_KEYS.cookieConsent) !== COOKIE_ACCEPTED && readFlag(() => sessionStorage, DISMISSED_FOR_SESSION) === null,
  );
  if (!isVisible) return null;

  const accept = () => {
    try {
      localStorage.setItem(STORAGE_KEYS.cookieConsent, COOKIE_ACCEPTED);
    } catch {
      // Storage blocked: the banner comes back next visit, which is the honest outcome.
    }
    window.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: COOKIE_ACCEPTED }));
    setIsVisible(false);
  };
  const dismiss = () => {
    try {
      sessionStorage.setItem(DISMISSED_FOR_SESSION, '1');
    } catch {
      // Nothing to remember it in: hidden until the next page load.
    }
    setIsVisible(false);
  };

  return (
    <section className="cookie-banner" aria-label={t('cookie.label')}>
      <p>
        {t('cookie.text')} <Link to={localized('/privacy-policy')}>{t('cookie.privacyLink')}</Link>
      </p>
      <div className="cookie-banner__actions">
        <button type="button" className="button button--primary" onClick={accept}>
          {t('cookie.accept')}
        </button>
        <button type="button" className="button" onClick={dismiss}>
          {t('cookie.close')}
        </button>
      </div>
    </section>
  );
}
