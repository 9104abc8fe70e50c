import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CATEGORIES, DEFAULT_LANGUAGE, OFFER_TYPES } from '@tasko/shared/domain';
import type { PublicReads } from '../db/replica.js';
import { languageParam } from '../plugins/places/places.js';
import { suggestTasks } from './suggestions.js';

const suggestionsQuery = z.object({
  q: z.string().trim().min(1).max(60),
  /** The language the tasks are named in. */
  language: languageParam.default(DEFAULT_LANGUAGE),
  /** Only tasks with a listing of this offer type now. */
  offerType: z.enum(OFFER_TYPES).default('job'),
});

export const searchSuggestion = z.object({ text: z.string(), category: z.enum(CATEGORIES) });

export async function searchRoutes(app: FastifyInstance, opts: { publicReads: PublicReads }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/search/suggestions',
    {
      schema: {
        summary:
          'Tasks of the vocabulary the typed text begins, in any of the four languages, named in the asked language with their category',
        tags: ['search'],
        querystring: suggestionsQuery,
        response: { 200: z.object({ suggestions: z.array(searchSuggestion) }) },
      },
    },
    async (request, reply) => {
      // Which tasks have listings changes slowly; a few minutes' cache spares the probes.
      reply.header('Cache-Control', 'public, max-age=300');
      const { q, language, offerType } = request.query;
      return { suggestions: await opts.publicReads.read((reader) => suggestTasks(reader, q, language, offerType)) };
    },
  );
}
