// The fields of every report (a listing, a message, a review): the reasons and a note, with the check that a
// reason was chosen. Not in the shared core: imported through `@tasko/shared/reportFields`, and each remote
// that reports carries its own copy. Each form keeps its own frame (a dialog, a form in place) and its texts.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
// By the package's name: the page's one copy of the core (its i18n, its language), from the shell.
import { formatNumber, Ltr, REPORT_NOTE_MAX_LENGTH, REPORT_REASONS, useLanguage, useTranslation, type ReportReason } from '@tasko/shared';

/** What a report form holds while it is written: the reason, the note, and whether a send found no reason. */
export interface ReportDraft {
  reason: ReportReason | null;
  note: string;
  isReasonMissing: boolean;
  choose(reason: ReportReason): void;
  setNote(note: string): void;
  /** Sends that found no reason: each one takes the keyboard to the first reason (ReportFields). */
  missingCount: number;
  /**
   * Before a send: the report's body, or null (the missing reason said, and the keyboard on the first
   * reason) when no reason was chosen.
   */
  readyToSend(): { reason: ReportReason; note?: string } | null;
}

export function useReportDraft(): ReportDraft {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [isReasonMissing, setIsReasonMissing] = useState(false);
  const [missingCount, setMissingCount] = useState(0);
  return {
    reason,
    note,
    isReasonMissing,
    missingCount,
    choose(chosen) {
      setReason(chosen);
      setIsReasonMissing(false);
    },
    setNote,
    readyToSend() {
      if (!reason) {
        setIsReasonMissing(true);
        setMissingCount((count) => count + 1);
        return null;
      }
      const trimmed = note.trim();
      return { reason, ...(trimmed ? { note: trimmed } : {}) };
    },
  };
}

export interface ReportFieldsProps {
  draft: ReportDraft;
  /** The texts, from the form's own namespace. */
  legend: ReactNode;
  reasonText: (reason: ReportReason) => ReactNode;
  noteLabel: ReactNode;
  /** Each form's own look: the note's field, its counter and the missing reason's alert. */
  fieldClassName: string;
  countClassName: string;
  alertClassName: string;
  fieldsetClassName?: string;
  /** The radios' group name: unique on the page when several forms can be open at once. */
  radioName?: string;
  noteRows?: number;
}

/** The reasons (one required), the note with its counter, and the missing reason's alert. */
export function ReportFields({
  draft,
  legend,
  reasonText,
  noteLabel,
  fieldClassName,
  countClassName,
  alertClassName,
  fieldsetClassName,
  radioName = 'reason',
  noteRows,
}: ReportFieldsProps) {
  const { t } = useTranslation('common');
  const { language } = useLanguage();
  const id = useId();
  const missingId = `${id}-missing`;
  const countId = `${id}-count`;
  const fields = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (draft.missingCount > 0) fields.current?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
  }, [draft.missingCount]);
  return (
    <>
      <fieldset
        ref={fields}
        className={fieldsetClassName}
        aria-describedby={draft.isReasonMissing ? missingId : undefined}
        aria-invalid={draft.isReasonMissing || undefined}
      >
        <legend>{legend}</legend>
        {REPORT_REASONS.map((value) => (
          <label key={value}>
            <input type="radio" name={radioName} value={value} checked={draft.reason === value} onChange={() => draft.choose(value)} />{' '}
            {reasonText(value)}
          </label>
        ))}
      </fieldset>
      {draft.isReasonMissing && (
        <p id={missingId} className={alertClassName} role="alert">
          {t('errors.reportReasonRequired')}
        </p>
      )}
      <div className={fieldClassName}>
        <label htmlFor={`${id}-note`}>{noteLabel}</label>
        <textarea
          id={`${id}-note`}
          dir="auto"
          {...(noteRows ? { rows: noteRows } : {})}
          maxLength={REPORT_NOTE_MAX_LENGTH}
          aria-describedby={countId}
          value={draft.note}
          onChange={(event) => draft.setNote(event.target.value)}
        />
        <span id={countId} className={countClassName}>
          <Ltr>
            {formatNumber(draft.note.length, language)} / {formatNumber(REPORT_NOTE_MAX_LENGTH, language)}
          </Ltr>
        </span>
      </div>
    </>
  );
}
