import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { Link, useLocation } from '@tasko/shared/router';
import { api, isLoggedInAtom, loginTarget, toApiError, track, useLocalizedPath, useTranslation, type MessageKey } from '@tasko/shared';
import { ReportFields, useReportDraft } from '@tasko/shared/reportFields';
import { JOB_NS } from '../../jobsNamespace';
import { errorText } from '../../errorText';

type Sending =
  | { status: 'editing' }
  | { status: 'sending' }
  | { status: 'failed'; messageKey: MessageKey }
  | { status: 'sent'; messageKey: 'thanks' | 'alreadyReported' };

/**
 * "Report" on a listing (docs/product.md#legal: users can report discriminatory content). Signed in: a modal
 * dialog (the native <dialog>: focus stays inside, Escape closes) with the reasons and a note; what was typed
 * survives a failed send and a closed dialog. Signed out: a way to sign in and come back to this listing.
 */
export function ReportAction({ listingId }: { listingId: number }) {
  const { t } = useTranslation(JOB_NS);
  const { t: tc } = useTranslation('common');
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const location = useLocation();
  const localized = useLocalizedPath();
  const dialog = useRef<HTMLDialogElement>(null);
  const outcome = useRef<HTMLParagraphElement>(null);
  const id = useId();
  const draft = useReportDraft();
  const [sending, setSending] = useState<Sending>({ status: 'editing' });

  // The dialog and its button are gone once sent: the keyboard goes to the answer, not to the page's start.
  useEffect(() => {
    if (sending.status === 'sent') outcome.current?.focus();
  }, [sending.status]);

  if (!isLoggedIn) {
    const target = loginTarget({ redirectTo: location.pathname + location.search });
    return (
      <Link className="button" to={localized(target.to)} state={target.state}>
        {t('report.signIn')}
      </Link>
    );
  }
  if (sending.status === 'sent') {
    return (
      <p ref={outcome} tabIndex={-1} className="alert alert--success" role="status">
        {sending.messageKey === 'thanks' ? t('report.thanks') : tc('errors.alreadyReported')}
      </p>
    );
  }

  const open = () => {
    if (sending.status === 'failed') setSending({ status: 'editing' });
    dialog.current?.showModal();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const report = draft.readyToSend();
    if (!report) return;
    setSending({ status: 'sending' });
    try {
      await api.reportListing(listingId, report);
      track('report', { reason: report.reason });
      dialog.current?.close();
      setSending({ status: 'sent', messageKey: 'thanks' });
    } catch (error) {
      const problem = toApiError(error);
      if (problem.messageKey === 'alreadyReported') {
        dialog.current?.close();
        setSending({ status: 'sent', messageKey: 'alreadyReported' });
      } else {
        setSending({ status: 'failed', messageKey: problem.fields?.note ?? problem.messageKey });
      }
    }
  };
  return (
    <>
      <button type="button" className="button" aria-haspopup="dialog" onClick={open}>
        {t('report.button')}
      </button>
      <dialog ref={dialog} className="dialog report-dialog" aria-labelledby={`${id}-title`}>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <h2 id={`${id}-title`}>{t('report.title')}</h2>
          <ReportFields
            draft={draft}
            legend={t('report.reason')}
            reasonText={(value) => t(`report.reasons.${value}`)}
            noteLabel={t('report.note')}
            fieldClassName="field"
            countClassName="report-dialog__count"
            alertClassName="alert alert--error"
          />
          {sending.status === 'failed' && (
            <p className="alert alert--error" role="alert">
              {errorText(tc, sending.messageKey)}
            </p>
          )}
          <div className="job__actions">
            <button type="submit" className="button button--primary" disabled={sending.status === 'sending'}>
              {t('report.send')}
            </button>
            <button type="button" className="button" onClick={() => dialog.current?.close()}>
              {t('report.cancel')}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
