import { Trans } from 'react-i18next';
import { Link } from '@tasko/shared/router';
import { i18n, useLocalizedPath, useTranslation } from '@tasko/shared';
import { JOB_NS } from '../../jobsNamespace';

/**
 * What to do when a listing is not there: a sentence with a link to the search inside it, as each language
 * places it. Its own chunk: Trans (react-i18next's) would otherwise add its bytes to every listing's first visit
 * for a page few people see.
 */
export default function NotFoundNextStep() {
  const { t } = useTranslation(JOB_NS);
  const localized = useLocalizedPath();
  return (
    <p>
      <Trans i18n={i18n} t={t} i18nKey="job.notFoundNext" components={{ search: <Link to={localized('/')} /> }} />
    </p>
  );
}
