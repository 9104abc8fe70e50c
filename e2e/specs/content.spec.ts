import { LANGUAGE_CODES } from '@tasko/shared/domain';
import { expect, test } from '../support/test.js';

/** Letters of the language's own script, to tell a real translation from English left in place. */
const SCRIPT: Record<string, RegExp> = { en: /[A-Za-z]/, he: /[\u0590-\u05FF]/, ar: /[\u0600-\u06FF]/, ru: /[\u0400-\u04FF]/ };

function scriptOf(language: string): RegExp {
  const script = SCRIPT[language];
  if (!script) throw new Error(`no script known for ${language}`);
  return script;
}

test.describe('content pages', () => {
  test('the FAQ shows four questions in each language', async ({ page, pageErrors }) => {
    for (const language of LANGUAGE_CODES) {
      await page.goto(`/${language}/faq`);
      const questions = page.locator('.faq__item h2');
      await expect(questions, language).toHaveCount(4);
      const texts = await questions.allTextContents();
      for (const question of texts) expect(question, `${language}: ${question}`).toMatch(scriptOf(language));
      expect(new Set(texts).size, `${language}: four different questions`).toBe(4);
    }
    expect(pageErrors).toEqual([]);
  });

  test('contact has four feature cards and the ideas section; the terms hold the legal rules of the site', async ({ page }) => {
    await page.goto('/en/contact');
    await expect(page.locator('.contact__features li')).toHaveCount(4);
    await expect(page.locator('.contact__ideas').getByRole('link', { name: /idea/i })).toBeVisible();

    await page.goto('/en/eula');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const terms = page.locator('article');
    for (const rule of [
      /intermediary/i,
      /18/,
      /3 months|three months/i,
      /50|fifty/i,
      /(6|six)( \(six\))? months/i,
      /Tel Aviv/i,
      /discriminat/i,
    ]) {
      await expect(terms).toContainText(rule);
    }
  });

  test('every content page renders its own title in each language, with no untranslated keys', async ({ page }) => {
    for (const path of ['/teen-jobs', '/temporary-work', '/about', '/contact', '/faq', '/privacy-policy', '/eula', '/ai-info']) {
      for (const language of LANGUAGE_CODES) {
        await page.goto(`/${language}${path}`);
        const heading = page.getByRole('heading', { level: 1 });
        await expect(heading, `${language}${path}`).toHaveText(scriptOf(language));
        const title = (await heading.textContent()) ?? '';
        expect(title, `${language}${path} shows a raw key`).not.toMatch(/^(title|sections\.)/);
        await expect.poll(() => page.title(), { message: `${language}${path}: document title` }).toContain(title);
      }
    }
  });
});
