import { useTranslation } from '@tasko/shared';
import { ListingResults, ListingSearchControls, useListingSearch } from '@tasko/shared/listing';
import { JOBS_NS } from '../../jobsNamespace';
import '@tasko/shared/styles/listing.css';
import '../jobs.css';

/**
 * Task search (docs/product.md#search): idle until a first search, then loading, succeeded or "Failed to fetch
 * tasks".
 */
export default function TasksPage() {
  const { t } = useTranslation(JOBS_NS);
  const { search, result, update, submit, retry, resultsFocusRequest } = useListingSearch('job', { isIdleWithoutQuery: true });

  return (
    <section className="page jobs-page" aria-labelledby="tasks-title">
      <h1 id="tasks-title">{t('tasks.title')}</h1>
      <p className="page__intro">{t('tasks.intro')}</p>
      <ListingSearchControls search={search} offerType="job" onChange={update} onSearch={submit} hasAlert={result.status !== 'idle'} />
      {result.status === 'idle' && <p className="listing-results__idle">{t('tasks.idle')}</p>}
      <ListingResults
        search={search}
        result={result}
        offerType="job"
        failureText={t('tasks.failed')}
        onRetry={retry}
        onPage={update}
        focusRequest={resultsFocusRequest}
      />
    </section>
  );
}
