import { useTranslation } from '@tasko/shared';
import { JOB_NS } from '../../jobsNamespace';

/**
 * Which photo is shown, for the gallery and the full-screen viewer. To the eye a short "2 of 5" in words of the
 * page's language: a word between the numbers keeps them in reading order in right to left, where "2 / 5"
 * would be set as "5 / 2". To a screen reader the whole sentence, "Photo 2 of 5", announced as it changes.
 */
export function PhotoPosition({ index, count, className }: { index: number; count: number; className: string }) {
  const { t } = useTranslation(JOB_NS);
  const where = { n: index + 1, count };
  return (
    <span className={className} aria-live="polite" aria-atomic="true">
      <span aria-hidden="true">{t('gallery.position', where)}</span>
      <span className="visually-hidden">{t('gallery.positionSpoken', where)}</span>
    </span>
  );
}
