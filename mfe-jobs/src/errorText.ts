import type { TFunction } from '@tasko/shared';

/** An API answer's message key as the reader's text; a key this build does not know reads as a server problem. */
export function errorText(common: TFunction, messageKey: string): string {
  return common([`errors.${messageKey}`, 'errors.serverError']);
}
