import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiProblem, validationFields } from './errors.plugin.js';

/** The one error shape (docs/architecture.md, "API surface"), as the OpenAPI document shows each refusal. */
export const apiProblem = z.object({
  statusCode: z.number().int(),
  messageKey: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});

/** The refusals a route can answer, each in the one error shape. */
export function refusals(...statusCodes: number[]): Record<number, typeof apiProblem> {
  return Object.fromEntries(statusCodes.map((code) => [code, apiProblem.describe('{ statusCode, messageKey, fields? }')]));
}

/**
 * For routes declared with `attachValidation` (the deal's, docs/deal.md): a refused request answers 400 with
 * the first refused field's own key as its `messageKey` (`messageRequired`, `ratingInvalid`: what the
 * contract names), and every field's key in `fields`, as other routes give them.
 */
export function refuseInvalidRequest(request: FastifyRequest): void {
  const error = request.validationError;
  if (!error) return;
  // Fastify types a route's validation error loosely; the zod validator's issues are these.
  const fields = validationFields(error.validation as Parameters<typeof validationFields>[0]);
  throw new ApiProblem(400, Object.values(fields).find((key) => key !== 'invalidRequest') ?? 'invalidRequest', fields);
}
