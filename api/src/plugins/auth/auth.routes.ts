import crypto from 'node:crypto';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_SETTINGS, LANGUAGE_CODES, type Language, type UserSettings } from '@tasko/shared/domain';
import type { Database } from '../../db/client.js';
import { usedIdTokens, users } from '../../db/schema.js';
import { byAddress } from '../security/clientKey.js';
import { readCookie, serverCookie } from '../security/cookies.js';
import { ApiProblem } from '../errors/errors.plugin.js';
import { bearerToken, requireUser, userOf } from './authenticate.js';
import { IdTokenRejected, type IdTokenVerifier, type VerifiedIdentity } from './idToken.js';
import type { SessionService } from './sessions.js';

/** An answer without a body (204, 202). */
export const noContent = z.null().describe('No content');

const loginAnswer = z.object({
  accessToken: z.string(),
  user: z.object({
    id: z.number().int(),
    email: z.string(),
    name: z.string(),
    picture: z.string().optional(),
    ageConfirmed: z.boolean(),
    isAdmin: z.boolean(),
  }),
  settings: z.object({
    language: z.string(),
    theme: z.string(),
    emailNotifications: z.boolean(),
    smsNotifications: z.boolean(),
  }),
});

/** The browser's nonce lives in this cookie as a hash, where only the sign-in calls can read it. */
const NONCE_COOKIE = 'tasko_nonce';
const NONCE_COOKIE_PATH = '/api/v1/auth';
const NONCE_MINUTES = 10;

const hashOf = (nonce: string) => crypto.createHash('sha256').update(nonce).digest('base64url');

function isSameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

/**
 * The stored settings with the language the person signs in with: signing in from /he/login
 * means Hebrew, whatever was saved before, so the answer, the redirect and the next visit agree. Merged in
 * SQL, so a settings change saved at the same moment keeps its other fields.
 */
function settingsInLanguage(language: Language): SQL<UserSettings> {
  return sql<UserSettings>`coalesce(${users.settings}, ${JSON.stringify(DEFAULT_SETTINGS)}::jsonb) || jsonb_build_object('language', ${language}::text)`;
}

/**
 * Finds the user by Google subject, creating them on first sign-in. An email links to an existing account
 * only while that account has no subject: an address cannot take over an account another Google account
 * signs in to, and a subject and email of two different users answer 409 `accountConflict`.
 */
async function upsertUser(db: Database, who: VerifiedIdentity, language: Language | undefined): Promise<typeof users.$inferSelect> {
  const [bySub] = await db.select().from(users).where(eq(users.googleSub, who.sub));
  const [byEmail] = await db.select().from(users).where(eq(users.email, who.email));
  if (byEmail && (bySub ? byEmail.id !== bySub.id : byEmail.googleSub !== null)) throw new ApiProblem(409, 'accountConflict');
  const existing = bySub ?? byEmail;
  if (existing) {
    const [updated] = await db
      .update(users)
      .set({
        email: who.email,
        name: who.name || existing.name,
        picture: who.picture ?? existing.picture,
        googleSub: who.sub,
        emailVerifiedByGoogle: who.isEmailVerifiedByGoogle,
        ...(language ? { settings: settingsInLanguage(language) } : {}),
      })
      .where(eq(users.id, existing.id))
      .returning();
    return updated ?? existing;
  }
  const [created] = await db
    .insert(users)
    // A new user starts in the language they signed in with.
    .values({
      email: who.email,
      name: who.name,
      picture: who.picture ?? null,
      googleSub: who.sub,
      emailVerifiedByGoogle: who.isEmailVerifiedByGoogle,
      settings: { ...DEFAULT_SETTINGS, ...(language ? { language } : {}) },
    })
    .onConflictDoNothing()
    .returning();
  // Two first sign-ins at once (a double click): the other one created the row, so this one finds it.
  return created ?? (await upsertUser(db, who, language));
}

