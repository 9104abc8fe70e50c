import { useEffect, useId, useRef, useState, type FormEvent, type SyntheticEvent } from 'react';
import { api, toApiError, UserText, useTranslation, type ChatMessage, type MessageKey } from '@tasko/shared';
import { ReportFields, useReportDraft } from '@tasko/shared/reportFields';
import { ACCOUNT_NS } from '../../accountNamespace';
import { excerptOf } from '../messageTexts';

export type ReportOutcome = 'thanks' | 'alreadyReported';

type Sending = { status: 'editing' } | { status: 'sending' } | { status: 'failed'; messageKey: MessageKey };

/**
 * "Report" on the other person's message, as a listing is reported (mfe-jobs' ReportAction): a modal
 * dialog (the native <dialog>: focus stays inside, Escape closes) with the reasons and a note. The page
 * mounts it for one message and unmounts it when it is done or cancelled.
 */
export function ReportMessageDialog({
  message,
  onReported,
  onCancel,
}: {
  message: ChatMessage;
  onReported: (outcome: ReportOutcome) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(ACCOUNT_NS);
  const { t: common } = useTranslation('common');
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const draft = useReportDraft();
  const [sending, setSending] = useState<Sending>({ status: 'editing' });

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal?.();
    element?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
    return () => element?.close?.();
  }, []);

  // The page decides when the dialog goes (it unmounts it), so the browser's own closing is held back.
  const cancel = (event: SyntheticEvent) => {
    event.preventDefault();
    onCancel();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.status === 'sending') return;
    const report = draft.readyToSend();
    if (!report) return;
    setSending({ status: 'sending' });
    try {
      await api.deal.reportMessage(message.id, report);
      onReported('thanks');
    } catch (error) {
      const problem = toApiError(error);
      if (problem.messageKey === 'alreadyReported') onReported('alreadyReported');
      else setSending({ status: 'failed', messageKey: problem.fields?.note ?? problem.messageKey });
    }
  };

  return (
    <dialog
      ref={dialog}
      className="dialog message-report"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-subject`}
      onCancel={cancel}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={`${id}-title`}>{t('conversation.report.title')}</h2>
        <p id={`${id}-subject`} className="message-report__subject">
          <UserText>{excerptOf(message.text)}</UserText>
        </p>
        <ReportFields
          draft={draft}
          legend={t('conversation.report.reason')}
          reasonText={(value) => t(`conversation.report.reasons.${value}`)}
          noteLabel={t('conversation.report.note')}
          fieldsetClassName="message-report__reasons"
          fieldClassName="conversation-field"
          countClassName="message-report__count"
          alertClassName="alert alert--error"
        />
        {sending.status === 'failed' && (
          <p className="alert alert--error" role="alert">
            {common(`errors.${sending.messageKey}`)}
          </p>
        )}
        <div className="message-report__actions">
          <button type="submit" className="button button--primary" aria-disabled={sending.status === 'sending' || undefined}>
            {t('conversation.report.send')}
          </button>
          <button type="button" className="button" onClick={onCancel}>
            {t('conversation.report.cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
