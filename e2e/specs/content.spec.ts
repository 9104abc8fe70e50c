import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { LANGUAGE_CODES } from '@tasko/shared/domain';
import { newPage, useSiteAndBrowser } from '../support/site.js';

const running = useSiteAndBrowser();

/** Letters of the language's own script, to tell a real translation from English left in place. */
const SCRIPT: Record<string, RegExp> = { en: /[A-Za-z]/, he: /[\u0590-\u05FF]/, ar: /[\u0600-\u06FF]/, ru: /[\u0400-\u04FF]/ };

describe('content pages', () => {
  it('the FAQ shows four questions in each language', async () => {
    const { page, context, problems } = await newPage(running.browser);
    try {
      for (const language of LANGUAGE_CODES) {
        await page.goto(`${running.site.origin}/${language}/faq`);
        await page.locator('.faq__item').first().waitFor();
        const questions = await page.locator('.faq__item h2').allTextContents();
        assert.equal(questions.length, 4, language);
        for (const q of questions) assert.match(q, SCRIPT[language] as RegExp, `${language}: ${q}`);
        assert.equal(new Set(questions).size, 4);
      }
      assert.deepEqual(problems.errors, []);
    } finally {
      await context.close();
    }
  });

  it('contact has four feature cards and the ideas section; the terms hold the legal rules of the site', async () => {
    const { page, context } = await newPage(running.browser);
    try {
      await page.goto(`${running.site.origin}/en/contact`);
      await page.locator('.contact__features li').first().waitFor();
      assert.equal(await page.locator('.contact__features li').count(), 4);
      await page.locator('.contact__ideas').getByRole('link', { name: /idea/i }).waitFor();

      await page.goto(`${running.site.origin}/en/eula`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const terms = (await page.locator('article').textContent()) ?? '';
      for (const rule of [
        /intermediary/i,
        /18/,
        /3 months|three months/i,
        /50|fifty/i,
        /(6|six)( \(six\))? months/i,
        /Tel Aviv/i,
        /discriminat/i,
      ]) {
        assert.match(terms, rule);
      }
    } finally {
      await context.close();
    }
  });

  it('every content page renders its own title in each language, with no untranslated keys', async () => {
    const { page, context } = await newPage(running.browser);
    try {
      for (const path of ['/teen-jobs', '/temporary-work', '/about', '/contact', '/faq', '/privacy-policy', '/eula', '/ai-info']) {
        for (const language of LANGUAGE_CODES) {
          await page.goto(`${running.site.origin}/${language}${path}`);
          const heading = page.getByRole('heading', { level: 1 });
          await heading.waitFor();
          const title = (await heading.textContent()) ?? '';
          assert.match(title, SCRIPT[language] as RegExp, `${language}${path}: ${title}`);
          assert.doesNotMatch(title, /^(title|sections\.)/, `${language}${path} shows a raw key`);
          assert.ok((await page.title()).includes(title), `${language}${path}: document title`);
        }
      }
    } finally {
      await context.close();
    }
  });
});
