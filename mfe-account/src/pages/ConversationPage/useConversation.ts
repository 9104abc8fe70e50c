import { useCallback, useEffect, useState } from 'react';
import { api, DEAL_LIMITS, toApiError, type ApplicationStatus, type ChatMessage, type Conversation } from '@tasko/shared';

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
  const [attempt, setAttempt] = useState(0);
  const request = `${id}:${attempt}`;
  const [answer, setAnswer] = useState<{ request: string; state: Exclude<ThreadState, { status: 'loading' }> } | null>(null);
  // Keyed by the request too: another conversation starts with nothing asked before its first message.
  const [earlierOf, setEarlierOf] = useState<{ request: string; state: EarlierState } | null>(null);
  const earlier: EarlierState = earlierOf?.request === request ? earlierOf.state : 'idle';
  const state: ThreadState = id === null ? { status: 'notFound' } : answer?.request === request ? answer.state : { status: 'loading' };

  useEffect(() => {
    if (id === null) return;
    const controller = new AbortController();
    const { signal } = controller;
    Promise.all([api.deal.conversations(signal), api.deal.messages(id, { signal })]).then(
      ([inbox, messages]) => {
        const conversation = inbox.conversations.find((c) => c.id === id);
        setAnswer({
          request,
          state: conversation
            ? { status: 'loaded', conversation, messages: mergeMessages([], messages), hasEarlier: messages.length >= DEAL_LIMITS.messagesPageSize }
            : { status: 'notFound' },
        });
      },
      (error: unknown) => {
        if (signal.aborted) return;
        setAnswer({ request, state: toApiError(error).statusCode === 404 ? { status: 'notFound' } : { status: 'failed' } });
      },
    );
    return () => controller.abort();
  }, [id, request]);

  /** Changes the thread shown, unless the reader has moved on to another conversation meanwhile. */
  const update = useCallback(
    (change: (shown: Loaded) => Loaded) =>
      setAnswer((current) => (current?.request === request && current.state.status === 'loaded' ? { request, state: change(current.state) } : current)),
    [request],
  );

  const addMessages = useCallback((incoming: ChatMessage[]) => update((shown) => ({ ...shown, messages: mergeMessages(shown.messages, incoming) })), [update]);

  const setApplicationStatus = useCallback(
    (status: ApplicationStatus) => update((shown) => ({ ...shown, conversation: { ...shown.conversation, application: { ...shown.conversation.application, status } } })),
    [update],
  );

  const markBlocked = useCallback(() => update((shown) => ({ ...shown, conversation: { ...shown.conversation, blockedByMe: true } })), [update]);

  const loadEarlier = useCallback(
    async (before: number): Promise<void> => {
      if (id === null) return;
      setEarlierOf({ request, state: 'loading' });
      try {
        const page = await api.deal.messages(id, { before });
        update((shown) => ({ ...shown, messages: mergeMessages(shown.messages, page), hasEarlier: page.length >= DEAL_LIMITS.messagesPageSize }));
        setEarlierOf({ request, state: 'idle' });
      } catch {
        setEarlierOf({ request, state: 'failed' });
      }
    },
    [id, request, update],
  );

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return { state, earlier, retry, addMessages, setApplicationStatus, markBlocked, loadEarlier };
}
