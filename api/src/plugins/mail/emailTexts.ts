import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGE_CODES, type Language } from '@tasko/shared/domain';
import { formatNumber } from '@tasko/shared/format';
import { REPO_ROOT } from '../../config.js';

/** A namespace's texts flattened to dotted keys (`daily.subject.job_one`). */
export type TextTable = Record<string, string>;

function flatten(value: Record<string, unknown>, prefix = '', into: TextTable = {}): TextTable {
  for (const [key, child] of Object.entries(value)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'object' && child !== null) flatten(child as Record<string, unknown>, name, into);
    else if (typeof child === 'string') into[name] = child;
  }
  return into;
}

function readTable(file: string | URL): TextTable {
  return flatten(JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>);
}

/** `email` is the API's own namespace; `common` (brand, price wording, offer types, categories) is the site's, shared with the pages. */
const tables = Object.fromEntries(
  LANGUAGE_CODES.map((language) => [
    language,
    {
      email: readTable(new URL(`../../locales/${language}/email.json`, import.meta.url)),
      common: readTable(path.join(REPO_ROOT, 'shared', 'src', 'locales', language, 'common.json')),
    },
  ]),
) as Record<Language, { email: TextTable; common: TextTable }>;

const PLACEHOLDER = /{{\s*([^\s}]+)\s*}}/g;

/**
 * A text of one language, i18next-style: `{{name}}` filled in, and for a `count` the CLDR form
 * (`key_one`, `key_two`, `key_few`, …) that `Intl.PluralRules` picks for the language, the count written
 * with the language's digits. `escape` runs over the text's own words, never over the values, so an HTML
 * caller passes values it has escaped already.
 */
export function translator(language: Language, namespace: 'email' | 'common') {
  const table = tables[language][namespace];
  const fallback = tables.en[namespace];
  const plurals = new Intl.PluralRules(language);
  return (key: string, values: Record<string, string | number> = {}, escape: (text: string) => string = (text) => text): string => {
    const name = typeof values.count === 'number' ? `${key}_${plurals.select(values.count)}` : key;
    const template = table[name] ?? fallback[name] ?? fallback[`${key}_other`];
    if (template === undefined) throw new Error(`no text ${namespace}:${name}`);
    let result = '';
    let last = 0;
    for (const match of template.matchAll(PLACEHOLDER)) {
      const value = values[match[1]!];
      result += escape(template.slice(last, match.index));
      result += value === undefined ? escape(match[0]) : typeof value === 'number' ? formatNumber(value, language) : value;
      last = match.index + match[0].length;
    }
    return result + escape(template.slice(last));
  };
}
