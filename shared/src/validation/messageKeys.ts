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
  'tooManyImages',
  'unsupportedImageType',
  'imageTooLarge',
  'languageInvalid',
  'themeInvalid',
  'settingInvalid',
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
] as const;
export type ApiErrorKey = (typeof API_ERROR_KEYS)[number];

export type MessageKey = ValidationKey | ApiErrorKey;
