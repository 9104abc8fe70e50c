import { useCallback, useEffect, useRef, useState } from 'react';
import { api, useUserEvent, type ChatMessage, type Conversation } from '@tasko/shared';

export type InboxState = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; conversations: Conversation[] };

/** Newest activity first: the conversation whose last message is the latest leads. */
export function byNewestActivity(a: Conversation, b: Conversation): number {
  return b.lastMessage.createdAt.localeCompare(a.lastMessage.createdAt) || b.lastMessage.id - a.lastMessage.id;
}

/** The conversation with `message` as its last one; a message already shown (or older) changes nothing. */
function withMessage(conversation: Conversation, message: ChatMessage): Conversation {
  if (message.id <= conversation.lastMessage.id) return conversation;
  // `unread` counts the other person's messages only (docs/deal.md, "Conversation"): not mine, not the site's.
  const isTheirs = message.kind === 'user' && message.authorId === conversation.other.id;
  return { ...conversation, lastMessage: message, unread: conversation.unread + (isTheirs ? 1 : 0) };
}

/**
 * The member's conversations (`GET /me/conversations`), kept current by the event stream: a message moves
 * its conversation to the top and counts as unread when it is the other person's; a message of a
 * conversation not on the page yet (someone just applied), or an unread total the rows do not add up to
 * (read in another tab), asks the server again without leaving the list.
 */
export function useInbox() {
  const [state, setState] = useState<InboxState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [refresh, setRefresh] = useState(0);
  // The rows as last shown, read by the event handlers: two events in one tick see each other's change.
  const shown = useRef<Conversation[] | null>(null);

  const show = useCallback((conversations: Conversation[]) => {
    shown.current = [...conversations].sort(byNewestActivity);
    setState({ status: 'loaded', conversations: shown.current });
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    api.deal.conversations(controller.signal).then(
      (answer) => show(answer.conversations),
      () => {
        // A quiet refresh that fails leaves the list shown as it was.
        if (!controller.signal.aborted && !shown.current) setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [attempt, refresh, show]);

  const askAgain = useCallback(() => setRefresh((n) => n + 1), []);

  useUserEvent('message', ({ conversationId, message }) => {
    const conversations = shown.current;
    if (!conversations) return;
    if (conversations.some((c) => c.id === conversationId)) show(conversations.map((c) => (c.id === conversationId ? withMessage(c, message) : c)));
    else askAgain();
  });

  useUserEvent('unread', ({ unreadTotal }) => {
    const conversations = shown.current;
    if (conversations && conversations.reduce((sum, c) => sum + c.unread, 0) !== unreadTotal) askAgain();
  });

  const retry = useCallback(() => {
    shown.current = null;
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return { state, retry };
}
