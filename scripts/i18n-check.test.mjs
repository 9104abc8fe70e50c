// The translation check on small projects written to a temporary folder: it passes a correct one, finds
// each kind of problem, and fails (exit 2) when it cannot check at all.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { checkTranslations } from './i18n-check.mjs';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'i18n-check.mjs');
const folders = [];
after(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

/** A correct namespace: a text with a placeholder and a plural with each language's CLDR forms. */
function correct() {
  return {
    en: { greeting: 'Hello, {{name}}', jobs: { count_one: 'One job', count_other: '{{count}} jobs' } },
    he: { greeting: 'שלום, {{name}}', jobs: { count_one: 'משרה אחת', count_two: 'שתי משרות', count_other: '{{count}} משרות' } },
    ar: {
      greeting: 'مرحبا، {{name}}',
      jobs: {
        count_zero: 'لا وظائف',
        count_one: 'وظيفة واحدة',
        count_two: 'وظيفتان',
        count_few: '{{count}} وظائف',
        count_many: '{{count}} وظيفة',
        count_other: '{{count}} وظيفة',
      },
    },
    ru: {
      greeting: 'Привет, {{name}}',
      jobs: {
        count_one: '{{count}} задание',
        count_few: '{{count}} задания',
        count_many: '{{count}} заданий',
        count_other: '{{count}} задания',
      },
    },
  };
}

/** A project with one workspace, `web`, whose namespace `main` holds `tables` (raw text for a broken file). */
function project(tables, { workspaces = ['web', 'api'] } = {}) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'i18n-check-'));
  folders.push(root);
  fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'fixture', workspaces }));
  for (const [language, table] of Object.entries(tables)) {
    const folder = path.join(root, 'web', 'src', 'locales', language);
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'main.json'), typeof table === 'string' ? table : JSON.stringify(table));
  }
  return root;
}

function problemsOf(tables) {
  return checkTranslations(project(tables)).problems;
}

function run(root) {
  const { status, stdout, stderr } = spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
  return { status, output: stdout + stderr };
}

