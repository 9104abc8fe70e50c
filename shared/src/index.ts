// The browser entry of the shared package, shared as one federation singleton. Validation (zod) is a
// separate entry, `@tasko/shared/validation`, loaded only by the pages that validate.
export * from './domain';
export * from './format/number';
export { formatIsraeliPhone, internationalPhone, normalizeIsraeliPhone } from './validation/phone';
export { isMessageKey, isValidationKey, type ApiErrorKey, type MessageKey, type ValidationKey } from './validation/messageKeys';
export * from './config/runtimeConfig';
export * from './auth';
export * from './api';
export * from './i18n';
export * from './ui';
export * from './analytics';
export { unreadTotalAtom, userEvents, useUserEvent } from './events/userEvents';
// Only the starter is in the core; the stream it loads is a chunk of its own (docs/deal.md).
export { startLiveUpdates } from './events/liveUpdates';
