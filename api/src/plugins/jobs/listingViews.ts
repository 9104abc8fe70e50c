import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.js';
import { listingViews } from '../../db/schema.js';
import { serverSecret } from '../../db/serverSecret.js';
import { israelDay } from '../../israelDay.js';
import { addressKey } from '../security/clientKey.js';

const SECRET_NAME = 'listing-view-key';

/**
 * Browsers counted per address, listing and day. A User-Agent is the client's to choose, so a script at one
 * address that invents a new one per request gets this many views, not one per string; a household or an
 * office behind one address still counts as several people.
 */
const BROWSERS_PER_ADDRESS = 3;

/**
 * Views of listings as the server answers them (the listing's page, `GET /jobs/{id}`): a browser's analytics
 * events never move an owner's figure, since everything in them is the browser's to invent.
 */
export class ListingViews {
  private constructor(
    private readonly db: Database,
    private readonly key: Buffer,
  ) {}

  /** The key is generated once and kept in the database, so every instance names a viewer alike. */
  static async open(db: Database): Promise<ListingViews> {
    return new ListingViews(db, await serverSecret(db, SECRET_NAME));
  }

  /** Addresses are personal data: only a keyed hash is stored, with the day in it so days cannot be linked. */
  private hashOf(...parts: string[]): string {
    return crypto.createHmac('sha256', this.key).update(parts.join('\n')).digest('base64url').slice(0, 22);
  }

  /**
   * The client looked at the listing: one view per address and browser a day. The owner's own look is none,
   * and takes back the anonymous one their page's first render (asked without the session) made just before.
   * A failure is logged, never the visitor's problem.
   */
  async record(request: FastifyRequest, listing: { id: number; publisherId: number }, viewerId: number | undefined): Promise<void> {
    const day = israelDay(new Date());
    const address = addressKey(request.ip);
    const addressHash = this.hashOf(day, address);
    const browserHash = this.hashOf(day, address, request.headers['user-agent'] ?? '');
    try {
      if (viewerId === listing.publisherId) {
        await this.db
          .delete(listingViews)
          .where(
            and(
              eq(listingViews.listingId, listing.id),
              eq(listingViews.day, day),
              eq(listingViews.addressKey, addressHash),
              eq(listingViews.browserKey, browserHash),
            ),
          );
        return;
      }
      await this.db.execute(sql`
        insert into listing_views (listing_id, day, address_key, browser_key)
        select ${listing.id}, ${day}::date, ${addressHash}, ${browserHash}
        where (select count(*) from listing_views where listing_id = ${listing.id} and day = ${day}::date and address_key = ${addressHash}) < ${BROWSERS_PER_ADDRESS}
        on conflict do nothing`);
    } catch (error) {
      request.log.warn({ err: error, listingId: listing.id }, 'counting a listing view failed');
    }
  }
}
