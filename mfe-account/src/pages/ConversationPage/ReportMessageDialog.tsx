import { useEffect, useId, useRef, useState, type FormEvent, type SyntheticEvent } from 'react';
import { api, formatNumber, Ltr, REPORT_NOTE_MAX_LENGTH, REPORT_REASONS, toApiError, useLanguage, UserText, useTranslation, type ChatMessage, type MessageKey, type ReportReason } from '@tasko/shared';
import { ACCOUNT_NS } from '../../accountNamespace';
import { excerptOf } from '../messageTexts';

export type ReportOutcome = 'thanks' | 'alreadyReported';

type Sending = { status: 'editing' } | { status: 'sending' } | { status: 'failed'; messageKey: MessageKey };

/**
 * "Report" on the other person's message, as a listing is reported (mfe-jobs' ReportAction): a modal
 * dialog (the native <dialog>: focus stays inside, Escape closes) with the reasons and a note. The page
 * mounts it for one message and unmounts it when it is done or cancelled.
 */
export function ReportMessageDialog({ message, onReported, onCancel }: { message: ChatMessage; onReported: (outcome: ReportOutcome) => void; onCancel: () => void }) {
  const { t } = useTranslation(ACCOUNT_NS);
  const { t: common } = useTranslation('common');
  const { language } = useLanguage();
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [isReasonMissing, setIsReasonMissing] = useState(false);
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
    if (!reason) {
      setIsReasonMissing(true);
      dialog.current?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
      return;
    }
    setSending({ status: 'sending' });
    const trimmed = note.trim();
    try {
      await api.deal.reportMessage(message.id, { reason, ...(trimmed ? { note: trimmed } : {}) });
      onReported('thanks');
    } catch (error) {
      const problem = toApiError(error);
      if (problem.messageKey === 'alreadyReported') onReported('alreadyReported');
      else setSending({ status: 'failed', messageKey: problem.fields?.note ?? problem.messageKey });
    }
  };

  const missingId = `${id}-missing`;
  const countId = `${id}-count`;
  return (
    <dialog ref={dialog} className="dialog message-report" aria-labelledby={`${id}-title`} aria-describedby={`${id}-subject`} onCancel={cancel}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={`${id}-title`}>{t('conversation.report.title')}</h2>
        <p id={`${id}-subject`} className="message-report__subject">
          <UserText>{excerptOf(message.text)}</UserText>
        </p>
        <fieldset className="message-report__reasons" aria-describedby={isReasonMissing ? missingId : undefined} aria-invalid={isReasonMissing || undefined}>
          <legend>{t('conversation.report.reason')}</legend>
          {REPORT_REASONS.map((value) => (
            <label key={value}>
              <input
                type="radio"
                name="reason"
                value={value}
                checked={reason === value}
                onChange={() => {
                  setReason(value);
                  setIsReasonMissing(false);
                }}
              />{' '}
              {t(`conversation.report.reasons.${value}`)}
            </label>
          ))}
        </fieldset>
        {isReasonMissing && (
          <p id={missingId} className="alert alert--error" role="alert">
            {common('errors.reportReasonRequired')}
          </p>
        )}
        <div className="conversation-field">
          <label htmlFor={`${id}-note`}>{t('conversation.report.note')}</label>
          <textarea id={`${id}-note`} dir="auto" maxLength={REPORT_NOTE_MAX_LENGTH} aria-describedby={countId} value={note} onChange={(event) => setNote(event.target.value)} />
          <span id={countId} className="message-report__count">
            <Ltr>
              {formatNumber(note.length, language)} / {formatNumber(REPORT_NOTE_MAX_LENGTH, language)}
            </Ltr>
          </span>
        </div>
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
