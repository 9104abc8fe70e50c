import type { FastifyError, FastifyInstance, FastifySchemaValidationError } from 'fastify';
import fp from 'fastify-plugin';

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
    const field = (issue.instancePath || '').replace(/^\//, '').split('/')[0] || String((issue.params as { missingProperty?: string })?.missingProperty ?? 'request');
    if (!fields[field]) fields[field] = MESSAGE_KEY.test(issue.message ?? '') ? (issue.message as string) : 'invalidRequest';
  }
  return fields;
}

/** Socket failures, and PostgreSQL's connection-exception class (08) and shutdown codes (57P01–57P03). */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', '57P01', '57P02', '57P03']);
const UNREACHABLE_MESSAGE = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/;

/**
 * Whether a failure is the database (or another server) being out of reach rather than a bug: along the
 * chain of causes (drizzle wraps the driver's error), a connection code or message. Such a request answers
 * 503 `serviceUnavailable`, which the pages translate, instead of a server error.
 */
export function isUnreachable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (UNREACHABLE_MESSAGE.test(current.message)) return true;
  }
  return false;
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
