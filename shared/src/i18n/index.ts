export * from './i18n';
export * from './useLanguage';
export * from './useLocalizedPath';
export * from './useTranslation';
export { Trans } from 'react-i18next';
export type { TFunction } from 'i18next';
