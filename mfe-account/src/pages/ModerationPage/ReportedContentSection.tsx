import { useState } from 'react';
import {
  type ChatMessage,
  formatNumber,
  LiveNotice,
  type Notice,
  type ReportedContent,
  RetryPanel,
  useLanguage,
  UserText,
  useTranslation,
} from '@tasko/shared';
import { ACCOUNT_NS } from '../../accountNamespace';
import { ReportList } from './ReportList';
import { useReportedContent } from './useReportedContent';

/**
 * Reported reviews and messages (docs/deal.md, "Reviews and profiles"): each one's text as its author wrote it
 * (plain text, in its own direction), its reports, a message's place in its conversation, and the button that
 * hides it from every answer or brings it back.
 */
export function ReportedContentSection() {
  const { t } = useTranslation(ACCOUNT_NS);
  const { t: tc } = useTranslation('common');
  const { state, reload, act } = useReportedContent();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busyKey, setBusyKey] = useState<string | null>(null);

  const run = async (item: ReportedContent) => {
    const action = item.hidden ? 'restore' : 'hide';
    setBusyKey(`${item.kind}:${item.id}`);
    try {
      await act(item, action);
      setNotice({ kind: 'success', text: t(`moderation.content.done.${action}`) });
    } catch {
      setNotice({ kind: 'error', text: t('moderation.actionFailed') });
    } finally {
      setBusyKey(null);
    }
  };

  return (
    <section className="moderation__content" aria-labelledby="reported-content-title">
      <h2 id="reported-content-title">{t('moderation.content.title')}</h2>
      <LiveNotice notice={notice} />
      {state.status === 'loading' && <p role="status">{tc('loading')}</p>}
      {state.status === 'failed' && (
        <RetryPanel message={t('moderation.content.failed')} retryLabel={t('moderation.retry')} onRetry={reload} />
      )}
      {state.status === 'loaded' && state.items.length === 0 && <p>{t('moderation.content.empty')}</p>}
      {state.status === 'loaded' && state.items.length > 0 && (
        <ol className="my-posts__list">
          {state.items.map((item) => (
            <ReportedItem
              key={`${item.kind}:${item.id}`}
              item={item}
              isBusy={busyKey === `${item.kind}:${item.id}`}
              onAct={() => void run(item)}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

function ReportedItem({ item, isBusy, onAct }: { item: ReportedContent; isBusy: boolean; onAct: () => void }) {
  const { t } = useTranslation(ACCOUNT_NS);
  const { language } = useLanguage();
  const headingId = `reported-${item.kind}-${item.id}`;
  return (
    <li className="card my-posts__item moderation__item" aria-labelledby={headingId}>
      <h3 id={headingId}>{t(`moderation.content.kind.${item.kind}`, { id: item.id })}</h3>
      <p className="my-posts__meta">
        <strong>{t('moderation.reportCount', { formatted: formatNumber(item.reportCount, language) })}</strong>
        {item.hidden && <span className="status status--hidden">{t('moderation.hidden')}</span>}
      </p>
      {item.kind === 'message' && item.context.length > 0 && (
        <details className="moderation__context">
          <summary>{t('moderation.content.context')}</summary>
          <ol>
            {item.context.map((message) => (
              <ContextMessage key={message.id} message={message} />
            ))}
          </ol>
        </details>
      )}
      <p>
        <AuthorLine authorId={item.authorId} />
      </p>
      <UserText block className="moderation__quoted">
        {item.text}
      </UserText>
      <ReportList reports={item.reports} />
      <div className="my-posts__actions">
        <button type="button" className="button" disabled={isBusy} onClick={onAct}>
          {t(`moderation.content.${item.hidden ? 'restore' : 'hide'}.${item.kind}`)}
        </button>
      </div>
    </li>
  );
}

function AuthorLine({ authorId }: { authorId: number | null }) {
  const { t } = useTranslation(ACCOUNT_NS);
  return (
    <span className="my-posts__meta">
      {authorId === null ? t('moderation.content.siteNote') : t('moderation.content.author', { id: authorId })}
    </span>
  );
}

function ContextMessage({ message }: { message: ChatMessage }) {
  const { t } = useTranslation(ACCOUNT_NS);
  // The site's own entries carry a note's key, not words: said as what they are.
  if (message.kind === 'system') return <li className="moderation__note">{t('moderation.content.siteNote')}</li>;
  return (
    <li>
      <AuthorLine authorId={message.authorId} />
      <UserText block>{message.text}</UserText>
    </li>
  );
}
