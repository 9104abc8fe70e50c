import { useLayoutEffect, useRef } from 'react';
import { api, useUserEvent, type ChatMessage, type Conversation } from '@tasko/shared';
import { useRemoteData } from '@tasko/shared/remoteData';

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
  const { state: remote, retry, refresh, update } = useRemoteData('inbox', (signal) =>
    api.deal.conversations(signal).then((answer) => [...answer.conversations].sort(byNewestActivity)),
  );
  const rows = remote.status === 'ready' ? remote.data : null;
  let state: InboxState = { status: 'loading' };
  if (rows) state = { status: 'loaded', conversations: rows };
  else if (remote.status === 'failed') state = { status: 'failed' };

  // The rows as last shown, read by the event handlers: two events in one tick see each other's change.
  const shown = useRef<Conversation[] | null>(rows);
  useLayoutEffect(() => {
    shown.current = rows;
  }, [rows]);
  const change = (edit: (conversations: Conversation[]) => Conversation[]) => {
    if (!shown.current) return;
    shown.current = edit(shown.current);
    update(edit);
  };

  useUserEvent('message', ({ conversationId, message }) => {
    const conversations = shown.current;
    if (!conversations) return;
    if (conversations.some((c) => c.id === conversationId)) change((list) => list.map((c) => (c.id === conversationId ? withMessage(c, message) : c)).sort(byNewestActivity));
    else void refresh();
  });

  useUserEvent('unread', ({ unreadTotal }) => {
    const conversations = shown.current;
    if (conversations && conversations.reduce((sum, c) => sum + c.unread, 0) !== unreadTotal) void refresh();
  });

  return { state, retry };
}
