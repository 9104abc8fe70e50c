// Label in Name (WCAG 2.5.3): a button or link whose accessible name is an aria-label, with a visible text of
// its own, is found by that visible text (a voice command says what it sees, "מחיקה"). Every such pair in the
// source, aria-label={t('…')} around {t('…')}, is read in every language: the name starts with the text.
import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGE_CODES, type Language } from '../domain/languages';
import { type TextBundle } from './i18n';

const ROOT = path.resolve(__dirname, '../../..');

/** An aria-label from t() on an element whose only content is one more t(): `[labelKey, visibleKey]`. */
const LABELLED_TEXT = /aria-label=\{\w+\('([\w.]+)'(?:[^>]|=>)*>\s*\{\w+\('([\w.]+)'\)\}\s*<\//g;

interface Pair {
  file: string;
  labelKey: string;
  visibleKey: string;
}

function workspaces(): string[] {
  return (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;
}

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sourceFiles(full);
    return /\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name) ? [full] : [];
  });
}

function pairsIn(workspace: string): Pair[] {
  return sourceFiles(path.join(ROOT, workspace, 'src')).flatMap((file) =>
    [...fs.readFileSync(file, 'utf8').matchAll(LABELLED_TEXT)].map(([, labelKey, visibleKey]) => ({
      file: path.relative(ROOT, file),
      labelKey: labelKey!,
      visibleKey: visibleKey!,
    })),
  );
}

function lookUp(bundle: TextBundle, key: string): string | undefined {
  let value: TextBundle | string | undefined = bundle;
  for (const part of key.split('.')) value = typeof value === 'object' ? value[part] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** The workspace's own translation files in one language, then the shared ones its t() may also read. */
function bundlesOf(workspace: string, language: Language): TextBundle[] {
  return [workspace, 'shared'].flatMap((dir) => {
    const locales = path.join(ROOT, dir, 'src', 'locales', language);
    if (!fs.existsSync(locales)) return [];
    return fs
      .readdirSync(locales)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(fs.readFileSync(path.join(locales, f), 'utf8')) as TextBundle);
  });
}

const pairs = workspaces().flatMap((workspace) => pairsIn(workspace).map((pair) => ({ workspace, ...pair })));

describe('accessible names that begin with the visible text', () => {
  it('finds the labelled buttons and links (delete an alert, remove a photo, edit a post, read more)', () => {
    expect(pairs.map((p) => p.labelKey)).toEqual(
      expect.arrayContaining(['alerts.deleteLabel', 'photos.remove', 'myPosts.editLabel', 'readMoreAbout']),
    );
  });

  it.each(LANGUAGE_CODES)('starts each name with its visible text in %s', (language) => {
    for (const { workspace, file, labelKey, visibleKey } of pairs) {
      // Each key from the first file that has it: the page's own namespace, or the shared ones.
      const bundles = bundlesOf(workspace, language);
      const textOf = (key: string) => bundles.map((bundle) => lookUp(bundle, key)).find((text) => text !== undefined);
      const label = textOf(labelKey);
      const visible = textOf(visibleKey);
      expect({ file, labelKey, startsWithVisible: Boolean(visible && label?.startsWith(visible)) }).toEqual({
        file,
        labelKey,
        startsWithVisible: true,
      });
    }
  });
});
