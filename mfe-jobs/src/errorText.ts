import type { MessageKey, TFunction } from '@tasko/shared';

/** An API answer's message key as the reader's text (toApiError turns a key this build lacks into `serverError`). */
export function errorText(common: TFunction, messageKey: MessageKey): string {
  return common(`errors.${messageKey}`);
}
