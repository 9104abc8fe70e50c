import crypto from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import type { Database } from '../../db/client.js';
import { sessions, users } from '../../db/schema.js';
import { serverSecret } from '../../db/serverSecret.js';
import { streamNoticeSql } from '../userEvents/streamControl.js';

const SESSION_DAYS = 30;
const ISSUER = 'tasko';

export interface SessionUser {
  id: number;
  email: string;
  name: string;
  isAgeConfirmed: boolean;
  /** When the account was made: a young one is held to tighter limits ("Show phone"). */
  accountCreatedAt: Date;
  sessionId: string;
}

/**
 * The site's own session tokens: signed (HS256, a key generated once and kept in the database so every
 * instance shares it), with an expiry, and revocable: a token is valid while its session row is.
 */
export class SessionService {
  private constructor(
    private readonly db: Database,
    private readonly key: Uint8Array,
  ) {}

  static async open(db: Database): Promise<SessionService> {
    return new SessionService(db, await serverSecret(db, 'session-signing-key'));
  }

  async issue(userId: number): Promise<string> {
    const id = crypto.randomUUID();
    const expiresAt = new Date(Date.now() + SESSION_DAYS * 24 * 3600 * 1000);
    await this.db.insert(sessions).values({ id, userId, expiresAt });
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setSubject(String(userId))
      .setJti(id)
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .sign(this.key);
  }

  /** The user behind a token, or null for a forged, expired, revoked or unknown one. */
  async verify(token: string): Promise<SessionUser | null> {
    let sessionId: string;
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ['HS256'] });
      if (!payload.jti) return null;
      sessionId = payload.jti;
    } catch {
      return null;
    }
    const [row] = await this.db
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        ageConfirmedAt: users.ageConfirmedAt,
        accountCreatedAt: users.createdAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      // A blocked user's sessions stop working at once, even before they are revoked.
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date()), isNull(users.blockedAt)));
    if (!row) return null;
    const { ageConfirmedAt, ...user } = row;
    return { ...user, isAgeConfirmed: ageConfirmedAt !== null, sessionId };
  }

  /**
   * Every session of a user (a moderator blocked them). One statement revokes them and tells every API process,
   * whose open streams of this user end (docs/deal.md, "Sessions and streams"): the NOTIFY goes at its commit.
   */
  async revokeAllOf(userId: number): Promise<void> {
    await this.db.execute(sql`
      with ended as (update sessions set revoked_at = now() where user_id = ${userId} and revoked_at is null)
      ${streamNoticeSql({ kind: 'memberSessionsEnded', userId })}`);
  }

  /** One session (a logout), and its open streams in every API process, as revokeAllOf. */
  async revoke(sessionId: string): Promise<void> {
    await this.db.execute(sql`
      with ended as (update sessions set revoked_at = now() where id = ${sessionId} and revoked_at is null)
      ${streamNoticeSql({ kind: 'sessionsEnded', sessionIds: [sessionId] })}`);
  }
}
