import { useEffect, useId, useRef, useState } from 'react';
import {
  api,
  toApiError,
  useLanguage,
  UserText,
  useTranslation,
  type Application,
  type Conversation,
  type MessageKey,
} from '@tasko/shared';
import { ConfirmDialog } from '@tasko/shared/confirmDialog';
import { formatOfferDeadline } from '@tasko/shared/deal';
import { ACCOUNT_NS } from '../../accountNamespace';

type Answer = 'hired' | 'offerDeclined';

/**
 * An offer waiting for its answer, in the conversation's header (docs/deal.md, "Messages (pages)"): to the
 * applicant, who wants to go ahead and until when, with Accept (at once) and Decline (asked first: it cannot be
 * undone); to the owner, until when it waits. The conversation does not know whether the listing is a job or a
 * service, so its words fit both. Nothing once the offer is answered, withdrawn or lapsed.
 */
export function OfferAnswer({
  conversation,
  onAnswered,
}: {
  conversation: Conversation;
  /** The application as the server answered the move; the page says so and moves the keyboard. */
  onAnswered: (moved: Application) => void;
}) {
  const { t } = useTranslation(ACCOUNT_NS);
  const { t: common } = useTranslation('common');
  const { language } = useLanguage();
  const textId = useId();
  const [isAskingToDecline, setIsAskingToDecline] = useState(false);
  const [busy, setBusy] = useState<Answer | null>(null);
  const [failure, setFailure] = useState<MessageKey | null>(null);
  const acceptButton = useRef<HTMLButtonElement>(null);
  const declineButton = useRef<HTMLButtonElement>(null);
  // The button the keyboard goes back to after the render that follows a refusal or a cancelled question.
  const focusAfterRender = useRef<Answer | null>(null);
  useEffect(() => {
    const target = focusAfterRender.current;
    if (target === null || isAskingToDecline) return;
    focusAfterRender.current = null;
    (target === 'hired' ? acceptButton : declineButton).current?.focus();
  });
  const { application, other } = conversation;
  if (application.status !== 'offered') return null;
  const deadline = application.offerExpiresAt ? formatOfferDeadline(application.offerExpiresAt, language) : '';

  if (application.side === 'owner') {
    return (
      <p className="conversation__offer">
        {deadline
          ? t('conversation.offer.waitingUntil', { name: other.displayName, deadline })
          : t('conversation.offer.waiting', { name: other.displayName })}
      </p>
    );
  }

  const answer = async (status: Answer) => {
    setIsAskingToDecline(false);
    if (busy) return;
    setBusy(status);
    setFailure(null);
    try {
      onAnswered(await api.deal.move(application.id, status));
    } catch (error) {
      setFailure(toApiError(error).messageKey);
      // Back on the button that asked, which stays (the dialog took the keyboard away from Decline).
      focusAfterRender.current = status;
    } finally {
      setBusy(null);
    }
  };
  const cancelDecline = () => {
    // The dialog is modal: the keyboard goes back to the button that opened it once it has gone.
    focusAfterRender.current = 'offerDeclined';
    setIsAskingToDecline(false);
  };

  return (
    <div className="conversation__offer" role="group" aria-labelledby={textId}>
      <p id={textId}>
        {t('conversation.offer.toMe', { name: other.displayName })}
        {deadline && ` ${t('conversation.offer.answerBy', { deadline })}`}
      </p>
      <div className="conversation__offer-actions">
        {/* Busy, not disabled: a disabled button drops the keyboard to the page (WCAG 2.4.3). */}
        <button
          ref={acceptButton}
          type="button"
          className="button button--primary"
          aria-disabled={busy !== null || undefined}
          aria-busy={busy === 'hired'}
          onClick={() => void answer('hired')}
        >
          {t('conversation.offer.accept')}
        </button>
        <button
          ref={declineButton}
          type="button"
          className="button button--danger"
          aria-haspopup="dialog"
          aria-disabled={busy !== null || undefined}
          aria-busy={busy === 'offerDeclined'}
          onClick={() => busy === null && setIsAskingToDecline(true)}
        >
          {t('conversation.offer.decline')}
        </button>
      </div>
      {failure && (
        <p className="alert alert--error" role="alert">
          {common([`errors.${failure}`, 'errors.serverError'])}
        </p>
      )}
      {isAskingToDecline && (
        <ConfirmDialog
          role="alertdialog"
          question={t('conversation.offer.declineQuestion')}
          subject={<UserText>{conversation.job.title || common('noTitle')}</UserText>}
          detail={t('conversation.offer.declineDetail', { name: other.displayName })}
          confirmLabel={t('conversation.offer.decline')}
          cancelLabel={t('conversation.offer.back')}
          isDestructive
          onConfirm={() => void answer('offerDeclined')}
          onCancel={cancelDecline}
        />
      )}
    </div>
  );
}
