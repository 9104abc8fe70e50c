import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactElement } from 'react';
import { useAtomValue } from 'jotai';
import { Link, useParams } from '@tasko/shared/router';
import {
  api,
  LiveNotice,
  mentionsContactDetails,
  RetryPanel,
  useLanguage,
  useLocalizedPath,
  usePageMeta,
  userAtom,
  UserText,
  useTranslation,
  useUserEvent,
  type Application,
  type ApplicationStatus,
  type ChatMessage,
  type Conversation,
  type Notice,
} from '@tasko/shared';
import { ConfirmDialog } from '@tasko/shared/confirmDialog';
import { ACCOUNT_NS } from '../../accountNamespace';
import { isMine, systemNoteOf } from '../messageTexts';
import { Composer } from './Composer';
import { OfferAnswer } from './OfferAnswer';
import { ReportMessageDialog, type ReportOutcome } from './ReportMessageDialog';
import { ReviewForm } from './ReviewForm';
import { conversationIdOf, useConversation, type EarlierState, type ThreadState } from './useConversation';
import '../messages.css';

/** Within this many pixels of the end the reader is "at the newest": a new message scrolls into view. */
const NEAR_END_PX = 80;

/** Once hired (or done), contact details are expected between the two: the reminder is for before (docs/deal.md, "Safety"). */
const TRUSTED_STATUSES: readonly ApplicationStatus[] = ['hired', 'done'];

export default function ConversationPage() {
  const { id: param } = useParams();
  const id = conversationIdOf(param);
  const { t } = useTranslation(ACCOUNT_NS);
  const { t: common } = useTranslation('common');
  const localized = useLocalizedPath();
  const thread = useConversation(id);
  const { state } = thread;
  usePageMeta(
    state.status === 'loaded'
      ? state.conversation.other.displayName
      : state.status === 'notFound'
        ? t('conversation.notFound')
        : t('conversation.title'),
  );
  const back = (
    <Link className="conversation__back" to={localized('/messages')}>
      {t('conversation.back')}
    </Link>
  );

  if (state.status === 'loading') {
    return (
      <section className="page page--narrow" aria-busy="true">
        <p role="status">{common('loading')}</p>
      </section>
    );
  }
  if (state.status === 'notFound') {
    return (
      <section className="page page--narrow">
        {back}
        <h1>{t('conversation.notFound')}</h1>
        <p>{t('conversation.notFoundDetail')}</p>
      </section>
    );
  }
  if (state.status === 'failed') {
    return (
      <section className="page page--narrow">
        {back}
        <RetryPanel message={t('conversation.fetchFailed')} retryLabel={common('remoteError.retry')} onRetry={thread.retry} />
      </section>
    );
  }
  return (
    // One view per conversation: going to another starts its scroll, its reads and its notices afresh.
    <ConversationView
      key={state.conversation.id}
      thread={state}
      earlier={thread.earlier}
      back={back}
      addMessages={thread.addMessages}
      setApplication={thread.setApplication}
      markBlocked={thread.markBlocked}
      loadEarlier={thread.loadEarlier}
      resync={thread.resync}
    />
  );
}

interface ViewProps {
  thread: Extract<ThreadState, { status: 'loaded' }>;
  earlier: EarlierState;
  back: ReactElement;
  addMessages: (messages: ChatMessage[]) => void;
  setApplication: (moved: Pick<Application, 'status' | 'offerExpiresAt'>) => void;
  markBlocked: () => void;
  loadEarlier: (before: number) => Promise<void>;
  /** Reads the conversation and its newest page again, keeping what is shown until they are in. */
  resync: () => Promise<void>;
}

