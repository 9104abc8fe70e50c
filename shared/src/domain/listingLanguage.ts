import type { Language } from './languages';

/** The letters each language of the site is written in. */
const SCRIPTS: readonly (readonly [Language, RegExp])[] = [
  ['he', /\p{Script=Hebrew}/u],
  ['ar', /\p{Script=Arabic}/u],
  ['ru', /\p{Script=Cyrillic}/u],
  ['en', /\p{Script=Latin}/u],
];

/**
 * The language a listing is written in, from the script most of its letters are in: Hebrew, Arabic,
 * Cyrillic (Russian) or Latin (English). `fallback` when no letter is in any of them (digits only, emoji),
 * which may be `undefined` for a caller that says something else then (the posting form's "not yet").
 * A tie goes to the script listed first: an English brand name in a Hebrew sentence leaves it Hebrew.
 */
export function detectListingLanguage<Fallback extends Language | undefined>(text: string, fallback: Fallback): Language | Fallback {
  const letters = new Map<Language, number>();
  for (const character of text) {
    const script = SCRIPTS.find(([, letter]) => letter.test(character));
    if (script) letters.set(script[0], (letters.get(script[0]) ?? 0) + 1);
  }
  let detected: Language | Fallback = fallback;
  let most = 0;
  for (const [language] of SCRIPTS) {
    const count = letters.get(language) ?? 0;
    if (count > most) [detected, most] = [language, count];
  }
  return detected;
}
