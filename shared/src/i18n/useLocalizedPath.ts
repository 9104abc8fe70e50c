import { useLocation } from '@tasko/shared/router';
import { splitLanguagePrefix, withLanguagePrefix } from '../domain/routes';

/**
 * Links keep the language prefix the visitor arrived with: on /ru/faq, "/services" means /ru/services;
 * on a bare URL it stays bare (the stored language applies).
 */
export function useLocalizedPath(): (path: string) => string {
  const { pathname } = useLocation();
  const { language } = splitLanguagePrefix(pathname);
  return (path: string) => (language ? withLanguagePrefix(language, path) : path);
}
