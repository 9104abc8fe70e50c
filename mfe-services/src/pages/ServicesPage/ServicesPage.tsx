import { useEffect, useRef } from 'react';
import { useTranslation } from '@tasko/shared';
import { ListingResults, ListingSearchControls, useListingSearch } from '@tasko/shared/listing';
import { SERVICES_NS } from '../../servicesNamespace';
import '@tasko/shared/styles/listing.css';

/** A failed load (SPEC §8): the server-problem message in a popup (Escape or Close dismiss it), with a retry. */
function ServerProblem({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation(SERVICES_NS);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
    return () => el?.close();
  }, []);
  return (
    <dialog ref={dialog} className="dialog" aria-labelledby="server-problem" role="alertdialog">
      <p id="server-problem">{t('failed')}</p>
      <div className="job__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            dialog.current?.close();
            onRetry();
          }}
        >
          {t('retry')}
        </button>
        <button type="button" className="button" onClick={() => dialog.current?.close()}>
          {t('close')}
        </button>
      </div>
    </dialog>
  );
}

export default function ServicesPage() {
  const { t } = useTranslation(SERVICES_NS);
  const { search, result, update, submit, retry, resultsFocusRequest } = useListingSearch('service');

  return (
    <section className="page services-page" aria-labelledby="services-title">
      <h1 id="services-title">{t('title')}</h1>
      <p className="page__intro">{t('intro')}</p>
      <ListingSearchControls search={search} offerType="service" onChange={update} onSearch={submit} />
      {result.status === 'failed' && <ServerProblem onRetry={retry} />}
      {/* SPEC §2: the loading text, shown above the card placeholders (which announce it to screen readers). */}
      {result.status === 'loading' && !result.page && (
        <p className="services-page__loading" aria-hidden="true">
          {t('loading')}
        </p>
      )}
      <ListingResults
        result={result}
        offerType="service"
        layout="grid"
        failureText={t('failed')}
        onRetry={retry}
        onPage={update}
        focusRequest={resultsFocusRequest}
      />
    </section>
  );
}
