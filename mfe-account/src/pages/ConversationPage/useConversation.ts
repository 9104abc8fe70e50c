import { useCallback, useState } from 'react';
import { api, DEAL_LIMITS, type ApiError, type ApplicationStatus, type ChatMessage, type Conversation } from '@tasko/shared';
import { useRemoteData } from '@tasko/shared/remoteData';

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

/** Not among my conversations: as the server answers a conversation I am no party to (docs/deal.md, "Safety"). */
const NOT_FOUND: ApiError = { statusCode: 404, messageKey: 'notFound' };

/** `messages` and `incoming` as one thread, oldest first, each message once (my own answer and its event both arrive). */
export function mergeMessages(messages: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map(messages.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  // Ids come from one sequence: their order is the order the server stored the messages in.
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** A conversation's id as the address gives it: a positive whole number, or none. */
export function conversationIdOf(param: string | undefined): number | null {
  return param && /^[1-9]\d{0,15}$/.test(param) ? Number(param) : null;
}

/**
 * One conversation: what the inbox says of it (`GET /me/conversations`, the only answer that carries the
 * application's id and my side of it) and its latest messages, then earlier pages on demand. Not a party
 * to it (a 404, or not among my conversations): not found, as if it did not exist (docs/deal.md, "Safety").
 */
export function useConversation(id: number | null) {
  const key = id === null ? null : String(id);
  // `update` changes the thread shown, unless the reader has moved on to another conversation meanwhile.
  const { state: remote, retry: retryThread, update } = useRemoteData<Loaded>(key, async (signal, asked) => {
    const conversationId = Number(asked);
    const [inbox, messages] = await Promise.all([api.deal.conversations(signal), api.deal.messages(conversationId, { signal })]);
    const conversation = inbox.conversations.find((c) => c.id === conversationId);
    if (!conversation) throw NOT_FOUND;
    return { status: 'loaded', conversation, messages: mergeMessages([], messages), hasEarlier: messages.length >= DEAL_LIMITS.messagesPageSize };
  });
  // Keyed by the conversation too, and forgotten on a retry: a thread starts with nothing asked before its first message.
  const [earlierOf, setEarlierOf] = useState<{ key: string | null; state: EarlierState } | null>(null);
  const earlier: EarlierState = earlierOf?.key === key ? earlierOf.state : 'idle';
  let state: ThreadState = { status: 'loading' };
  if (remote.status === 'idle') state = { status: 'notFound' };
  else if (remote.status === 'ready') state = remote.data;
  else if (remote.status === 'failed') state = remote.error.statusCode === 404 ? { status: 'notFound' } : { status: 'failed' };

  const addMessages = useCallback((incoming: ChatMessage[]) => update((shown) => ({ ...shown, messages: mergeMessages(shown.messages, incoming) })), [update]);

  const setApplicationStatus = useCallback(
    (status: ApplicationStatus) => update((shown) => ({ ...shown, conversation: { ...shown.conversation, application: { ...shown.conversation.application, status } } })),
    [update],
  );

  const markBlocked = useCallback(() => update((shown) => ({ ...shown, conversation: { ...shown.conversation, blockedByMe: true } })), [update]);

  const loadEarlier = useCallback(
    async (before: number): Promise<void> => {
      if (id === null) return;
      setEarlierOf({ key, state: 'loading' });
      try {
        const page = await api.deal.messages(id, { before });
        update((shown) => ({ ...shown, messages: mergeMessages(shown.messages, page), hasEarlier: page.length >= DEAL_LIMITS.messagesPageSize }));
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

  return { state, earlier, retry, addMessages, setApplicationStatus, markBlocked, loadEarlier };
}
