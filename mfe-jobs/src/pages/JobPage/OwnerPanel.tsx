import { useEffect, useRef, useState } from 'react';
import { Link } from '@tasko/shared/router';
import { api, useLanguage, useLocalizedPath, useTranslation, type Listing } from '@tasko/shared';
import { ConfirmDialog } from '@tasko/shared/confirmDialog';
import { JOB_NS } from '../../jobsNamespace';

type OwnerAction = 'close' | 'reactivate';

type Progress =
  | { status: 'idle' }
  | { status: 'confirming' }
  | { status: 'working'; action: OwnerAction }
  | { status: 'done'; action: OwnerAction }
  | { status: 'failed'; action: OwnerAction };

/**
 * What the owner of a listing sees in place of "Apply" and "Report": its status, and Edit (the posting
 * form's edit mode), Close (after a question, as on "My posts") or Reactivate. The button that replaces
 * the one pressed takes the keyboard, and the outcome is announced.
 */
export function OwnerPanel({ listing, onChange }: { listing: Listing; onChange: (changed: Listing) => void }) {
  const { t } = useTranslation(JOB_NS);
  const { t: tc } = useTranslation('common');
  const localized = useLocalizedPath();
  const { language } = useLanguage();
  const [progress, setProgress] = useState<Progress>({ status: 'idle' });
  const closeButton = useRef<HTMLButtonElement>(null);
  const reactivateButton = useRef<HTMLButtonElement>(null);
  const isActive = listing.status === 'active';

  // After an action, or a question answered "no": the keyboard stays on the button now in that place.
  const focusAfter = useRef(false);
  useEffect(() => {
    if (!focusAfter.current || progress.status === 'working' || progress.status === 'confirming') return;
    focusAfter.current = false;
    (isActive ? closeButton : reactivateButton).current?.focus();
  }, [progress.status, isActive]);

  const run = async (action: OwnerAction) => {
    setProgress({ status: 'working', action });
    focusAfter.current = true;
    try {
      onChange(action === 'close' ? await api.closeJob(listing.job_id, language) : await api.activateJob(listing.job_id, language));
      setProgress({ status: 'done', action });
    } catch {
      setProgress({ status: 'failed', action });
    }
  };
  const isWorking = progress.status === 'working';

  let notice = '';
  if (progress.status === 'done') notice = t(progress.action === 'close' ? 'owner.closedNotice' : 'owner.reactivatedNotice');
  const failure = progress.status === 'failed' ? t(progress.action === 'close' ? 'owner.closeFailed' : 'owner.reactivateFailed') : '';

  return (
    <section className="card job__owner" aria-labelledby="owner-title">
      <h2 id="owner-title">{t('owner.title')}</h2>
      <p>
        <span className={`status status--${listing.status}`}>{tc(`statuses.${listing.status}`)}</span>{' '}
        {t(isActive ? 'owner.activeNote' : 'owner.closedNote')}
      </p>
      {listing.hidden && <p className="alert">{t('owner.hidden')}</p>}
      <div className="job__actions">
        <Link className="button button--primary" to={localized(`/post-job?edit=${listing.job_id}`)}>
          {tc('listingActions.edit')}
        </Link>
        {isActive ? (
          <button
            ref={closeButton}
            type="button"
            className="button"
            aria-haspopup="dialog"
            disabled={isWorking}
            onClick={() => setProgress({ status: 'confirming' })}
          >
            {tc('listingActions.close')}
          </button>
        ) : (
          <button ref={reactivateButton} type="button" className="button" disabled={isWorking} onClick={() => void run('reactivate')}>
            {tc('listingActions.reactivate')}
          </button>
        )}
      </div>
      <p role="status" className="job__owner-notice">
        {notice}
      </p>
      {failure && (
        <p role="alert" className="alert alert--error">
          {failure}
        </p>
      )}
      {progress.status === 'confirming' && (
        <ConfirmDialog
          role="alertdialog"
          question={t(listing.offerType === 'service' ? 'owner.confirmCloseService' : 'owner.confirmClose')}
          detail={t('owner.confirmCloseDetail')}
          confirmLabel={tc('listingActions.close')}
          cancelLabel={t('owner.keepOpen')}
          onConfirm={() => void run('close')}
          onCancel={() => {
            focusAfter.current = true;
            setProgress({ status: 'idle' });
          }}
        />
      )}
    </section>
  );
}
