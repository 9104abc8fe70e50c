import { useState } from 'react';
import { ApplicantList, DEAL_NS } from '@tasko/shared/deal';
import { useTranslation, type OfferType } from '@tasko/shared';

/**
 * The owner's applicants (a service's requests) on their listing's page, with the moves the owner may make
 * (docs/deal.md, "Hiring"). Its own chunk: only an owner ever downloads the list and its dialogs.
 */
export default function Applicants({ jobId, offerType }: { jobId: number; offerType: OfferType }) {
  const { t } = useTranslation(DEAL_NS);
  const [count, setCount] = useState<number | null>(null);
  return (
    <section className="card job__applicants" aria-labelledby="applicants-title">
      <h2 id="applicants-title">
        {count === null ? t(`applicants.${offerType}.heading`) : t(`applicants.${offerType}.toggleCounted`, { count })}
      </h2>
      <ApplicantList jobId={jobId} offerType={offerType} headingLevel={3} onCountChange={setCount} />
    </section>
  );
}
