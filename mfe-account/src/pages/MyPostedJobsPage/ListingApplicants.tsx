import { lazy, Suspense, useState } from 'react';
import { useDisclosure, useTranslation, type Listing } from '@tasko/shared';
import { DEAL_NS } from '@tasko/shared/dealTexts';

// The list and the rest of the deal kit come when an owner first opens it, not with My posts.
const ApplicantList = lazy(() =>
  import(/* webpackChunkName: "applicant-list" */ '@tasko/shared/deal').then((kit) => ({ default: kit.ApplicantList })),
);

/**
 * A listing's applicants (a service's requests) behind an "Applicants" button: asked for only when the owner
 * first opens it, then kept (moves and new applicants arrive live). The button counts them from the start (the
 * page's figures) and follows the list once it is loaded.
 */
export function ListingApplicants({ listing }: { listing: Listing }) {
  const { t } = useTranslation(DEAL_NS);
  const { t: common } = useTranslation('common');
  const { isOpen, buttonProps, panelProps } = useDisclosure(`listing-${listing.job_id}-applicants`);
  const [hasOpened, setHasOpened] = useState(false);
  const [count, setCount] = useState<number | null>(listing.stats?.applications ?? null);
  if (isOpen && !hasOpened) setHasOpened(true);
  const { offerType } = listing;

  return (
    <div className="my-posts__applicants">
      <button {...buttonProps} className="button my-posts__applicants-toggle">
        {count === null ? t(`applicants.${offerType}.toggle`) : t(`applicants.${offerType}.toggleCounted`, { count })}
        <svg className="my-posts__chevron" viewBox="0 0 12 8" aria-hidden="true" focusable="false">
          <path d="M1 1.5l5 5 5-5" />
        </svg>
      </button>
      <div {...panelProps} className="my-posts__applicants-panel" hidden={!isOpen}>
        {hasOpened && (
          <Suspense fallback={<p role="status">{common('loading')}</p>}>
            <ApplicantList jobId={listing.job_id} offerType={offerType} onCountChange={setCount} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
