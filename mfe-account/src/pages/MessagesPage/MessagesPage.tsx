import { useRef } from 'react';
import { useAtomValue } from 'jotai';
import { Link } from '@tasko/shared/router';
import {
  formatNumber,
  RetryPanel,
  useLanguage,
  useLocalizedPath,
  usePageMeta,
  userAtom,
  UserText,
  useTranslation,
  type Conversation,
} from '@tasko/shared';
import { formatTimeAgo } from '@tasko/shared/timeAgo';
import { ShowMoreButton } from '@tasko/shared/cursorList';
import { ACCOUNT_NS } from '../../accountNamespace';
import { excerptOf, isMine, systemNoteOf } from '../messageTexts';
import { useInbox } from './useInbox';
import '../messages.css';

/**
 * The inbox (docs/deal.md, "Messages (pages)"): one row per conversation, newest activity first, each a link
 * to its thread, a page at a time ("Show more"); live through the event stream.
 */
export default function MessagesPage() {
  const { t } = useTranslation(ACCOUNT_NS);
  const { t: common } = useTranslation('common');
  const localized = useLocalizedPath();
  const list = useRef<HTMLUListElement>(null);
  const { state, pages } = useInbox(list);
  usePageMeta(t('messages.title'));

  return (
    <section className="page page--narrow inbox" aria-labelledby="inbox-title">
      <h1 id="inbox-title">{t('messages.title')}</h1>
      {state.status === 'loading' && <p role="status">{common('loading')}</p>}
      {state.status === 'failed' && (
        <RetryPanel message={t('messages.fetchFailed')} retryLabel={common('remoteError.retry')} onRetry={pages.retry} />
      )}
      {state.status === 'loaded' && state.conversations.length === 0 && (
        <div className="inbox__empty">
          <p>{t('messages.empty')}</p>
          <p>{t('messages.emptyDetail')}</p>
          <Link className="button button--primary" to={localized('/')}>
            {t('messages.browse')}
          </Link>
        </div>
      )}
      {state.status === 'loaded' && state.conversations.length > 0 && (
        <ul ref={list} className="inbox__list" aria-labelledby="inbox-title">
          {state.conversations.map((conversation) => (
            <li key={conversation.id}>
              <InboxRow conversation={conversation} />
            </li>
          ))}
        </ul>
      )}
      <ShowMoreButton list={pages} label={t('messages.more')} failedText={t('messages.moreFailed')} />
    </section>
  );
}

function InboxRow({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation(ACCOUNT_NS);
  const { t: common } = useTranslation('common');
  const { language } = useLanguage();
  const localized = useLocalizedPath();
  const myId = useAtomValue(userAtom)?.info.id;
  const { other, job, lastMessage, unread } = conversation;
  const note = systemNoteOf(lastMessage);

  return (
    <Link
      className={unread > 0 ? 'inbox__row inbox__row--unread' : 'inbox__row'}
      to={localized(`/messages/${conversation.id}`)}
      data-conversation={conversation.id}
    >
      <UserText className="inbox__name">{other.displayName}</UserText>
      {unread > 0 && (
        <span className="inbox__unread">
          <span aria-hidden="true">{formatNumber(unread, language)}</span>
          <span className="visually-hidden">{t('messages.unread', { count: unread })}</span>
        </span>
      )}
      <time className="inbox__when" dateTime={lastMessage.createdAt}>
        {formatTimeAgo(lastMessage.createdAt, language)}
      </time>
      <UserText className="inbox__listing">{job.title || common('noTitle')}</UserText>
      <span className="inbox__last">
        {lastMessage.kind === 'system' ? (
          <span className="inbox__note">{note ? t(`conversation.systemNotes.${note}`) : t('conversation.systemNoteOther')}</span>
        ) : (
          <>
            {isMine(lastMessage, myId, other.id) && <span className="inbox__you">{t('messages.you')} </span>}
            <UserText>{excerptOf(lastMessage.text)}</UserText>
          </>
        )}
      </span>
    </Link>
  );
}
