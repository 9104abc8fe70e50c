#!/usr/bin/env node
// `npm run i18n:check`, and the i18n step of `npm test`: the translations of every workspace in the four
// languages. A workspace keeps each namespace in `src/locales/<language>/<namespace>.json`; the workspaces
// are the root package.json's. The rules:
// - every key of a namespace is in all four languages, and its value is a non-empty string;
// - a value carries the same {{placeholders}} and the same <tags> (react-i18next's Trans: the link inside a
//   sentence) in every language;
// - a plural (`key_one`, `key_other`, …) has exactly the CLDR categories of each language, as
//   `Intl.PluralRules` gives them (Arabic six, Russian four, Hebrew three, English two): none missing, none
//   that the language does not use. A form may leave out {{count}}: "one job" says the number in words;
// - a Hebrew, Arabic or Russian value of two or more Latin words and no letter of its own script is
//   untranslated (a brand name of one word passes).
// It fails when it cannot check: no workspaces, no translation file, a file that is not a JSON object.
// Usage: node scripts/i18n-check.mjs [root]   (exit 1: problems found; exit 2: nothing could be checked)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The site's languages (shared/src/domain: LANGUAGES); English is the reference for placeholders. */
export const LANGUAGES = ['en', 'he', 'ar', 'ru'];

const CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other']; // CLDR's order, for messages
const PLURAL_FORM = new RegExp(`^(.+)_(${CATEGORIES.join('|')})$`);
const PLACEHOLDER = /{{\s*-?\s*([^\s,}]+)[^}]*}}/g; // {{name}}, {{- name}} (unescaped), {{count, number}}
const TAG = /<([a-zA-Z][\w-]*)>[^<]*<\/\1>/g; // <terms>terms of service</terms>
const OWN_SCRIPT = { he: /[\u0590-\u05FF]/, ar: /[\u0600-\u06FF]/, ru: /[\u0400-\u04FF]/ };

/** The check could not run at all: a broken setup, never a pass. */
export class CannotCheck extends Error {}

const isPlainObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

