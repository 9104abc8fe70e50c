import { useTranslation } from './useTranslation';
import { directionOf, isLanguage, localeOf, DEFAULT_LANGUAGE, type Direction, type Language } from '../domain/languages';

export interface LanguageInfo {
  language: Language;
  dir: Direction;
  locale: string;
}

export function useLanguage(): LanguageInfo {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return { language, dir: directionOf(language), locale: localeOf(language) };
}
