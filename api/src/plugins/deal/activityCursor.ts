import { z } from 'zod';
import { ApiProblem } from '../errors/errors.plugin.js';

// Lists of the deal (my conversations, a listing's applicants, my applications) are paged by the last
// activity of each conversation (docs/deal.md, "Paged lists"): its newest message's id, then its own id.

/** Where the next page starts: the last activity and id of the page's last conversation. */
export interface ActivityCursor {
  lastMessageId: number;
  id: number;
}

const MAX_INTEGER = 2 ** 31 - 1;
const cursorShape = z.tuple([z.number().int().min(0).max(MAX_INTEGER), z.number().int().positive().max(MAX_INTEGER)]);

/** Opaque to clients: base64url of a two-number JSON array. */
export function encodeActivityCursor(cursor: ActivityCursor): string {
  return Buffer.from(JSON.stringify([cursor.lastMessageId, cursor.id])).toString('base64url');
}

/** The cursor a client sent back; anything else is 400 `invalidRequest`. */
export function decodeActivityCursor(raw: string): ActivityCursor {
  try {
    const [lastMessageId, id] = cursorShape.parse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
    return { lastMessageId, id };
  } catch {
    throw new ApiProblem(400, 'invalidRequest', { cursor: 'invalidRequest' });
  }
}
