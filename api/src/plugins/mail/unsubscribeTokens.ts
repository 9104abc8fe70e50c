import crypto from 'node:crypto';
import type { Database } from '../../db/client.js';
import { serverSecret } from '../../db/serverSecret.js';

const SECRET_NAME = 'unsubscribe-signing-key';
/**
 * What the signature covers besides the alert id: a token for another purpose (a session's, say) can never
 * verify as an unsubscribe token, even under the same key.
 */
const PURPOSE = 'tasko:unsubscribe-alert:v1';
const TOKEN = /^u1\.([1-9]\d{0,15})\.([A-Za-z0-9_-]{43})$/;

/**
 * The token in an alert email's unsubscribe links: names one alert, signed (HMAC-SHA256 with a key generated
 * once and kept in the database, so every instance shares it). It does not expire: an old email's link must
 * still work. Shape: `u1.<alertId>.<signature>`.
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
    // Compared as written, not as decoded: the last base64url character has spare bits, and a token
    // spelled differently is not the one that was issued.
    const given = Buffer.from(match[2]!);
    const expected = Buffer.from(this.signature(alertId));
    return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? alertId : null;
  }
}
