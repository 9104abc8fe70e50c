import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEFAULT_SETTINGS, type UserSettings } from '@tasko/shared/domain';
import { settingsSchema } from '@tasko/shared/validation';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { requireUser, userOf } from '../auth/authenticate.js';
import type { SessionService } from '../auth/sessions.js';

export async function settingsRoutes(
  app: FastifyInstance,
  opts: { db: Database; sessions: SessionService; writeRateLimit: number },
): Promise<void> {
  const { db, sessions } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(sessions);

  api.get(
    '/user/settings',
    { schema: { summary: 'My settings', tags: ['settings'], response: { 200: settingsSchema } }, onRequest: signedIn },
    async (request) => {
      const [row] = await db
        .select({ settings: users.settings })
        .from(users)
        .where(eq(users.id, userOf(request).id));
      return { ...DEFAULT_SETTINGS, ...(row?.settings ?? {}) } satisfies UserSettings;
    },
  );

  api.put(
    '/user/settings',
    {
      schema: { summary: 'Save my settings', tags: ['settings'], body: settingsSchema, response: { 200: settingsSchema } },
      onRequest: signedIn,
      config: { rateLimit: { max: opts.writeRateLimit, timeWindow: 60_000 } },
    },
    async (request) => {
      const settings: UserSettings = request.body;
      await db
        .update(users)
        .set({ settings })
        .where(eq(users.id, userOf(request).id));
      return settings;
    },
  );
}
