import { useCallback, useEffect, useRef, useState } from 'react';
import { api, DEAL_LIMITS, type Application, type ChatMessage, type Conversation } from '@tasko/shared';
import { useRemoteData } from '@tasko/shared/remoteData';
import { withMove } from '@tasko/shared/deal';

export type ThreadState =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'failed' }
  | {
      status: 'loaded';
      /** The conversation as the inbox lists it: the other person, the listing, the application and my side. */
      conversation: Conversation;
      /** Oldest first, each once. */
      messages: ChatMessage[];
      /** A full page came back: there may be messages before the first shown. */
      hasEarlier: boolean;
    };

export type EarlierState = 'idle' | 'loading' | 'failed';

type Loaded = Extract<ThreadState, { status: 'loaded' }>;

/** `messages` and `incoming` as one thread, oldest first, each message once (my own answer and its event both arrive). */
export function mergeMessages(messages: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map(messages.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  // Ids come from one sequence: their order is the order the server stored the messages in.
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * The thread after the newest page was read again (a `resync`: the stream could not replay all it missed). A page
 * that reaches back to the messages shown (or holds the whole thread) is merged with them; a full page that does
 * not leaves a gap of unknown size after the shown ones, so it replaces them and the rest comes by "Load earlier".
 */
export function withNewestPage(
  shown: Pick<Loaded, 'messages' | 'hasEarlier'>,
  newest: readonly ChatMessage[],
): Pick<Loaded, 'messages' | 'hasEarlier'> {
  const isFull = newest.length >= DEAL_LIMITS.messagesPageSize;
  if (!isFull) return { messages: mergeMessages([], newest), hasEarlier: false };
  const lastShown = shown.messages.at(-1)?.id ?? 0;
  const oldestNew = newest[0]?.id ?? 0;
  if (oldestNew <= lastShown) return { messages: mergeMessages(shown.messages, newest), hasEarlier: shown.hasEarlier };
  return { messages: mergeMessages([], newest), hasEarlier: true };
}

/** A conversation's id as the address gives it: a positive whole number, or none. */
export function conversationIdOf(param: string | undefined): number | null {
  return param && /^[1-9]\d{0,15}$/.test(param) ? Number(param) : null;
}

/**
 * One conversation: what the inbox says of it (`GET /conversations/{id}`: the other person, the listing, the
 * application's id, status and my side of it) and its latest messages, then earlier pages on demand. Not a
 * party to it (a 404): not found, as if it did not exist (docs/deal.md, "Safety").
 */
export function useConversation(id: number | null) {
  const key = id === null ? null : String(id);
  // `update` changes the thread shown, unless the reader has moved on to another conversation meanwhile.
  const {
    state: remote,
    retry: retryThread,
    update,
  } = useRemoteData<Loaded>(key, async (signal, asked) => {
    const conversationId = Number(asked);
    const [conversation, messages] = await Promise.all([
      api.deal.conversation(conversationId, signal),
      api.deal.messages(conversationId, { signal }),
    ]);
    return {
      status: 'loaded',
      conversation,
      messages: mergeMessages([], messages),
      hasEarlier: messages.length >= DEAL_LIMITS.messagesPageSize,
    };
  });
  // Keyed by the conversation too, and forgotten on a retry: a thread starts with nothing asked before its first message.
  const [earlierOf, setEarlierOf] = useState<{ key: string | null; state: EarlierState } | null>(null);
  const earlier: EarlierState = earlierOf?.key === key ? earlierOf.state : 'idle';
  let state: ThreadState = { status: 'loading' };
  if (remote.status === 'idle') state = { status: 'notFound' };
  else if (remote.status === 'ready') state = remote.data;
  else if (remote.status === 'failed') state = remote.error.statusCode === 404 ? { status: 'notFound' } : { status: 'failed' };

  const addMessages = useCallback(
    (incoming: ChatMessage[]) => update((shown) => ({ ...shown, messages: mergeMessages(shown.messages, incoming) })),
    [update],
  );

  /** The application as a move (mine, or the other side's through the stream) left it: its status and offer. */
  const setApplication = useCallback(
    (moved: Pick<Application, 'status' | 'offerExpiresAt'>) =>
      update((shown) => ({
        ...shown,
        conversation: { ...shown.conversation, application: withMove(shown.conversation.application, moved) },
      })),
    [update],
  );

  const markBlocked = useCallback(
    () => update((shown) => ({ ...shown, conversation: { ...shown.conversation, blockedByMe: true } })),
    [update],
  );

  const loadEarlier = useCallback(
    async (before: number): Promise<void> => {
      if (id === null) return;
      setEarlierOf({ key, state: 'loading' });
      try {
        const page = await api.deal.messages(id, { before });
        update((shown) => ({
          ...shown,
          messages: mergeMessages(shown.messages, page),
          hasEarlier: page.length >= DEAL_LIMITS.messagesPageSize,
        }));
        setEarlierOf({ key, state: 'idle' });
      } catch {
        setEarlierOf({ key, state: 'failed' });
      }
    },
    [id, key, update],
  );

  const retry = useCallback(() => {
    setEarlierOf(null);
    retryThread();
  }, [retryThread]);

  // The conversation and its newest page read again, quietly: what is shown stays until they are in, and a
  // failure leaves it (the next event or visit tells the rest). Only the newest of several such reads counts.
  const resyncs = useRef(0);
  const open = useRef<AbortController | null>(null);
  useEffect(() => () => open.current?.abort(), [key]);
  const resync = useCallback(async (): Promise<void> => {
    if (id === null) return;
    const number = ++resyncs.current;
    open.current?.abort();
    const controller = new AbortController();
    open.current = controller;
    try {
      const [conversation, newest] = await Promise.all([
        api.deal.conversation(id, controller.signal),
        api.deal.messages(id, { signal: controller.signal }),
      ]);
      if (number !== resyncs.current) return;
      update((shown) => ({ ...shown, conversation, ...withNewestPage(shown, newest) }));
    } catch {
      // Shown as it was.
    }
  }, [id, update]);

  return { state, earlier, retry, addMessages, setApplication, markBlocked, loadEarlier, resync };
}
