import { useLayoutEffect, useRef, type RefObject } from 'react';
import { api, useUserEvent, type ChatMessage, type Conversation } from '@tasko/shared';
import { useCursorList, type CursorList } from '@tasko/shared/cursorList';

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
 * The member's conversations (`GET /me/conversations`), a page at a time, newest activity first, "Show more"
 * appending the next (docs/deal.md, "Messages (pages)"). Kept current by the event stream: a message moves its
 * conversation to the top and counts as unread when it is the other person's; a message of a conversation not
 * shown (someone just applied, or it is on a page not loaded yet), an unread total the rows do not add up to
 * (read in another tab; while pages are left to load, one below what the rows count), or a `resync` (the stream could not replay all it
 * missed) asks for the first page again, which goes on top of the rows shown without leaving the list.
 */
export function useInbox(list: RefObject<HTMLElement | null>) {
  const pages: CursorList<Conversation> = useCursorList<Conversation>({
    key: 'inbox',
    load: ({ cursor, signal }) =>
      api.deal.conversations({ cursor, signal }).then((answer) => ({ items: answer.conversations, nextCursor: answer.nextCursor })),
    idOf: (conversation) => conversation.id,
    order: byNewestActivity,
    focusOf: (id) => list.current?.querySelector<HTMLElement>(`a[data-conversation="${id}"]`),
  });
  const { state: remote, refresh, update } = pages;
  const rows = remote.status === 'loaded' ? remote.items : null;
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
    if (conversations.some((c) => c.id === conversationId))
      change((all) => all.map((c) => (c.id === conversationId ? withMessage(c, message) : c)).sort(byNewestActivity));
    else void refresh();
  });

  useUserEvent('unread', ({ unreadTotal }) => {
    const conversations = shown.current;
    if (!conversations || remote.status !== 'loaded') return;
    // With pages not loaded yet the rows may count less than the total, never more: more means a row is out of date.
    const counted = conversations.reduce((sum, c) => sum + c.unread, 0);
    if (remote.nextCursor === null ? counted !== unreadTotal : counted > unreadTotal) void refresh();
  });

  useUserEvent('resync', () => void refresh());

  return { state, pages };
}
