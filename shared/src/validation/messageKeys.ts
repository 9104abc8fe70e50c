// Message keys shared by the form and the API: each is translated under `common:errors.<key>`.
export const VALIDATION_KEYS = [
  'titleRequired',
  'titleTooLong',
  'descriptionRequired',
  'descriptionTooLong',
  'locationRequired',
  'locationTooLong',
  'locationInvalid',
  'contactNameRequired',
  'contactNameTooLong',
  'phoneInvalid',
  'emailInvalid',
  'emailRequiredForContact',
  'contactMethodRequired',
  'reportReasonRequired',
  'reportNoteTooLong',
  'paymentTypeRequired',
  'amountInvalid',
  'amountTooLong',
  'categoryRequired',
  'offerTypeInvalid',
  'categoryInvalid',
  'frequencyInvalid',
  'searchTooLong',
  'tooManyImages',
  'unsupportedImageType',
  'imageTooLarge',
  'imageTooComplex',
  'languageInvalid',
  'themeInvalid',
  'settingInvalid',
  'messageRequired',
  'messageTooLong',
  'ratingInvalid',
  'reviewTooLong',
  'replyRequired',
  'replyTooLong',
  'statusInvalid',
  'invalidCharacters',
] as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[number];

export const API_ERROR_KEYS = [
  'jobNotFound',
  'unauthorized',
  'forbidden',
  'rateLimited',
  'payloadTooLarge',
  'invalidRequest',
  'notFound',
  'serverError',
  'authFailed',
  'loginFailed',
  'networkError',
  'alreadyReported',
  'userBlocked',
  'accountConflict',
  'ageConfirmationRequired',
  'tooManyEvents',
  'unknownEvent',
  'alertDuplicate',
  'tooManyAlerts',
  'unsubscribeInvalid',
  'pageTooDeep',
  'placeRequired',
  'placeUnknown',
  'badCursor',
  'uploadTimeout',
  'serviceUnavailable',
  'ownListing',
  'alreadyApplied',
  'badTransition',
  'blocked',
  'alreadyReviewed',
  'reviewNotAllowed',
  'alreadyReplied',
  'userNotFound',
  'ticketInvalid',
  'idempotencyKeyReused',
  'requestInProgress',
] as const;
export type ApiErrorKey = (typeof API_ERROR_KEYS)[number];

export type MessageKey = ValidationKey | ApiErrorKey;

const MESSAGE_KEYS: ReadonlySet<string> = new Set([...VALIDATION_KEYS, ...API_ERROR_KEYS]);

/** Whether a key from the wire is one the pages can translate (a newer server may send one this build lacks). */
export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && MESSAGE_KEYS.has(value);
}

export function isValidationKey(value: unknown): value is ValidationKey {
  return typeof value === 'string' && (VALIDATION_KEYS as readonly string[]).includes(value);
}
