import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type RouteSchema = Parameters<FastifySerializerCompiler<z.ZodType>>[0];

/**
 * Response schemas compiled into a writer: the zod schema becomes a JSON Schema once, at start, and
 * fast-json-stringify writes each answer from it. As with zod's own serializer, only the fields a schema
 * names are written (a phone left in a public listing is not sent), but no answer is parsed first: that
 * parse cost the listing search a good part of its throughput. A schema JSON Schema cannot express (a
 * transform) keeps zod's serializer.
 */
export const compiledSerializerCompiler = (routeSchema: RouteSchema): ((data: unknown) => string) => {
  let jsonSchema: object;
  try {
    jsonSchema = z.toJSONSchema(routeSchema.schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
  } catch {
    return zodSerializerCompiler(routeSchema);
  }
  // fast-json-stringify's schema type is its own copy of JSON Schema draft 7; zod's output is that.
  return fastJson(withExtraFieldsAllowed(jsonSchema) as Parameters<typeof fastJson>[0]);
};

/**
 * Drops `additionalProperties: false`: the writer leaves unnamed fields out anyway, and a union's branch is
 * chosen by validating the answer, which a public listing that still carries its phone would otherwise fail.
 */
function withExtraFieldsAllowed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withExtraFieldsAllowed);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => !(key === 'additionalProperties' && value === false))
      .map(([key, value]) => [key, withExtraFieldsAllowed(value)]),
  );
}
