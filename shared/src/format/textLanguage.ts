import { detectListingLanguage } from '../domain/listingLanguage';
import type { Language } from '../domain/languages';

/**
 * The attributes for a piece of text a person wrote (a name, a street, a title) on a page in `pageLanguage`:
 * its own direction always (`dir="auto"`: a Hebrew name keeps its order on the English page), and the
 * language of its script (Hebrew, Arabic, Cyrillic, Latin) when that is not the page's, so a screen reader
 * reads "Олег" in Russian on the Hebrew page and does not spell it out. Nothing to say for digits alone.
 */
export function userTextAttributes(text: string, pageLanguage: Language): { dir: 'auto'; lang?: Language } {
  const language = detectListingLanguage(text, undefined);
  return language && language !== pageLanguage ? { dir: 'auto', lang: language } : { dir: 'auto' };
}