describe('the translation check', () => {
  it('passes a namespace that is complete in the four languages', () => {
    assert.deepEqual(problemsOf(correct()), []);
    const { status, output } = run(project(correct()));
    assert.equal(status, 0, output);
    assert.match(output, /1 namespaces in 4 languages \(4 files\): 0 problems/);
  });

  it('finds a key missing in one language', () => {
    const tables = correct();
    delete tables.he.greeting;
    assert.deepEqual(problemsOf(tables), ['web/src/locales/he/main.json: lacks greeting (present in en)']);
  });

  it('finds a whole plural missing in one language', () => {
    const tables = correct();
    delete tables.ru.jobs;
    assert.deepEqual(problemsOf(tables), ['web/src/locales/ru/main.json: lacks the plural jobs.count_* (present in en)']);
  });

  it('finds a language file that is missing', () => {
    const tables = correct();
    delete tables.ar;
    assert.deepEqual(problemsOf(tables), ['web/src/locales/ar/main.json: missing (en, he, ru have main.json)']);
  });

  it('finds a placeholder that differs from English, and one left out', () => {
    const tables = correct();
    tables.ru.greeting = 'Привет, {{nmae}}';
    tables.he.greeting = 'שלום';
    assert.deepEqual(problemsOf(tables), [
      'web/src/locales/he/main.json: greeting: placeholders none, expected {{name}}',
      'web/src/locales/ru/main.json: greeting: placeholders {{nmae}}, expected {{name}}',
    ]);
  });

  it('finds a link tag of a sentence (Trans) that a language lost or renamed', () => {
    const tables = correct();
    for (const language of Object.keys(tables)) tables[language].greeting = `${tables[language].greeting} <terms>…</terms>`;
    tables.he.greeting = 'שלום {{name}} תנאי השימוש';
    tables.ar.greeting = 'مرحبا {{name}} <term>…</term>';
    assert.deepEqual(problemsOf(tables), [
      'web/src/locales/he/main.json: greeting: placeholders {{name}}, expected {{name}}, <terms>',
      'web/src/locales/ar/main.json: greeting: placeholders {{name}}, <term>, expected {{name}}, <terms>',
    ]);
  });

  it('finds an empty value, and one of only spaces', () => {
    const tables = correct();
    tables.ar.greeting = '';
    tables.he.jobs.count_two = '  ';
    assert.deepEqual(problemsOf(tables), [
      'web/src/locales/ar/main.json: greeting: empty',
      'web/src/locales/he/main.json: jobs.count_two: empty',
    ]);
  });

  it('finds a value that is not a text', () => {
    const tables = correct();
    tables.en.greeting = ['Hello'];
    assert.deepEqual(problemsOf(tables), ['web/src/locales/en/main.json: greeting: ["Hello"] is not a text']);
  });

  it('finds a plural category that a language uses but lacks', () => {
    const tables = correct();
    delete tables.ar.jobs.count_two;
    delete tables.ru.jobs.count_many;
    assert.deepEqual(problemsOf(tables), [
      'web/src/locales/ar/main.json: jobs.count_*: lacks _two (ar plurals: zero, one, two, few, many, other)',
      'web/src/locales/ru/main.json: jobs.count_*: lacks _many (ru plurals: one, few, many, other)',
    ]);
  });

  it('finds a plural category that a language does not use, _other included in every language', () => {
    const tables = correct();
    tables.en.jobs.count_zero = 'No jobs';
    tables.he.jobs.count_many = '{{count}} משרות';
    delete tables.ru.jobs.count_other;
    assert.deepEqual(problemsOf(tables), [
      'web/src/locales/en/main.json: jobs.count_*: has _zero, which en does not use (en plurals: one, other)',
      'web/src/locales/he/main.json: jobs.count_*: has _many, which he does not use (he plurals: one, two, other)',
      'web/src/locales/ru/main.json: jobs.count_*: lacks _other (ru plurals: one, few, many, other)',
    ]);
  });

  it('finds English left in a translation, but lets a brand name through', () => {
    const tables = correct();
    tables.he.greeting = 'Hello there, {{name}}';
    tables.ar.greeting = 'Tasko {{name}}';
    assert.deepEqual(problemsOf(tables), ['web/src/locales/he/main.json: greeting: looks untranslated: "Hello there, {{name}}"']);
  });

  it('exits 1 and prints each problem when it finds any', () => {
    const tables = correct();
    delete tables.he.greeting;
    const { status, output } = run(project(tables));
    assert.equal(status, 1);
    assert.match(output, /he\/main\.json: lacks greeting/);
    assert.match(output, /: 1 problem$/m);
  });

  it('fails when there is no translation file to check', () => {
    const { status, output } = run(project({}));
    assert.equal(status, 2);
    assert.match(output, /cannot run: no translation files/);
  });

  it('fails when the root has no package.json, or one without workspaces', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'i18n-check-'));
    folders.push(empty);
    assert.equal(run(empty).status, 2);
    assert.match(run(empty).output, /cannot run: cannot read .*package\.json/);
    const { status, output } = run(project(correct(), { workspaces: [] }));
    assert.equal(status, 2);
    assert.match(output, /lists no workspaces/);
  });

  it('fails on a file that is not JSON, or not an object of translations', () => {
    const broken = run(project({ ...correct(), ru: '{ "greeting": "Привет", }' }));
    assert.equal(broken.status, 2);
    assert.match(broken.output, /cannot run: web\/src\/locales\/ru\/main\.json is not valid JSON/);
    const list = run(project({ ...correct(), he: '["שלום"]' }));
    assert.equal(list.status, 2);
    assert.match(list.output, /web\/src\/locales\/he\/main\.json is not a JSON object of translations/);
  });

  it('reports a locale folder that is not one of the languages', () => {
    const root = project(correct());
    fs.mkdirSync(path.join(root, 'web', 'src', 'locales', 'fr'));
    assert.deepEqual(checkTranslations(root).problems, ['web/src/locales/fr: not one of the languages (en, he, ar, ru)']);
  });
});
