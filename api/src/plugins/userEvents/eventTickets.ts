import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/client.js';
import { eventTickets } from '../../db/schema.js';

/** How long a ticket may wait for its `GET /me/events`: the page asks for one right before it connects. */
export const EVENT_TICKET_TTL_MS = 60_000;

/** 32 random bytes in base64url: what `issueEventTicket` hands out, and all a redeemed ticket may look like. */
const TICKET = /^[A-Za-z0-9_-]{43}$/;

/** Only this is stored: a ticket read from the table (a backup, a log of queries) opens no stream. */
const hashOf = (ticket: string) => crypto.createHash('sha256').update(ticket).digest('base64url');

/** Whom a redeemed ticket opens a stream for: the member, and the session that asked for the ticket. */
export interface TicketHolder {
  userId: number;
  sessionId: string;
}

/**
 * A ticket for `EventSource`, which cannot send the Bearer header (docs/deal.md, "Real time"): random, good
 * for one `GET /me/events?ticket=` within a minute, bound to the session that asked for it, and only its hash
 * kept.
 */
export async function issueEventTicket(db: Database, holder: TicketHolder): Promise<string> {
  const ticket = crypto.randomBytes(32).toString('base64url');
  await db.insert(eventTickets).values({
    ticketHash: hashOf(ticket),
    userId: holder.userId,
    sessionId: holder.sessionId,
    expiresAt: new Date(Date.now() + EVENT_TICKET_TTL_MS),
  });
  return ticket;
}

/**
 * Whom a ticket was issued to, or null: unknown, already used, expired, its session ended (a logout, a
 * revocation, its 30 days), or its user blocked since. One statement deletes and answers, so two requests
 * racing with the same ticket cannot both get a stream.
 */
export async function redeemEventTicket(db: Database, ticket: string): Promise<TicketHolder | null> {
  if (!TICKET.test(ticket)) return null;
  const [row] = rowsOf<{ user_id: number; session_id: string }>(
    await db.execute(sql`
      delete from event_tickets ticket using sessions, users
      where ticket.ticket_hash = ${hashOf(ticket)} and ticket.expires_at > now()
        and sessions.id = ticket.session_id and sessions.user_id = ticket.user_id
        and sessions.revoked_at is null and sessions.expires_at > now()
        and users.id = ticket.user_id and users.blocked_at is null
      returning ticket.user_id, ticket.session_id`),
  );
  return row ? { userId: Number(row.user_id), sessionId: row.session_id } : null;
}
