import fs from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { render } from '@testing-library/react';
import { Prose } from '@tasko/shared';
// The loaders' own parser, so the test reads articles exactly as the build does.
import { parseArticle } from '../../build/blogLoaders.cjs';

const BLOG_DIR = path.join(__dirname);
const LANGUAGES = ['en', 'he', 'ar', 'ru'] as const;
const IDS = Array.from({ length: 13 }, (_, i) => `blog${i + 1}`);
/** Names that stay in Latin letters in every language. */
const ALLOWED_LATIN = new Set(['tasko', 'google', 'whatsapp']);
const SCRIPT = { he: /[\u05D0-\u05EA]/, ar: /[\u0621-\u064A]/, ru: /[\u0410-\u044F]/ };

const words = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));

describe.each(LANGUAGES)('blog articles in %s', (language) => {
  it.each(IDS)('%s exists with a title, an excerpt, a date and 400–900 words', (id) => {
    const file = path.join(BLOG_DIR, language, `${id}.md`);
    expect(fs.existsSync(file)).toBe(true);
    const article = parseArticle(file);
    expect(article.title.length).toBeGreaterThan(5);
    expect(article.excerpt.length).toBeLessThanOrEqual(220);
    expect(article.date).toMatch(/^2026-\d{2}-\d{2}$/);
    const count = words(article.body).length;
    expect(count).toBeGreaterThanOrEqual(language === 'en' || language === 'ru' ? 400 : 350);
    expect(count).toBeLessThanOrEqual(950);
  });

  it.each(IDS)('%s renders with no Markdown mark left as text and no hard-wrapped paragraph', (id) => {
    const { body } = parseArticle(path.join(BLOG_DIR, language, `${id}.md`));
    const { container } = render(createElement(Prose, { text: body }));
    const leftOver = [...container.querySelectorAll('h2, p, li')]
      .map((element) => element.textContent ?? '')
      .filter((text) => /\*\*|^#/.test(text));
    expect(leftOver).toEqual([]);
    // Prose keeps a paragraph's line breaks (an address, a signature): an article's paragraph is one line, and
    // a list is a block of its own (a list item under a line of text would show as a broken line too).
    expect(container.querySelector('br')).toBeNull();
  });

  if (language !== 'en') {
    it.each(IDS)('%s has no English left in it', (id) => {
      const article = parseArticle(path.join(BLOG_DIR, language, `${id}.md`));
      const text = `${article.title} ${article.excerpt} ${article.body}`;
      const latinWords = (text.match(/[A-Za-z]{2,}/g) ?? []).filter((w) => !ALLOWED_LATIN.has(w.toLowerCase()));
      expect(latinWords).toEqual([]);
      expect(text).toMatch(SCRIPT[language]);
    });
  }
});

it('every language has the same articles with the same dates', () => {
  const datesOf = (language: string) => IDS.map((id) => parseArticle(path.join(BLOG_DIR, language, `${id}.md`)).date);
  for (const language of LANGUAGES) expect(datesOf(language)).toEqual(datesOf('en'));
});
