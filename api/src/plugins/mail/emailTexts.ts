import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGE_CODES, type Language } from '@tasko/shared/domain';
import { fillTemplate, textKeys } from '@tasko/shared/template';
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

/**
 * A text of one language, as the pages choose and fill theirs (`@tasko/shared/template`): the CLDR plural
 * form for a `count`, `{{name}}` filled in, `{{count, number}}` in the language's digits. `escape` runs over
 * the text's own words, never over the values, so an HTML caller passes values it has escaped already.
 */
export function translator(language: Language, namespace: 'email' | 'common') {
  const table = tables[language][namespace];
  const fallback = tables.en[namespace];
  return (key: string, values: Record<string, string | number> = {}, escape: (text: string) => string = (text) => text): string => {
    const keys = textKeys(key, values, language);
    const template = keys.map((name) => table[name]).find((text) => text !== undefined) ?? keys.map((name) => fallback[name]).find((text) => text !== undefined);
    if (template === undefined) throw new Error(`no text ${namespace}:${keys[0]}`);
    return fillTemplate(template, values, language, escape);
  };
}
