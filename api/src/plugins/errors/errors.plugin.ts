import type { FastifyError, FastifyInstance, FastifySchemaValidationError } from 'fastify';
import fp from 'fastify-plugin';
import { isUnreachable } from '../../db/unreachable.js';

/** The one error shape, `{ statusCode, messageKey, fields? }`, never a stack trace (docs/architecture.md#the-api-surface). */
export class ApiProblem extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: string,
    readonly fields?: Record<string, string>,
  ) {
    super(messageKey);
  }
}

/** A message key looks like `amountTooLong`; anything else (a library's English sentence) is not shown. */
const MESSAGE_KEY = /^[a-z][A-Za-z]+$/;

const KEY_BY_STATUS: Record<number, string> = {
  400: 'invalidRequest',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  413: 'payloadTooLarge',
  // A body of a type the route does not take (photos carry their own key, set where they are checked).
  415: 'invalidRequest',
  429: 'rateLimited',
};

/** A schema's refusal, field by field: each field gets its message key (the shared schemas carry keys). */
export function validationFields(validation: readonly FastifySchemaValidationError[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of validation) {
    const field =
      (issue.instancePath || '').replace(/^\//, '').split('/')[0] ||
      String((issue.params as { missingProperty?: string })?.missingProperty ?? 'request');
    if (!fields[field]) fields[field] = MESSAGE_KEY.test(issue.message ?? '') ? (issue.message as string) : 'invalidRequest';
  }
  return fields;
}

async function errorsPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyError | ApiProblem, request, reply) => {
    if (error instanceof ApiProblem) {
      return reply.code(error.statusCode).send({
        statusCode: error.statusCode,
        messageKey: error.messageKey,
        ...(error.fields ? { fields: error.fields } : {}),
      });
    }
    if (error.validation) {
      return reply.code(400).send({ statusCode: 400, messageKey: 'invalidRequest', fields: validationFields(error.validation) });
    }
    if (isUnreachable(error)) {
      request.log.warn({ err: error }, 'a server the request needs is out of reach: answered 503');
      return reply.code(503).send({ statusCode: 503, messageKey: 'serviceUnavailable' });
    }
    const statusCode = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
    return reply.code(statusCode).send({ statusCode, messageKey: KEY_BY_STATUS[statusCode] ?? 'serverError' });
  });
}

export default fp(errorsPlugin, { name: 'errors' });