function ConversationView({ thread, earlier, back, addMessages, setApplication, markBlocked, loadEarlier, resync }: ViewProps) {
  const { t } = useTranslation(ACCOUNT_NS);
  const { t: common } = useTranslation('common');
  const localized = useLocalizedPath();
  const { conversation, messages, hasEarlier } = thread;
  const { other, job, application } = conversation;
  const myId = useAtomValue(userAtom)?.info.id;
  const mine = useCallback((message: ChatMessage) => isMine(message, myId, other.id), [myId, other.id]);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [isAskingToBlock, setIsAskingToBlock] = useState(false);
  const [reporting, setReporting] = useState<ChatMessage | null>(null);
  const [reported, setReported] = useState<ReadonlySet<number>>(new Set());
  const page = useRef<HTMLElement>(null);
  const earlierButton = useRef<HTMLButtonElement>(null);
  const { log, onScroll, holdPlace } = useThreadScroll(messages, mine);

  useUserEvent('message', ({ conversationId, message }) => {
    if (conversationId === conversation.id) addMessages([message]);
  });
  useUserEvent('application', ({ application: moved }) => {
    if (moved.id === application.id) setApplication(moved);
  });
  // The stream missed more than it could replay (docs/deal.md, "Live updates in the browser"): what it would have
  // told this page (messages, the application's moves) is read again.
  useUserEvent('resync', () => void resync());
  useMarkRead(conversation, messages, mine);

  // Where the keyboard goes once an action has changed the page (WCAG 2.4.3): to what took the place of the
  // control it started from. Set before the change, applied after the render that makes the element.
  const focusAfterRender = useRef<string | null>(null);
  useEffect(() => {
    const selector = focusAfterRender.current;
    const target = selector ? page.current?.querySelector<HTMLElement>(selector) : null;
    if (!target) return;
    focusAfterRender.current = null;
    target.focus();
  });

  // "Load earlier" is gone once the first message is shown: the keyboard goes on from the thread itself.
  const isFocusOnEarlier = useRef(false);
  useEffect(() => {
    if (earlier === 'loading' || !isFocusOnEarlier.current) return;
    isFocusOnEarlier.current = false;
    if (!earlierButton.current) log.current?.focus({ preventScroll: true });
  }, [earlier, hasEarlier, log]);

  const showEarlier = () => {
    const first = messages[0];
    if (!first || earlier === 'loading') return;
    isFocusOnEarlier.current = true;
    holdPlace();
    void loadEarlier(first.id);
  };

  const block = async () => {
    // Back on the button while the answer is on its way; on what replaces it once blocked.
    focusAfterRender.current = '.conversation__block';
    setIsAskingToBlock(false);
    try {
      await api.deal.block(conversation.id);
      focusAfterRender.current = '.conversation__blocked';
      markBlocked();
      setNotice({ kind: 'success', text: t('conversation.block.done') });
    } catch {
      focusAfterRender.current = '.conversation__block';
      setNotice({ kind: 'error', text: t('conversation.block.failed') });
    }
  };
  // The dialog is modal: the page behind it takes the focus only once it has gone.
  const cancelBlock = () => {
    focusAfterRender.current = '.conversation__block';
    setIsAskingToBlock(false);
  };

  // The offer answered: the header's status says where the application stands now, and takes the keyboard.
  const onAnswered = (moved: Application) => {
    focusAfterRender.current = '.conversation__status';
    setApplication(moved);
    setNotice({ kind: 'success', text: t(moved.status === 'hired' ? 'conversation.offer.accepted' : 'conversation.offer.declined') });
  };

  const onReported = (message: ChatMessage, outcome: ReportOutcome) => {
    focusAfterRender.current = `[data-reported="${message.id}"]`;
    setReporting(null);
    setReported((ids) => new Set(ids).add(message.id));
    setNotice({ kind: 'success', text: t(outcome === 'thanks' ? 'conversation.report.thanks' : 'conversation.report.already') });
  };
  const cancelReport = (message: ChatMessage) => {
    focusAfterRender.current = `[data-report="${message.id}"]`;
    setReporting(null);
  };

  const showsContactNote = !TRUSTED_STATUSES.includes(application.status);
  return (
    <section ref={page} className="page page--narrow conversation" aria-labelledby="conversation-title">
      <header className="conversation__header">
        {back}
        <h1 id="conversation-title" className="conversation__title">
          <Link to={localized(`/user/${other.id}`)}>
            <UserText>{other.displayName}</UserText>
          </Link>
        </h1>
        <p className="conversation__facts">
          <span>
            {t('conversation.listing')}{' '}
            <Link to={localized(`/job/${job.id}`)}>
              <UserText>{job.title || common('noTitle')}</UserText>
            </Link>
          </span>
          <span>
            {t('conversation.status')}{' '}
            <span tabIndex={-1} className={`conversation__status conversation__status--${application.status}`}>
              {t(`conversation.statuses.${application.status}`)}
            </span>
          </span>
        </p>
        <OfferAnswer conversation={conversation} onAnswered={onAnswered} />
        {conversation.blockedByMe ? (
          <div className="conversation__blocked-note">
            <p tabIndex={-1} className="conversation__blocked">
              {t('conversation.block.blockedNote', { name: other.displayName })}
            </p>
            {/* Blocks cover every listing and conversation of the two; they are undone in the settings (docs/deal.md, "Blocks"). */}
            <Link to={localized('/settings')}>{t('conversation.block.manage')}</Link>
          </div>
        ) : (
          <button type="button" className="button conversation__block" aria-haspopup="dialog" onClick={() => setIsAskingToBlock(true)}>
            {t('conversation.block.button')}
          </button>
        )}
        <LiveNotice notice={notice} />
      </header>
      <div className="conversation__thread">
        {hasEarlier && (
          <button
            ref={earlierButton}
            type="button"
            className="button conversation__earlier"
            aria-disabled={earlier === 'loading' || undefined}
            onClick={showEarlier}
          >
            {t('conversation.loadEarlier')}
          </button>
        )}
        {earlier === 'failed' && (
          <p className="alert alert--error" role="alert">
            {t('conversation.earlierFailed')}
          </p>
        )}
        {/* A log, so what arrives is read out politely; a scrolling region, so the keyboard must reach it. */}
        <div
          ref={log}
          className="conversation__log"
          role="log"
          aria-live="polite"
          aria-label={t('conversation.thread', { name: other.displayName })}
          aria-busy={earlier === 'loading' || undefined}
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scroller the keyboard can scroll (WCAG 2.1.1): Safari does not make one focusable by itself
          tabIndex={0}
          onScroll={onScroll}
        >
          <ol className="conversation__messages">
            {messages.map((message) => (
              <MessageItem
                key={message.id}
                message={message}
                isMine={mine(message)}
                otherName={other.displayName}
                showsContactNote={showsContactNote}
                isReported={reported.has(message.id)}
                onReport={setReporting}
              />
            ))}
          </ol>
          {application.status === 'done' && (
            <ReviewForm applicationId={application.id} otherName={other.displayName} myReview={application.myReview} />
          )}
        </div>
      </div>
      <Composer conversationId={conversation.id} onSent={(message) => addMessages([message])} />
      {isAskingToBlock && (
        <ConfirmDialog
          role="alertdialog"
          question={t('conversation.block.question', { name: other.displayName })}
          detail={t('conversation.block.detail')}
          confirmLabel={t('conversation.block.button')}
          cancelLabel={t('conversation.block.cancel')}
          isDestructive
          onConfirm={() => void block()}
          onCancel={cancelBlock}
        />
      )}
      {reporting && (
        <ReportMessageDialog
          message={reporting}
          onReported={(outcome) => onReported(reporting, outcome)}
          onCancel={() => cancelReport(reporting)}
        />
      )}
    </section>
  );
}

