import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { Link } from '@tasko/shared/router';
import {
  api,
  authStore,
  DEAL_LIMITS,
  formatNumber,
  Ltr,
  normalizeIsraeliPhone,
  toApiError,
  useLanguage,
  useLocalizedPath,
  userAtom,
  useTranslation,
  type Application,
  type Listing,
  type MessageKey,
} from '@tasko/shared';
import { JOB_NS } from '../../jobsNamespace';
import { errorText } from '../../errorText';

/** The counter shows from this share of the limit on: below it, it is noise on a phone's small screen. */
const COUNTER_FROM = 0.8;

/**
 * What was typed, kept in this tab when the session turns out to have expired: the site sends the visitor to
 * sign in and back here, and the form is whole again (for the same account and listing only).
 */
const DRAFT_KEY = 'tasko.applyDraft';

interface Draft {
  message: string;
  isSharingPhone: boolean;
  phone: string;
}

interface StoredDraft extends Draft {
  email: string;
  jobId: number;
}

function takeStoredDraft(email: string | undefined, jobId: number): Draft | null {
  try {
    const raw = sessionStorage.getItem(DRAFT_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<StoredDraft>;
    if (stored.email !== email || stored.jobId !== jobId) return null;
    sessionStorage.removeItem(DRAFT_KEY);
    return { message: String(stored.message ?? ''), isSharingPhone: stored.isSharingPhone === true, phone: String(stored.phone ?? '') };
  } catch {
    return null;
  }
}

function keepDraft(draft: StoredDraft): void {
  try {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage blocked: nothing more to do, the sign-in page is on its way.
  }
}

function setStoredAgeConfirmed(isConfirmed: boolean): void {
  const current = authStore.get(userAtom);
  if (current && current.info.ageConfirmed !== isConfirmed)
    authStore.set(userAtom, { ...current, info: { ...current.info, ageConfirmed: isConfirmed } });
}

type FieldName = 'message' | 'phone' | 'age';
type FieldErrors = Partial<Record<FieldName, MessageKey>>;
type Sending =
  | { status: 'editing' }
  | { status: 'sending' }
  | { status: 'failed'; messageKey: MessageKey }
  | { status: 'sent'; application: Application };

/**
 * The application itself (docs/deal.md, "The loop"): a message to the poster and, if the applicant chooses, a
 * phone number only the poster sees. Whatever fails, what was typed stays in the form. Sent, it gives way to
 * the conversation the application opened.
 */
export default function ApplyForm({ listing }: { listing: Listing }) {
  const { t } = useTranslation(JOB_NS);
  const { t: tc } = useTranslation('common');
  const { language } = useLanguage();
  const localized = useLocalizedPath();
  const user = useAtomValue(userAtom);
  const id = useId();
  const isService = listing.offerType === 'service';
  const max = DEAL_LIMITS.applicationMessageMaxLength;

  const [draft, setDraft] = useState<Draft>(
    () => takeStoredDraft(user?.info.email, listing.job_id) ?? { message: '', isSharingPhone: false, phone: '' },
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState<Sending>({ status: 'editing' });
  // As on the posting form: an account that has not confirmed its age does it here, before the first send.
  const [needsAge, setNeedsAge] = useState(user?.info.ageConfirmed === false);
  const [isAgeConfirmed, setIsAgeConfirmed] = useState(false);
  const outcome = useRef<HTMLDivElement>(null);
  // A new object per request, so asking again for the same field moves the keyboard again; asked after the
  // render that shows the field (the age checkbox appears with the answer that asks for it).
  const [focusRequest, setFocusRequest] = useState<{ name: FieldName } | null>(null);

  const ids = useMemo(() => ({ message: `${id}-message`, phone: `${id}-phone`, age: `${id}-age` }), [id]);
  const errorId = (name: FieldName) => `${ids[name]}-error`;

  useEffect(() => {
    if (sending.status === 'sent') outcome.current?.focus();
  }, [sending.status]);
  useEffect(() => {
    if (focusRequest) document.getElementById(ids[focusRequest.name])?.focus();
  }, [focusRequest, ids]);

  const change = (next: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...next }));
    if (sending.status === 'failed') setSending({ status: 'editing' });
  };

  /** An error goes once its field is changed: the next send says what is still wrong. */
  const clearError = (name: FieldName) =>
    setErrors((current) => (current[name] ? Object.fromEntries(Object.entries(current).filter(([key]) => key !== name)) : current));

  const validate = (): FieldErrors => {
    const found: FieldErrors = {};
    const message = draft.message.trim();
    if (!message) found.message = 'messageRequired';
    else if (message.length > max) found.message = 'messageTooLong';
    if (draft.isSharingPhone && !normalizeIsraeliPhone(draft.phone)) found.phone = 'phoneInvalid';
    if (needsAge && !isAgeConfirmed) found.age = 'ageConfirmationRequired';
    return found;
  };

  const focusFirst = (found: FieldErrors) => {
    const first = (['message', 'phone', 'age'] as const).find((name) => found[name]);
    if (first) setFocusRequest({ name: first });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.status === 'sending') return;
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length) {
      focusFirst(found);
      return;
    }
    const phone = draft.isSharingPhone ? normalizeIsraeliPhone(draft.phone) : null;
    setSending({ status: 'sending' });
    try {
      if (needsAge) {
        await api.confirmAge();
        setStoredAgeConfirmed(true);
        setNeedsAge(false);
      }
      const application = await api.deal.apply(listing.job_id, { message: draft.message.trim(), ...(phone ? { phone } : {}) });
      setSending({ status: 'sent', application });
    } catch (error) {
      const problem = toApiError(error);
      // An expired session: the site signs out and goes to sign in; the text waits here for the way back.
      if (problem.statusCode === 401 && user) keepDraft({ ...draft, email: user.info.email, jobId: listing.job_id });
      if (problem.messageKey === 'ageConfirmationRequired') {
        setStoredAgeConfirmed(false);
        setNeedsAge(true);
        setErrors({ age: 'ageConfirmationRequired' });
        setSending({ status: 'editing' });
        setFocusRequest({ name: 'age' });
        return;
      }
      const fieldErrors: FieldErrors = {};
      if (problem.fields?.message) fieldErrors.message = problem.fields.message;
      if (problem.fields?.phone) fieldErrors.phone = problem.fields.phone;
      if (problem.messageKey === 'messageRequired' || problem.messageKey === 'messageTooLong') fieldErrors.message ??= problem.messageKey;
      if (problem.messageKey === 'phoneInvalid') fieldErrors.phone ??= problem.messageKey;
      if (Object.keys(fieldErrors).length) {
        setErrors(fieldErrors);
        setSending({ status: 'editing' });
        focusFirst(fieldErrors);
        return;
      }
      setSending({ status: 'failed', messageKey: problem.messageKey });
    }
  };

  if (sending.status === 'sent') {
    return (
      <div ref={outcome} tabIndex={-1} className="alert alert--success apply-form__sent" role="status">
        <p>{t(isService ? 'apply.sentService' : 'apply.sent')}</p>
        <p className="job__actions">
          <Link className="button button--primary" to={localized(`/messages/${sending.application.conversationId}`)}>
            {t('apply.openConversation')}
          </Link>
          <Link className="button" to={localized('/my-applications')}>
            {t('apply.myApplications')}
          </Link>
        </p>
      </div>
    );
  }

  const describedBy = (name: FieldName, ...more: string[]) =>
    [...more, errors[name] ? errorId(name) : ''].filter(Boolean).join(' ') || undefined;
  const count = draft.message.length;
  const isCounterShown = count >= max * COUNTER_FROM;
  const hintId = `${ids.message}-hint`;
  const counterId = `${ids.message}-count`;
  const phoneHintId = `${ids.phone}-hint`;
  const isSending = sending.status === 'sending';

  return (
    <form className="apply-form" onSubmit={(e) => void submit(e)} noValidate>
      <div className="field">
        <label htmlFor={ids.message}>{t(isService ? 'apply.messageLabelService' : 'apply.messageLabel')}</label>
        <p id={hintId} className="apply-form__hint">
          {t(isService ? 'apply.messageHintService' : 'apply.messageHint')}
        </p>
        <textarea
          id={ids.message}
          dir="auto"
          rows={5}
          maxLength={max}
          aria-required="true"
          aria-invalid={!!errors.message}
          aria-describedby={describedBy('message', hintId, isCounterShown ? counterId : '')}
          value={draft.message}
          onChange={(e) => {
            change({ message: e.target.value });
            clearError('message');
          }}
        />
        {isCounterShown && (
          <p id={counterId} className="apply-form__count">
            <Ltr>
              <span aria-hidden="true">
                {formatNumber(count, language)} / {formatNumber(max, language)}
              </span>
            </Ltr>
            <span className="visually-hidden">
              {t('apply.counter', { n: formatNumber(count, language), max: formatNumber(max, language) })}
            </span>
          </p>
        )}
        {errors.message && (
          <p id={errorId('message')} className="apply-form__error">
            {errorText(tc, errors.message)}
          </p>
        )}
      </div>
      <div className="field apply-form__choice">
        <label>
          <input type="checkbox" checked={draft.isSharingPhone} onChange={(e) => change({ isSharingPhone: e.target.checked })} />{' '}
          {t(isService ? 'apply.sharePhoneService' : 'apply.sharePhone')}
        </label>
      </div>
      {draft.isSharingPhone && (
        <div className="field">
          <label htmlFor={ids.phone}>{t('apply.phoneLabel')}</label>
          <input
            id={ids.phone}
            type="tel"
            dir="ltr"
            inputMode="tel"
            autoComplete="tel"
            placeholder="054-1234-567"
            aria-required="true"
            aria-invalid={!!errors.phone}
            aria-describedby={describedBy('phone', phoneHintId)}
            value={draft.phone}
            onChange={(e) => {
              change({ phone: e.target.value });
              clearError('phone');
            }}
          />
          <p id={phoneHintId} className="apply-form__hint">
            {t(isService ? 'apply.phoneHintService' : 'apply.phoneHint')}
          </p>
          {errors.phone && (
            <p id={errorId('phone')} className="apply-form__error">
              {errorText(tc, errors.phone)}
            </p>
          )}
        </div>
      )}
      {needsAge && (
        <div className="field apply-form__choice">
          <label>
            <input
              id={ids.age}
              type="checkbox"
              checked={isAgeConfirmed}
              aria-invalid={!!errors.age}
              aria-describedby={describedBy('age')}
              onChange={(e) => {
                setIsAgeConfirmed(e.target.checked);
                if (e.target.checked) clearError('age');
              }}
            />{' '}
            {t('apply.ageConfirm')}
          </label>
          {errors.age && (
            <p id={errorId('age')} className="apply-form__error">
              {errorText(tc, errors.age)}
            </p>
          )}
        </div>
      )}
      {sending.status === 'failed' && (
        <div className="alert alert--error" role="alert">
          {/* `blocked` here is a block between the two members, not a thread's (docs/deal.md, "Blocks"): its own words. */}
          <p>
            {sending.messageKey === 'blocked' ? t(isService ? 'apply.blockedService' : 'apply.blocked') : errorText(tc, sending.messageKey)}
          </p>
          {sending.messageKey === 'alreadyApplied' && (
            <p>
              <Link to={localized('/my-applications')}>{t('apply.myApplications')}</Link>
            </p>
          )}
        </div>
      )}
      <div className="job__actions">
        {/* Busy, not disabled: the keyboard stays on it while the application is on its way. */}
        <button type="submit" className="button button--primary" aria-disabled={isSending || undefined} aria-busy={isSending}>
          {isSending ? t('apply.sending') : t(isService ? 'apply.sendService' : 'apply.send')}
        </button>
      </div>
    </form>
  );
}
