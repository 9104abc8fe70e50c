import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { api, DEAL_LIMITS, toApiError, useTranslation, type ChatMessage, type MessageKey } from '@tasko/shared';
import { ACCOUNT_NS } from '../../accountNamespace';

/** The counter shows from this many characters left: a phone has no room for it before. */
const COUNTER_FROM_REMAINING = 200;

type Sending = { status: 'idle' } | { status: 'sending' } | { status: 'failed'; messageKey: MessageKey };

/**
 * The box a message is written in. Enter is a new line everywhere (a phone's keyboard has no other way to
 * write one): the button sends, and so do Ctrl+Enter and ⌘+Enter on a keyboard. The focus stays in the box
 * after sending, so the next message follows; a failed send keeps the text and says why.
 */
export function Composer({ conversationId, onSent }: { conversationId: number; onSent: (message: ChatMessage) => void }) {
  const { t } = useTranslation(ACCOUNT_NS);
  const { t: common } = useTranslation('common');
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const [sending, setSending] = useState<Sending>({ status: 'idle' });
  const remaining = DEAL_LIMITS.chatMessageMaxLength - text.length;
  const isNearLimit = remaining <= COUNTER_FROM_REMAINING;

  const send = async () => {
    if (sending.status === 'sending') return;
    const typed = text;
    if (!typed.trim()) {
      setSending({ status: 'failed', messageKey: 'messageRequired' });
      field.current?.focus();
      return;
    }
    setSending({ status: 'sending' });
    try {
      const message = await api.deal.send(conversationId, typed.trim());
      onSent(message);
      // What was typed while it was on its way stays.
      setText((current) => (current === typed ? '' : current));
      setSending({ status: 'idle' });
    } catch (error) {
      const problem = toApiError(error);
      setSending({ status: 'failed', messageKey: problem.fields?.text ?? problem.messageKey });
    }
    field.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  const describedBy = [`${id}-hint`, isNearLimit ? `${id}-count` : '', sending.status === 'failed' ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <form className="composer" onSubmit={onSubmit} noValidate>
      <label className="composer__label" htmlFor={`${id}-text`}>
        {t('conversation.composer.label')}
      </label>
      <div className="composer__row">
        <textarea
          ref={field}
          id={`${id}-text`}
          className="composer__text"
          dir="auto"
          rows={2}
          maxLength={DEAL_LIMITS.chatMessageMaxLength}
          value={text}
          aria-describedby={describedBy}
          aria-invalid={sending.status === 'failed' || undefined}
          onChange={(event) => {
            setText(event.target.value);
            if (sending.status === 'failed') setSending({ status: 'idle' });
          }}
          onKeyDown={onKeyDown}
        />
        {/* Never disabled: a disabled button would drop the focus of a keyboard user who pressed it. */}
        <button type="submit" className="button button--primary composer__send" aria-disabled={sending.status === 'sending' || undefined}>
          {t('conversation.composer.send')}
        </button>
      </div>
      <p id={`${id}-hint`} className="composer__hint">
        {t('conversation.composer.hint')}
      </p>
      {isNearLimit && (
        <p id={`${id}-count`} className="composer__count">
          {t('conversation.charactersLeft', { count: remaining })}
        </p>
      )}
      {sending.status === 'failed' && (
        <p id={`${id}-error`} className="alert alert--error composer__error" role="alert">
          {common(`errors.${sending.messageKey}`)}
        </p>
      )}
    </form>
  );
}