function MessageItem({
  message,
  isMine,
  otherName,
  showsContactNote,
  isReported,
  onReport,
}: {
  message: ChatMessage;
  isMine: boolean;
  otherName: string;
  showsContactNote: boolean;
  isReported: boolean;
  onReport: (message: ChatMessage) => void;
}) {
  const { t } = useTranslation(ACCOUNT_NS);
  const { locale } = useLanguage();
  const time = (
    <time className="message__time" dateTime={message.createdAt}>
      {formatMessageTime(message.createdAt, locale)}
    </time>
  );

  if (message.kind === 'system') {
    const note = systemNoteOf(message);
    return (
      <li className="message message--site">
        <span className="visually-hidden">{t('conversation.siteNote')} </span>
        <span className="message__note">{note ? t(`conversation.systemNotes.${note}`) : t('conversation.systemNoteOther')}</span> {time}
      </li>
    );
  }
  const textId = `message-${message.id}-text`;
  return (
    <li className={isMine ? 'message message--mine' : 'message message--theirs'}>
      <span className="visually-hidden">{isMine ? t('messages.you') : t('conversation.theyWrote', { name: otherName })} </span>
      {/* Plain text as typed: never a link, never markup (docs/deal.md, "Conversation"). */}
      <UserText block className="message__text">
        <span id={textId}>{message.text}</span>
      </UserText>
      <span className="message__meta">
        {time}
        {!isMine &&
          (isReported ? (
            <span className="message__reported" data-reported={message.id} tabIndex={-1}>
              {t('conversation.report.reported')}
            </span>
          ) : (
            <button
              type="button"
              className="message__report"
              data-report={message.id}
              aria-haspopup="dialog"
              aria-describedby={textId}
              onClick={() => onReport(message)}
            >
              {t('conversation.report.button')}
            </button>
          ))}
      </span>
      {showsContactNote && mentionsContactDetails(message.text) && <p className="message__safety">{t('conversation.contactNote')}</p>}
    </li>
  );
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();

function timeFormatOf(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}:${JSON.stringify(options)}`;
  let format = timeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    timeFormats.set(key, format);
  }
  return format;
}

/** When a message was written: the time today, the day and time this year, the full date before. */
export function formatMessageTime(iso: string, locale: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const isToday = date.toDateString() === now.toDateString();
  const isThisYear = date.getFullYear() === now.getFullYear();
  const time: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };
  const options: Intl.DateTimeFormatOptions = isToday
    ? time
    : isThisYear
      ? { ...time, day: 'numeric', month: 'short' }
      : { ...time, day: 'numeric', month: 'short', year: 'numeric' };
  return timeFormatOf(locale, options).format(date);
}

/**
 * Where the thread is scrolled: at the newest message when it opens; at the newest again when one arrives
 * while the reader is there, or when it is their own; and, when earlier messages come in above, at the
 * message the reader was looking at (`holdPlace` before asking for them).
 */
function useThreadScroll(messages: readonly ChatMessage[], mine: (message: ChatMessage) => boolean) {
  const log = useRef<HTMLDivElement>(null);
  const edges = useRef<{ first: number; last: number } | null>(null);
  const isNearEnd = useRef(true);
  const distanceFromEnd = useRef<number | null>(null);

  useLayoutEffect(() => {
    const element = log.current;
    const first = messages[0]?.id ?? 0;
    const newest = messages.at(-1);
    const last = newest?.id ?? 0;
    const before = edges.current;
    edges.current = { first, last };
    if (!element) return;
    if (!before) {
      element.scrollTop = element.scrollHeight;
      return;
    }
    if (first < before.first && distanceFromEnd.current !== null) {
      element.scrollTop = element.scrollHeight - distanceFromEnd.current;
      distanceFromEnd.current = null;
    }
    if (last > before.last && newest && (isNearEnd.current || mine(newest))) element.scrollTop = element.scrollHeight;
  }, [messages, mine]);

  const onScroll = useCallback(() => {
    const element = log.current;
    if (element) isNearEnd.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_END_PX;
  }, []);

  const holdPlace = useCallback(() => {
    const element = log.current;
    if (element) distanceFromEnd.current = element.scrollHeight - element.scrollTop;
  }, []);

  return { log, onScroll, holdPlace };
}

/**
 * Tells the server I read the thread (`POST /conversations/{id}/read`) when the page shows messages of the
 * other person I had not read: on opening with unread ones, and as new ones arrive while the page is in
 * view (a tab in the background waits until it is looked at again). It reads up to the last message shown
 * (`upTo`), never the conversation's last on the server: one that arrived after this render stays unread.
 */
function useMarkRead(conversation: Conversation, messages: readonly ChatMessage[], mine: (message: ChatMessage) => boolean) {
  const newestTheirs = messages.findLast((message) => message.kind === 'user' && !mine(message))?.id ?? 0;
  const lastShown = messages.at(-1)?.id;
  // The newest of theirs the server knows I read: when the thread opened with none unread, the newest shown.
  const readUpTo = useRef<number | null>(null);
  if (readUpTo.current === null) readUpTo.current = conversation.unread > 0 ? 0 : newestTheirs;

  useEffect(() => {
    const markRead = () => {
      const read = readUpTo.current ?? 0;
      if (document.visibilityState !== 'visible' || newestTheirs <= read) return;
      readUpTo.current = newestTheirs;
      api.deal.markRead(conversation.id, lastShown).catch(() => {
        // Not marked: the next message, or the next look at the tab, tries again.
        if (readUpTo.current === newestTheirs) readUpTo.current = read;
      });
    };
    markRead();
    document.addEventListener('visibilitychange', markRead);
    return () => document.removeEventListener('visibilitychange', markRead);
  }, [conversation.id, newestTheirs, lastShown]);
}
