import { isMessageKey, isValidationKey, type ApiErrorKey, type MessageKey, type ValidationKey } from '../validation/messageKeys';

/** Every failure as a value the page can translate, `{ statusCode, messageKey, fields? }` (docs/product.md#messages). */
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
  // Only keys this build can translate: a newer server's key reads as the fallback, never as a raw key.
  if (isApiError(error)) return isMessageKey(error.messageKey) ? error : { ...error, messageKey: fallback };
  if (error instanceof HttpError) {
    const body = error.response?.data as { messageKey?: unknown; fields?: unknown } | undefined;
    if (!error.response) return { statusCode: 0, messageKey: 'networkError' };
    const fields =
      body?.fields && typeof body.fields === 'object'
        ? Object.entries(body.fields).filter((entry): entry is [string, ValidationKey] => isValidationKey(entry[1]))
        : [];
    return {
      statusCode: error.response.status,
      messageKey: isMessageKey(body?.messageKey) ? body.messageKey : fallback,
      ...(fields.length ? { fields: Object.fromEntries(fields) } : {}),
    };
  }
  return { statusCode: 0, messageKey: fallback };
}

export function isApiError(value: unknown): value is ApiError {
  return !!value && typeof value === 'object' && 'messageKey' in value && 'statusCode' in value;
}
