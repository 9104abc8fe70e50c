import { SYSTEM_NOTES, type ChatMessage, type SystemNote } from '@tasko/shared';

// What the inbox and the conversation both say about a message (docs/deal.md, "Conversation").

/** A note of the site's own (`kind: 'system'`) that this build can put in words; a newer server's reads as a generic update. */
export function systemNoteOf(message: ChatMessage): SystemNote | null {
  return message.kind === 'system' ? (SYSTEM_NOTES.find((note) => note === message.text) ?? null) : null;
}

/**
 * Whether I wrote `message`: by my id when the stored session has it (sessions stored before sign-in
 * answers carried ids do not), otherwise by its not being the other person's.
 */
export function isMine(message: ChatMessage, myId: number | undefined, otherId: number): boolean {
  if (message.kind !== 'user' || message.authorId === null) return false;
  return myId !== undefined ? message.authorId === myId : message.authorId !== otherId;
}

/** A message as one line: its breaks and runs of spaces as single spaces, cut at a length a row can show. */
export function excerptOf(text: string, maxLength = 140): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > maxLength ? `${Array.from(line).slice(0, maxLength).join('').trimEnd()}…` : line;
}
