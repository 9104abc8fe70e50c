import fs from 'node:fs';
import path from 'node:path';
import i18next, { type Resource } from 'i18next';
import { FALLBACK_LANGUAGE, LANGUAGE_CODES } from '@tasko/shared/domain';
import { addSiteNumberFormat } from '@tasko/shared/format';
import { REPO_ROOT } from './config.js';
import { escapeHtml } from './plugins/site/pageHtml.js';

function readJson(file: string | URL): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
}

/** `email` is the API's own namespace; `common` (brand, price wording, offer types, categories, the frame) is the site's, shared with the pages. */
const resources: Resource = Object.fromEntries(
  LANGUAGE_CODES.map((language) => [
    language,
    {
      email: readJson(new URL(`locales/${language}/email.json`, import.meta.url)),
      common: readJson(path.join(REPO_ROOT, 'shared', 'src', 'locales', language, 'common.json')),
    },
  ]),
);

/**
 * The server's texts (alert emails, the first paint of the page frame), filled by i18next as the pages fill
 * theirs: CLDR plural forms for a `count`, `{{name}}` placeholders, `{{count, number}}`. Take one language's
 * texts with `serverI18n.getFixedT(language, namespace)`. Values go in as they are (plain text: subjects, an
 * email's text part); a caller writing HTML passes `HTML_VALUES`.
 */
export const serverI18n = i18next.createInstance();

// `initAsync: false` with the resources in memory: init has finished when it returns, so the promise it also
// returns has nothing left to wait for, and no text can be read before the instance is ready.
void serverI18n.init({
  initAsync: false,
  resources,
  // Their key types: types/i18next.d.ts.
  ns: ['email', 'common'],
  supportedLngs: LANGUAGE_CODES,
  fallbackLng: FALLBACK_LANGUAGE,
  // Plain text unless a caller asks for HTML (`HTML_VALUES`), then escaped as every other HTML of the server
  // is: i18next's own escape also writes `/` as `&#x2F;`.
  interpolation: { escapeValue: false, escape: escapeHtml },
  // A key that English lacks too is a bug: fail the email or the page rather than send the key as text.
  appendNamespaceToMissingKey: true,
  parseMissingKeyHandler: (key: string) => {
    throw new Error(`no text ${key}`);
  },
  returnedObjectHandler: (key: string) => {
    throw new Error(`${key} is a group of texts, not one text`);
  },
});

addSiteNumberFormat(serverI18n);

/**
 * `t()` options for a text written into HTML: i18next escapes each value as it fills it in. The text's own
 * words are the site's translations, trusted, and go in as they are; a text without values is plain text
 * like any other string and is escaped by its caller.
 */
export const HTML_VALUES = { interpolation: { escapeValue: true } } as const;
