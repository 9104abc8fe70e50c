// How one text is chosen and filled in, for the pages and for the API's emails alike: the same keys, plural
// forms and placeholders as the translation files have always used (`jobs_few`, `{{count, number}}`).
import type { Language } from '../domain/languages';
import { formatNumber } from '../format/number';

export type TextValues = Readonly<Record<string, string | number | boolean | null | undefined>>;

const PLACEHOLDER = /{{\s*([^\s},]+)\s*(?:,\s*(number)\s*)?}}/g;

const pluralRules = new Map<Language, Intl.PluralRules>();

/**
 * The keys to look up for a text, most specific first: with a numeric `count`, the CLDR form the language
 * picks for it (`_zero`, `_one`, `_two`, `_few`, `_many`), then `_other`, then the bare key.
 */
export function textKeys(key: string, values: TextValues | undefined, language: Language): string[] {
  const count = values?.count;
  if (typeof count !== 'number') return [key];
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return [`${key}_${rules.select(count)}`, `${key}_other`, key];
}

/**
 * `{{name}}` replaced by the value as given, `{{count, number}}` by the number written the language's way;
 * a placeholder without a value stays as it is, so a forgotten value shows rather than vanishes. `escape`
 * runs over the template's own text only: an HTML caller escapes the values it passes itself.
 */
export function fillTemplate(template: string, values: TextValues, language: Language, escape: (text: string) => string = (text) => text): string {
  let result = '';
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    const value = values[match[1] as string];
    result += escape(template.slice(last, match.index));
    if (value === undefined || value === null) result += escape(match[0]);
    else if (match[2] === 'number' && typeof value === 'number') result += formatNumber(value, language);
    else result += String(value);
    last = match.index + match[0].length;
  }
  return result + escape(template.slice(last));
}
