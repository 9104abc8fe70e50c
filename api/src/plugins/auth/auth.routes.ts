import { and, eq, isNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_SETTINGS, LANGUAGE_CODES, type Language, type UserSettings } from '@tasko/shared/domain';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { ApiProblem } from '../errors/errors.plugin.js';
import { bearerToken, requireUser, userOf } from './authenticate.js';
import { IdTokenRejected, type IdTokenVerifier, type VerifiedIdentity } from './idToken.js';
import type { SessionService } from './sessions.js';

const loginAnswer = z.object({
  accessToken: z.string(),
  user: z.object({ email: z.string(), name: z.string(), picture: z.string().optional(), ageConfirmed: z.boolean(), isAdmin: z.boolean() }),
  settings: z.object({
    language: z.string(),
    theme: z.string(),
    emailNotifications: z.boolean(),
    smsNotifications: z.boolean(),
  }),
});

/** Finds the user by Google subject or email, creating them on first sign-in. */
async function upsertUser(db: Database, who: VerifiedIdentity, language: Language | undefined) {
  const [existing] = await db
    .select()
    .from(users)
    .where(or(eq(users.googleSub, who.sub), eq(users.email, who.email)));
  if (existing) {
    const [updated] = await db
      .update(users)
      .set({ email: who.email, name: who.name || existing.name, picture: who.picture ?? existing.picture, googleSub: who.sub })
      .where(eq(users.id, existing.id))
      .returning();
    return updated ?? existing;
  }
  const [created] = await db
    .insert(users)
    // A new user starts in the language they signed in with.
    .values({ email: who.email, name: who.name, picture: who.picture ?? null, googleSub: who.sub, settings: { ...DEFAULT_SETTINGS, ...(language ? { language } : {}) } })
    .returning();
  if (!created) throw new Error('user not created');
  return created;
}

export async function authRoutes(
  app: FastifyInstance,
  opts: { db: Database; sessions: SessionService; verifier: IdTokenVerifier; signInRateLimit: number; adminEmails: string[] },
): Promise<void> {
  const { db, sessions, verifier } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/auth/google/login',
    {
      schema: {
        summary: 'Exchange a Google (or local provider) ID token for a session token',
        description: 'Empty body; the ID token is the Bearer of the Authorization header. `language` sets a new user’s first language.',
        tags: ['auth'],
        querystring: z.object({ language: z.enum(LANGUAGE_CODES as [Language, ...Language[]]).optional() }),
        response: { 200: loginAnswer },
      },
      config: { rateLimit: { max: opts.signInRateLimit, timeWindow: 60_000 } },
    },
    async (request) => {
      const idToken = bearerToken(request);
      if (!idToken) throw new ApiProblem(401, 'authFailed');
      let who: VerifiedIdentity;
      try {
        who = await verifier.verify(idToken);
      } catch (error) {
        if (error instanceof IdTokenRejected) throw new ApiProblem(401, 'authFailed');
        throw error;
      }
      const user = await upsertUser(db, who, request.query.language);
      if (user.blockedAt) throw new ApiProblem(403, 'userBlocked');
      const accessToken = await sessions.issue(user.id);
      const settings: UserSettings = { ...DEFAULT_SETTINGS, ...(user.settings ?? {}) };
      return {
        accessToken,
        user: {
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
    { schema: { summary: 'Confirm that I am 18 or older (the terms); stored once', tags: ['auth'] }, onRequest: requireUser(sessions) },
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
    { schema: { summary: 'Revoke the current session token', tags: ['auth'] }, onRequest: requireUser(sessions) },
    async (request, reply) => {
      await sessions.revoke(userOf(request).sessionId);
      return reply.code(204).send();
    },
  );
}
