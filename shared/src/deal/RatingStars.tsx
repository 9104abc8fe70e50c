import { numberFormatter, useLanguage, useTranslation, type Rating } from '@tasko/shared';
import { DEAL_NS } from './dealNamespace';
import '../styles/deal.css';

/**
 * A member's rating as a short line, "4.6 ★ (12 reviews)", or "No reviews yet". A screen reader hears the
 * sentence instead of the star sign: "Rated 4.6 out of 5 from 12 reviews".
 */
export function RatingStars({ rating, className }: { rating: Rating; className?: string }) {
  const { t } = useTranslation(DEAL_NS);
  const { language } = useLanguage();
  const classes = ['rating-stars', className].filter(Boolean).join(' ');
  if (rating.average === null || rating.count === 0) return <span className={`${classes} rating-stars--none`}>{t('rating.none')}</span>;
  // One decimal always ("4.0", not "4"): the averages of a list line up and read as averages.
  const average = numberFormatter(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rating.average);
  return (
    <span className={classes}>
      <span aria-hidden="true">{t('rating.summary', { average, count: rating.count })}</span>
      <span className="visually-hidden">{t('rating.label', { average, count: rating.count })}</span>
    </span>
  );
}
