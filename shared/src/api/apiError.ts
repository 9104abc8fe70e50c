import type { ApiErrorKey, MessageKey, ValidationKey } from '../validation/messageKeys';

/** Every failure as a value the page can translate (ARCHITECTURE: `{ statusCode, messageKey, fields? }`). */
export interface ApiError {
  statusCode: number;
  messageKey: MessageKey;
  fields?: Partial<Record<string, ValidationKey>>;
}

/** A request that failed: with the server's answer, or without one when the connection failed or timed out. */
export class HttpError extends Error {
  constructor(
    readonly response?: { status: number; data: unknown },
    options?: { cause?: unknown },
  ) {
    super(response ? `HTTP ${response.status}` : 'no answer', options);
    this.name = 'HttpError';
  }
}

export function toApiError(error: unknown, fallback: ApiErrorKey = 'serverError'): ApiError {
  if (isApiError(error)) return error;
  if (error instanceof HttpError) {
    const body = error.response?.data as Partial<ApiError> | undefined;
    if (!error.response) return { statusCode: 0, messageKey: 'networkError' };
    return {
      statusCode: error.response.status,
      messageKey: typeof body?.messageKey === 'string' ? body.messageKey : fallback,
      ...(body?.fields ? { fields: body.fields } : {}),
    };
  }
  return { statusCode: 0, messageKey: fallback };
}

export function isApiError(value: unknown): value is ApiError {
  return !!value && typeof value === 'object' && 'messageKey' in value && 'statusCode' in value;
}