export async function authRoutes(
  app: FastifyInstance,
  opts: {
    db: Database;
    sessions: SessionService;
    verifier: IdTokenVerifier;
    signInRateLimit: number;
    adminEmails: string[];
    isSecureCookie: boolean;
  },
): Promise<void> {
  const { db, sessions, verifier } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signInLimit = { rateLimit: { max: opts.signInRateLimit, timeWindow: 60_000, keyGenerator: byAddress } };
  const nonceCookie = (value: string, maxAgeSeconds: number) =>
    serverCookie(NONCE_COOKIE, value, { path: NONCE_COOKIE_PATH, maxAgeSeconds, isSecure: opts.isSecureCookie });

  api.post(
    '/auth/nonce',
    {
      schema: {
        summary: 'A fresh nonce for the sign-in redirect; its hash is set in the tasko_nonce cookie, which the login checks',
        tags: ['auth'],
        response: { 200: z.object({ nonce: z.string() }) },
      },
      config: signInLimit,
    },
    async (_request, reply) => {
      const nonce = crypto.randomBytes(32).toString('base64url');
      void reply.header('Set-Cookie', nonceCookie(hashOf(nonce), NONCE_MINUTES * 60)).header('Cache-Control', 'no-store');
      return { nonce };
    },
  );

  api.post(
    '/auth/google/login',
    {
      schema: {
        summary: 'Exchange a Google (or local provider) ID token for a session token',
        description:
          'Empty body; the ID token is the Bearer of the Authorization header. `language` is the language of the page the person signs in from: it is saved in their settings (new or existing user) and answered in `settings.language`.',
        tags: ['auth'],
        querystring: z.object({ language: z.enum(LANGUAGE_CODES as [Language, ...Language[]]).optional() }),
        response: { 200: loginAnswer },
      },
      config: signInLimit,
    },
    async (request, reply) => {
      const idToken = bearerToken(request);
      if (!idToken) throw new ApiProblem(401, 'authFailed');
      let who: VerifiedIdentity;
      try {
        who = await verifier.verify(idToken);
      } catch (error) {
        if (error instanceof IdTokenRejected) throw new ApiProblem(401, 'authFailed');
        throw error;
      }
      // The token was asked for by this browser: its nonce is the one whose hash this browser holds.
      const expectedHash = readCookie(request.headers.cookie, NONCE_COOKIE);
      if (!who.nonce || !expectedHash || !isSameHash(hashOf(who.nonce), expectedHash)) throw new ApiProblem(401, 'authFailed');
      void reply.header('Set-Cookie', nonceCookie('', 0));
      // Each ID token is exchanged once: a captured one cannot be replayed while it is still valid.
      const [firstUse] = await db
        .insert(usedIdTokens)
        .values({ key: who.tokenKey, expiresAt: who.expiresAt })
        .onConflictDoNothing()
        .returning({ key: usedIdTokens.key });
      if (!firstUse) throw new ApiProblem(401, 'authFailed');
      const user = await upsertUser(db, who, request.query.language);
      if (user.blockedAt) throw new ApiProblem(403, 'userBlocked');
      const accessToken = await sessions.issue(user.id);
      const settings: UserSettings = { ...DEFAULT_SETTINGS, ...(user.settings ?? {}) };
      return {
        accessToken,
        user: {
          id: user.id,
          email: user.email,
          name: user.name,
          ...(user.picture ? { picture: user.picture } : {}),
          ageConfirmed: user.ageConfirmedAt !== null,
          isAdmin: opts.adminEmails.includes(user.email),
        },
        settings,
      };
    },
  );

  api.post(
    '/user/age-confirmation',
    {
      schema: {
        summary: 'Confirm that I am 18 or older (the terms); stored once',
        tags: ['auth'],
        response: { 200: z.object({ ageConfirmed: z.literal(true) }) },
      },
      onRequest: requireUser(sessions),
    },
    async (request) => {
      await db
        .update(users)
        .set({ ageConfirmedAt: new Date() })
        .where(and(eq(users.id, userOf(request).id), isNull(users.ageConfirmedAt)));
      return { ageConfirmed: true as const };
    },
  );

  api.post(
    '/auth/logout',
    {
      schema: { summary: 'Revoke the current session token', tags: ['auth'], response: { 204: noContent } },
      onRequest: requireUser(sessions),
    },
    async (request, reply) => {
      await sessions.revoke(userOf(request).sessionId);
      return reply.code(204).send(null);
    },
  );
}
