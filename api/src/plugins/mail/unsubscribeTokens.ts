import crypto from 'node:crypto';
import { isDealMailKind, type DealMailKind } from '@tasko/shared/domain';
import type { Database } from '../../db/client.js';
import { serverSecret } from '../../db/serverSecret.js';

const SECRET_NAME = 'unsubscribe-signing-key';
/**
 * What the signature covers besides the alert id: a token for another purpose (a session's, say) can never
 * verify as an unsubscribe token, even under the same key.
 */
const PURPOSE = 'tasko:unsubscribe-alert:v1';
const TOKEN = /^u1\.([1-9]\d{0,15})\.([A-Za-z0-9_-]{43})$/;
/** The same for a deal email's token, which names a user and a kind of email (docs/deal.md, "Emails"). */
const DEAL_PURPOSE = 'tasko:unsubscribe-deal-mail:v1';
const DEAL_TOKEN = /^d1\.([1-9]\d{0,15})\.([A-Za-z]{1,40})\.([A-Za-z0-9_-]{43})$/;

/** What a deal email's unsubscribe token names: stop this kind of email to this user. */
export interface DealMailOptOut {
  userId: number;
  kind: DealMailKind;
}

/** Compared as written, not as decoded: the last base64url character has spare bits, and a token spelled differently is not the one that was issued. */
function isSameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/**
 * The token in an alert email's unsubscribe links: names one alert, signed (HMAC-SHA256 with a key generated
 * once and kept in the database, so every instance shares it). It does not expire: an old email's link must
 * still work. Shape: `u1.<alertId>.<signature>`. A deal email's token, under the same key and its own
 * purpose, names a user and a kind of email: `d1.<userId>.<kind>.<signature>`.
 */
export class UnsubscribeTokens {
  private constructor(private readonly key: Buffer) {}

  static async open(db: Database): Promise<UnsubscribeTokens> {
    return new UnsubscribeTokens(await serverSecret(db, SECRET_NAME));
  }

  private signature(alertId: number): string {
    return crypto.createHmac('sha256', this.key).update(`${PURPOSE}:${alertId}`).digest('base64url');
  }

  sign(alertId: number): string {
    if (!Number.isSafeInteger(alertId) || alertId < 1) throw new Error(`not an alert id: ${alertId}`);
    return `u1.${alertId}.${this.signature(alertId)}`;
  }

  /** The alert a token names, or null for anything this class did not sign. */
  async verify(token: string): Promise<number | null> {
    const match = TOKEN.exec(token);
    if (!match) return null;
    const alertId = Number(match[1]);
    if (!Number.isSafeInteger(alertId)) return null;
    return isSameSignature(match[2]!, this.signature(alertId)) ? alertId : null;
  }

  private dealSignature(userId: number, kind: DealMailKind): string {
    return crypto.createHmac('sha256', this.key).update(`${DEAL_PURPOSE}:${userId}:${kind}`).digest('base64url');
  }

  signDealMail({ userId, kind }: DealMailOptOut): string {
    if (!Number.isSafeInteger(userId) || userId < 1) throw new Error(`not a user id: ${userId}`);
    return `d1.${userId}.${kind}.${this.dealSignature(userId, kind)}`;
  }

  /** The user and kind of email a deal token names, or null for anything this class did not sign so. */
  verifyDealMail(token: string): DealMailOptOut | null {
    const match = DEAL_TOKEN.exec(token);
    if (!match) return null;
    const userId = Number(match[1]);
    const kind = match[2];
    if (!Number.isSafeInteger(userId) || !isDealMailKind(kind)) return null;
    return isSameSignature(match[3]!, this.dealSignature(userId, kind)) ? { userId, kind } : null;
  }
}
