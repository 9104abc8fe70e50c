import { useState } from 'react';
import { useTranslation } from '@tasko/shared';
import { JOB_NS } from './jobsNamespace';

/**
 * A member's Google picture, or the first letter of their name when there is none or it does not load: on a
 * listing's poster block (56 px, the name beside it says who it is) and on their profile (80 px, described).
 */
export function MemberAvatar({
  name,
  picture,
  alt = '',
  size = 56,
  className,
}: {
  name: string;
  picture?: string;
  alt?: string;
  size?: number;
  className?: string;
}) {
  const [hasFailed, setHasFailed] = useState(false);
  const classes = ['poster__avatar', className].filter(Boolean).join(' ');
  if (picture && !hasFailed) {
    return (
      <img
        className={classes}
        src={picture}
        alt={alt}
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
        onError={() => setHasFailed(true)}
      />
    );
  }
  return (
    <span className={`${classes} poster__avatar--initial`} aria-hidden="true">
      {Array.from(name)[0] ?? '?'}
    </span>
  );
}

/** How many listings the member has open now, and that Google verified their email when it did. */
export function MemberFacts({ activeListings, emailVerified }: { activeListings: number; emailVerified: boolean }) {
  const { t } = useTranslation(JOB_NS);
  return (
    <ul className="poster__facts">
      <li>{activeListings === 0 ? t('poster.noActiveListings') : t('poster.activeListings', { count: activeListings })}</li>
      {emailVerified && (
        <li className="poster__verified">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path
              d="M5 12.5l4.5 4.5L19 7.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          {t('poster.emailVerified')}
        </li>
      )}
    </ul>
  );
}
