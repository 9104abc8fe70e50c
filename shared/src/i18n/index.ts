export * from './i18n';
export * from './useLanguage';
export * from './useLocalizedPath';
export * from './useTranslation';
export type { TFunction } from 'i18next';
