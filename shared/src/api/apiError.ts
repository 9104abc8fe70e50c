import type { ApiErrorKey, MessageKey, ValidationKey } from '../validation/messageKeys';

/** Every failure as a value the page can translate (ARCHITECTURE: `{ statusCode, messageKey, fields? }`). */
export interface ApiError {
  statusCode: number;
  messageKey: MessageKey;
  fields?: Partial<Record<string, ValidationKey>>;
}

export function toApiError(error: unknown, fallback: ApiErrorKey = 'serverError'): ApiError {
  if (isApiError(error)) return error;
  if (isHttpError(error)) {
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

/** An axios error, recognised by shape so this module does not pull axios into the first page load. */
function isHttpError(value: unknown): value is { isAxiosError: true; response?: { status: number; data: unknown } } {
  return !!value && typeof value === 'object' && (value as { isAxiosError?: unknown }).isAxiosError === true;
}
