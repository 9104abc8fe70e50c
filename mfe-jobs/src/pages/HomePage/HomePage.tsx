import { useAtomValue } from 'jotai';
import { Link } from '@tasko/shared/router';
import { isLoggedInAtom, postIntentTarget, useLocalizedPath, useTranslation } from '@tasko/shared';
import { ListingResults, ListingSearchControls, useListingSearch } from '@tasko/shared/listing';
import { JOBS_NS } from '../../jobsNamespace';
import '@tasko/shared/styles/listing.css';
import '../jobs.css';

export default function HomePage() {
  const { t } = useTranslation(JOBS_NS);
  const localized = useLocalizedPath();
  // "Submit a request now": the job form when signed in, else sign-in with the post_job intent.
  const request = postIntentTarget('post_job', useAtomValue(isLoggedInAtom));
  const { search, result, update, submit, retry, resultsFocusRequest } = useListingSearch('job');

  return (
    <section className="page jobs-page" aria-labelledby="home-title">
      <header className="jobs-hero">
        <h1 id="home-title">{t('home.title')}</h1>
        <p>{t('home.intro')}</p>
        <Link className="button button--primary" to={localized(request.to)} state={request.state}>
          {t('home.cta')}
        </Link>
      </header>
      <ListingSearchControls search={search} offerType="job" onChange={update} onSearch={submit} />
      <ListingResults
        search={search}
        result={result}
        offerType="job"
        failureText={t('failed')}
        onRetry={retry}
        onPage={update}
        focusRequest={resultsFocusRequest}
      />
    </section>
  );
}
