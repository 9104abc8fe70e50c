import { useState } from 'react';
import { useTranslation } from '@tasko/shared';
import { ConfirmDialog } from '@tasko/shared/confirmDialog';
import { ListingResults, ListingSearchControls, useListingSearch, type SearchResult } from '@tasko/shared/listing';
import { SERVICES_NS } from '../../servicesNamespace';
import '@tasko/shared/styles/listing.css';

export default function ServicesPage() {
  const { t } = useTranslation(SERVICES_NS);
  const { search, result, update, submit, retry, resultsFocusRequest } = useListingSearch('service');
  // Every failed search is a new result, so closing the popup dismisses this failure and not the next one.
  const [dismissedFailure, setDismissedFailure] = useState<SearchResult | null>(null);

  return (
    <section className="page services-page" aria-labelledby="services-title">
      <h1 id="services-title">{t('title')}</h1>
      <p className="page__intro">{t('intro')}</p>
      <ListingSearchControls search={search} offerType="service" onChange={update} onSearch={submit} />
      {/* The server problem interrupts as a popup; once closed, the results' own panel keeps the retry. */}
      {result.status === 'failed' && result !== dismissedFailure && (
        <ConfirmDialog
          role="alertdialog"
          question={t('failed')}
          confirmLabel={t('retry')}
          cancelLabel={t('close')}
          onConfirm={retry}
          onCancel={() => setDismissedFailure(result)}
        />
      )}
      {/* The loading text (docs/product.md#routes), shown above the card placeholders (which announce it to screen readers). */}
      {result.status === 'loading' && !result.page && (
        <p className="services-page__loading" aria-hidden="true">
          {t('loading')}
        </p>
      )}
      <ListingResults
        search={search}
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
