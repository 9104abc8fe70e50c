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

/**
 * A ticket for `EventSource`, which cannot send the Bearer header (docs/deal.md, "Real time"): random, good
 * for one `GET /me/events?ticket=` within a minute, and only its hash kept.
 */
export async function issueEventTicket(db: Database, userId: number): Promise<string> {
  const ticket = crypto.randomBytes(32).toString('base64url');
  await db.insert(eventTickets).values({ ticketHash: hashOf(ticket), userId, expiresAt: new Date(Date.now() + EVENT_TICKET_TTL_MS) });
  return ticket;
}

/**
 * The user a ticket was issued to, or null: unknown, already used, expired, or its user blocked since. One
 * statement deletes and answers, so two requests racing with the same ticket cannot both get a stream.
 */
export async function redeemEventTicket(db: Database, ticket: string): Promise<number | null> {
  if (!TICKET.test(ticket)) return null;
  const [row] = rowsOf<{ user_id: number }>(
    await db.execute(sql`
      delete from event_tickets ticket using users
      where ticket.ticket_hash = ${hashOf(ticket)} and ticket.expires_at > now()
        and users.id = ticket.user_id and users.blocked_at is null
      returning ticket.user_id`),
  );
  return row ? Number(row.user_id) : null;
}