function readJson(file, what) {
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new CannotCheck(`cannot read ${what}: ${error.message}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CannotCheck(`${what} is not valid JSON: ${error.message}`);
  }
}

/** `{ "<workspace>/src/locales/{lang}/<ns>.json": { en: file, he: file, … } }`, and the folders that are no language. */
function findLocaleFiles(root) {
  const manifest = readJson(path.join(root, 'package.json'), path.join(root, 'package.json'));
  const workspaces = Array.isArray(manifest.workspaces) ? manifest.workspaces : manifest.workspaces?.packages;
  if (!Array.isArray(workspaces) || workspaces.length === 0)
    throw new CannotCheck(`${path.join(root, 'package.json')} lists no workspaces`);
  const namespaces = new Map();
  const strays = [];
  for (const workspace of workspaces) {
    if (/[*?{[]/.test(workspace)) throw new CannotCheck(`workspace pattern ${workspace}: list workspaces by name`);
    const locales = path.join(root, workspace, 'src', 'locales');
    if (!fs.existsSync(locales)) continue;
    for (const entry of fs.readdirSync(locales, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      if (!LANGUAGES.includes(entry.name)) {
        strays.push(path.join(workspace, 'src', 'locales', entry.name));
        continue;
      }
      for (const file of fs.readdirSync(path.join(locales, entry.name))) {
        if (!file.endsWith('.json')) continue;
        const pattern = path.join(workspace, 'src', 'locales', '{lang}', file);
        if (!namespaces.has(pattern)) namespaces.set(pattern, {});
        namespaces.get(pattern)[entry.name] = path.join(locales, entry.name, file);
      }
    }
  }
  if (namespaces.size === 0) {
    throw new CannotCheck(
      `no translation files (<workspace>/src/locales/<${LANGUAGES.join('|')}>/<namespace>.json) in ${workspaces.join(', ')}`,
    );
  }
  return { namespaces, strays };
}

/** Dotted keys to leaf values: `{ a: { b: 'x' } }` → `{ 'a.b': 'x' }`. */
function flatten(value, prefix = '', into = {}) {
  for (const [key, child] of Object.entries(value)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(child)) flatten(child, name, into);
    else into[name] = child;
  }
  return into;
}

/** A language's entries by name: `key` for a text, `key_*` for a plural with its forms by category. */
function entriesOf(table) {
  const entries = new Map();
  for (const [key, value] of Object.entries(table)) {
    const plural = PLURAL_FORM.exec(key);
    if (!plural) {
      entries.set(key, { kind: 'text', value });
      continue;
    }
    const [, base, category] = plural;
    const name = `${base}_*`;
    if (!entries.has(name)) entries.set(name, { kind: 'plural', base, forms: new Map() });
    entries.get(name).forms.set(category, value);
  }
  return entries;
}

/** The usable texts of an entry: its value, or its forms' values. */
const textsOf = (entry) =>
  (entry.kind === 'text' ? [entry.value] : [...entry.forms.values()]).filter((t) => typeof t === 'string' && t.trim() !== '');
/** A text's {{placeholders}} by name, and its <tags> as `<name>`. */
const placeholdersOf = (text) =>
  new Set([...[...text.matchAll(PLACEHOLDER)].map((m) => m[1]), ...[...text.matchAll(TAG)].map((m) => `<${m[1]}>`)]);
const listed = (names) => [...names].map((n) => (n.startsWith('<') ? n : `{{${n}}}`)).join(', ') || 'none';
const difference = (a, b) => [...a].filter((x) => !b.has(x));

/** All the problems of one namespace, each a line that names the file and the key. */
function checkNamespace(pattern, files) {
  const problems = [];
  const fileOf = (language) => pattern.replace('{lang}', language);
  const entries = {};
  for (const language of LANGUAGES) {
    if (!files[language]) {
      problems.push(`${fileOf(language)}: missing (${LANGUAGES.filter((l) => files[l]).join(', ')} have ${path.basename(pattern)})`);
      continue;
    }
    const table = readJson(files[language], fileOf(language));
    if (!isPlainObject(table)) throw new CannotCheck(`${fileOf(language)} is not a JSON object of translations`);
    entries[language] = entriesOf(flatten(table));
  }
  const present = LANGUAGES.filter((language) => entries[language]);
  const names = new Set(present.flatMap((language) => [...entries[language].keys()]));

  for (const name of [...names].sort()) {
    const holder = present.find((language) => entries[language].has(name));
    const kind = entries[holder].get(name).kind;
    // The placeholders every language must carry: those of the first language (English, unless its text is
    // missing or broken) in its text, or in all its forms together ({{count}} is optional in a form).
    const reference = present.find((language) => entries[language].has(name) && textsOf(entries[language].get(name)).length > 0);
    const expected = new Set(reference ? textsOf(entries[reference].get(name)).flatMap((t) => [...placeholdersOf(t)]) : []);

    for (const language of present) {
      const entry = entries[language].get(name);
      const at = `${fileOf(language)}: ${name}`;
      if (!entry) {
        problems.push(`${fileOf(language)}: lacks ${kind === 'plural' ? 'the plural ' : ''}${name} (present in ${holder})`);
        continue;
      }
      const texts =
        entry.kind === 'text' ? [[name, entry.value]] : [...entry.forms].map(([category, value]) => [`${entry.base}_${category}`, value]);
      for (const [key, value] of texts) {
        const where = `${fileOf(language)}: ${key}`;
        if (typeof value !== 'string') {
          problems.push(`${where}: ${JSON.stringify(value)} is not a text`);
          continue;
        }
        if (value.trim() === '') {
          problems.push(`${where}: empty`);
          continue;
        }
        const found = placeholdersOf(value);
        const required = entry.kind === 'plural' ? new Set([...expected].filter((p) => p !== 'count')) : expected;
        const missing = difference(required, found);
        const unexpected = difference(found, expected);
        if (reference && (missing.length || unexpected.length)) {
          problems.push(
            `${where}: placeholders ${listed(found)}, expected ${listed(expected)}${entry.kind === 'plural' && expected.has('count') ? ' ({{count}} optional)' : ''}`,
          );
        }
        const script = OWN_SCRIPT[language];
        const latinWords = value.replace(PLACEHOLDER, ' ').match(/[A-Za-z]{3,}/g) ?? [];
        if (script && latinWords.length >= 2 && !script.test(value)) {
          problems.push(`${where}: looks untranslated: ${JSON.stringify(value.slice(0, 60))}`);
        }
      }
      if (entry.kind === 'plural') {
        const used = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
        const categories = CATEGORIES.filter((c) => used.includes(c));
        const has = new Set(entry.forms.keys());
        const lacking = categories.filter((c) => !has.has(c));
        const extra = CATEGORIES.filter((c) => has.has(c) && !categories.includes(c));
        if (lacking.length)
          problems.push(`${at}: lacks ${lacking.map((c) => `_${c}`).join(', ')} (${language} plurals: ${categories.join(', ')})`);
        if (extra.length)
          problems.push(
            `${at}: has ${extra.map((c) => `_${c}`).join(', ')}, which ${language} does not use (${language} plurals: ${categories.join(', ')})`,
          );
        const shown = new Set(texts.flatMap(([, value]) => (typeof value === 'string' ? [...placeholdersOf(value)] : [])));
        if (reference && expected.has('count') && !shown.has('count')) problems.push(`${at}: no form shows {{count}} (${reference} does)`);
      }
    }
  }
  return problems;
}

/**
 * Checks every namespace under `root`. Answers the problems found; throws CannotCheck when there is nothing
 * to check or a file cannot be read as translations.
 */
export function checkTranslations(root) {
  const { namespaces, strays } = findLocaleFiles(root);
  const problems = strays.map((folder) => `${folder}: not one of the languages (${LANGUAGES.join(', ')})`);
  let files = 0;
  for (const [pattern, byLanguage] of [...namespaces].sort(([a], [b]) => a.localeCompare(b))) {
    files += Object.keys(byLanguage).length;
    problems.push(...checkNamespace(pattern, byLanguage));
  }
  return { namespaces: namespaces.size, files, problems };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  try {
    const { namespaces, files, problems } = checkTranslations(root);
    for (const problem of problems) console.log(problem);
    console.log(
      `${namespaces} namespaces in ${LANGUAGES.length} languages (${files} files): ${problems.length} problem${problems.length === 1 ? '' : 's'}`,
    );
    process.exit(problems.length ? 1 : 0);
  } catch (error) {
    if (!(error instanceof CannotCheck)) throw error;
    console.error(`i18n check cannot run: ${error.message}`);
    process.exit(2);
  }
}
