import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_LANGUAGE } from '@tasko/shared/domain';
import { languageParam, placeSuggestion, suggestPlaces } from './places.js';

const placesQuery = z.object({
  q: z.string().trim().min(1).max(60),
  /** The language of the names answered. */
  language: languageParam.optional(),
  /** The former name of `language`, still read for remotes released before it. */
  lang: languageParam.optional(),
});

export async function placesRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/places',
    {
      schema: {
        summary: 'Localities of Israel matching the text in any script, named in the asked language, with their coordinates',
        tags: ['places'],
        querystring: placesQuery,
        response: { 200: z.object({ places: z.array(placeSuggestion) }) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'public, max-age=86400');
      const { q, language, lang } = request.query;
      return { places: suggestPlaces(q, language ?? lang ?? DEFAULT_LANGUAGE) };
    },
  );
}
