// Every text that says a number of things, in every translation file of every workspace, read through the
// site's i18next setup at the numbers where languages differ: each language has exactly the plural forms
// its CLDR rules pick (he one/two/other, ar zero/one/two/few/many/other, ru one/few/many/other, en
// one/other), and each form reads as a whole sentence with its number in it.
import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGE_CODES, type Language } from '../domain/languages';
import { formatNumber } from '../format/number';
import i18next, { type i18n as I18n } from 'i18next';
import { addSiteNumberFormat } from '../format/number';
import { type TextBundle } from './i18n';

const ROOT = path.resolve(__dirname, '../../..');
const NUMBERS = [0, 1, 2, 3, 11, 21, 100];
const PLURAL_FORM = /^(.+)_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /{{\s*([^\s},]+)[^}]*}}/g;

type Flat = Record<string, string>;

function flatten(bundle: TextBundle, prefix = '', into: Flat = {}): Flat {
  for (const [key, value] of Object.entries(bundle)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') into[name] = value;
    else flatten(value, name, into);
  }
  return into;
}

/** `{ 'mfe-account/account': { en: {...}, he: {...}, … } }`: every namespace of every workspace. */
function readAllTexts(): Map<string, Record<Language, TextBundle>> {
  const { workspaces } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
  const namespaces = new Map<string, Record<Language, TextBundle>>();
  for (const workspace of workspaces) {
    const locales = path.join(ROOT, workspace, 'src', 'locales');
    if (!fs.existsSync(locales)) continue;
    for (const language of LANGUAGE_CODES) {
      for (const file of fs.readdirSync(path.join(locales, language)).filter((f) => f.endsWith('.json'))) {
        const name = `${workspace}/${file.replace(/\.json$/, '')}`;
        const byLanguage = namespaces.get(name) ?? ({} as Record<Language, TextBundle>);
        byLanguage[language] = JSON.parse(fs.readFileSync(path.join(locales, language, file), 'utf8')) as TextBundle;
        namespaces.set(name, byLanguage);
      }
    }
  }
  return namespaces;
}

const placeholdersOf = (text: string) => [...text.matchAll(PLACEHOLDER)].map((m) => m[1] as string);

/**
 * The counted texts of a namespace: each plural (`key_one`, `key_other`, …) in any language, and each text
 * that says `{{count}}` of something. A position ("Photo {{n}} of {{count}}") counts nothing, as no word
 * agrees with its total, and stays one text.
 */
function countedKeys(byLanguage: Record<Language, TextBundle>): { plurals: Set<string>; unpluralised: string[] } {
  const plurals = new Set<string>();
  const unpluralised: string[] = [];
  for (const language of LANGUAGE_CODES) {
    for (const [key, text] of Object.entries(flatten(byLanguage[language]))) {
      const form = PLURAL_FORM.exec(key);
      if (form) plurals.add(form[1] as string);
      else if (placeholdersOf(text).includes('count') && !placeholdersOf(text).includes('n')) unpluralised.push(`${language}: ${key}`);
    }
  }
  return { plurals, unpluralised };
}

const ALL_TEXTS = readAllTexts();
const COUNTED = [...ALL_TEXTS].flatMap(([namespace, byLanguage]) =>
  [...countedKeys(byLanguage).plurals].map((base) => ({ namespace, base })),
);

/** An i18next instance set up as the page's (English fallback, the site's numbers) with every namespace. */
function textsFor(language: Language): I18n {
  const texts = i18next.createInstance();
  const resources: Record<string, Record<string, TextBundle>> = { [language]: {}, en: {} };
  for (const [namespace, byLanguage] of ALL_TEXTS) {
    (resources[language] as Record<string, TextBundle>)[namespace] = byLanguage[language];
    (resources.en as Record<string, TextBundle>)[namespace] = byLanguage.en;
  }
  void texts.init({ lng: language, fallbackLng: 'en', resources, interpolation: { escapeValue: false }, initAsync: false });
  addSiteNumberFormat(texts);
  return texts;
}

const TEXTS = new Map(LANGUAGE_CODES.map((language) => [language, textsFor(language)]));

/** What a counted text needs besides its count: the number shown of a total, else a sample value. */
function valuesFor(count: number, forms: string[]): Record<string, string | number> {
  const values: Record<string, string | number> = { count };
  for (const name of forms.flatMap(placeholdersOf)) {
    if (name === 'shown') values.shown = Math.min(count, 12);
    else if (name !== 'count') values[name] = 'Sample';
  }
  return values;
}

/** Texts by keys read from the files at run time, which no type can list: i18next's `t` seen untyped. */
type UntypedT = (key: string, values: object) => string;

function render(language: Language, namespace: string, key: string, values: Record<string, string | number>): string {
  const texts = TEXTS.get(language) as I18n;
  return (texts.t as unknown as UntypedT)(`${namespace}:${key}`, values);
}

describe('counted texts', () => {
  it('finds the counted texts of every workspace (results, posts, views, phone reveals, distances)', () => {
    const names = COUNTED.map(({ namespace, base }) => `${namespace}:${base}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'shared/listing:paging.found',
        'shared/listing:paging.foundServices',
        'shared/listing:paging.showing',
        'shared/listing:paging.showingServices',
        'shared/listing:paging.showingCapped',
        'shared/listing:paging.showingServicesCapped',
        'shared/listing:distance',
        'shared/listing:radius.within',
        'mfe-account/account:myPosts.paging.showing',
        'mfe-account/account:myPosts.views',
        'mfe-account/account:myPosts.reveals',
      ]),
    );
  });

  it('says every count through plural forms: no text shows {{count}} without them', () => {
    const unpluralised = [...ALL_TEXTS].flatMap(([namespace, byLanguage]) =>
      countedKeys(byLanguage).unpluralised.map((key) => `${namespace} ${key}`),
    );
    expect(unpluralised).toEqual([]);
  });

  describe.each(LANGUAGE_CODES)('in %s', (language) => {
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;

    it.each(COUNTED)('$namespace:$base has exactly the plural forms the language uses', ({ namespace, base }) => {
      const texts = flatten((ALL_TEXTS.get(namespace) as Record<Language, TextBundle>)[language]);
      const forms = Object.keys(texts)
        .filter((key) => PLURAL_FORM.exec(key)?.[1] === base)
        .map((key) => (PLURAL_FORM.exec(key) as RegExpExecArray)[2]);
      expect(forms.sort()).toEqual([...categories].sort());
    });

    it.each(COUNTED)('$namespace:$base reads with its number at 0, 1, 2, 3, 11, 21 and 100', ({ namespace, base }) => {
      const own = flatten((ALL_TEXTS.get(namespace) as Record<Language, TextBundle>)[language]);
      const forms = Object.entries(own)
        .filter(([key]) => PLURAL_FORM.exec(key)?.[1] === base)
        .map(([, text]) => text);
      for (const count of NUMBERS) {
        const values = valuesFor(count, forms);
        // The form the language's rule picks is there in the language itself, not borrowed from English.
        const chosen = `${base}_${new Intl.PluralRules(language).select(count)}`;
        expect(own[chosen]).toBeDefined();
        const text = render(language, namespace, base, values);
        expect(text).not.toMatch(/{{|}}/);
        expect(text).not.toBe(base);
        if (placeholdersOf(own[chosen] as string).includes('count')) expect(text).toContain(formatNumber(count, language));
      }
    });
  });

  // What a reader sees, checked word for word where the languages differ most.
  it.each([
    ['en', 'shared/listing', 'paging.showing', 1, 1, 'Showing 1 of 1 job'],
    ['en', 'shared/listing', 'paging.showing', 30, 12, 'Showing 12 of 30 jobs'],
    ['he', 'shared/listing', 'paging.showing', 1, 1, 'מוצגת 1 מתוך עבודה אחת'],
    ['he', 'shared/listing', 'paging.showing', 2, 2, 'מוצגות 2 מתוך שתי עבודות'],
    ['he', 'shared/listing', 'paging.showing', 30, 12, 'מוצגות 12 מתוך 30 עבודות'],
    ['he', 'shared/listing', 'paging.showingServices', 2, 2, 'מוצגים 2 מתוך שני שירותים'],
    ['he', 'shared/listing', 'paging.showingCapped', 1000, 12, 'מוצגות 12 מתוך יותר מ־1,000 עבודות'],
    ['ar', 'shared/listing', 'paging.showing', 0, 0, 'عرض 0 من أصل 0'],
    ['ar', 'shared/listing', 'paging.showing', 1, 1, 'عرض 1 من أصل مهمة واحدة'],
    ['ar', 'shared/listing', 'paging.showing', 2, 2, 'عرض 2 من أصل مهمتين'],
    ['ar', 'shared/listing', 'paging.showing', 3, 3, 'عرض 3 من أصل 3 مهام'],
    ['ar', 'shared/listing', 'paging.showing', 11, 11, 'عرض 11 من أصل 11 مهمة'],
    ['ar', 'shared/listing', 'paging.showing', 100, 12, 'عرض 12 من أصل 100 مهمة'],
    ['ar', 'shared/listing', 'paging.showingServices', 8, 8, 'عرض 8 من أصل 8 خدمات'],
    ['ru', 'shared/listing', 'paging.showing', 1, 1, 'Показано 1 из 1 задания'],
    ['ru', 'shared/listing', 'paging.showing', 3, 3, 'Показано 3 из 3 заданий'],
    ['ru', 'shared/listing', 'paging.showing', 21, 12, 'Показано 12 из 21 задания'],
    ['ru', 'shared/listing', 'paging.showing', 100, 12, 'Показано 12 из 100 заданий'],
    ['ru', 'shared/listing', 'paging.showingServices', 2, 2, 'Показано 2 из 2 услуг'],
    ['en', 'shared/listing', 'paging.found', 1, 1, '1 job found'],
    ['he', 'shared/listing', 'paging.found', 1, 1, 'נמצאה עבודה אחת'],
    ['he', 'shared/listing', 'paging.found', 2, 2, 'נמצאו שתי עבודות'],
    ['ar', 'shared/listing', 'paging.found', 3, 3, 'عثرنا على 3 مهام'],
    ['ar', 'shared/listing', 'paging.found', 11, 11, 'عثرنا على 11 مهمة'],
    ['ru', 'shared/listing', 'paging.found', 21, 21, 'Найдено 21 задание'],
    ['ru', 'shared/listing', 'paging.foundServices', 21, 21, 'Найдена 21 услуга'],
    ['he', 'mfe-account/account', 'myPosts.paging.showing', 1, 1, 'מוצגת 1 מתוך מודעה אחת'],
    ['ar', 'mfe-account/account', 'myPosts.paging.showing', 11, 11, 'عرض 11 من أصل 11 إعلانًا'],
    ['ru', 'mfe-account/account', 'myPosts.paging.showing', 5, 5, 'Показано 5 из 5 объявлений'],
  ] as const)('%s %s:%s, %i in all, %i shown: "%s"', (language, namespace, key, count, shown, expected) => {
    expect(render(language, namespace, key, { count, shown })).toBe(expected);
  });

  it.each([
    ['he', 'myPosts.views', 2, 'שתי צפיות'],
    ['he', 'myPosts.views', 11, '11 צפיות'],
    ['he', 'myPosts.reveals', 1, 'הצגה אחת של מספר הטלפון'],
    ['ar', 'myPosts.views', 0, 'لا مشاهدات'],
    ['ar', 'myPosts.views', 2, 'مشاهدتان'],
    ['ar', 'myPosts.views', 3, '3 مشاهدات'],
    ['ar', 'myPosts.views', 11, '11 مشاهدة'],
    ['ar', 'myPosts.reveals', 3, 'طُلب رقم الهاتف 3 مرات'],
    ['ru', 'myPosts.views', 21, '21 просмотр'],
    ['ru', 'myPosts.views', 3, '3 просмотра'],
    ['ru', 'myPosts.views', 11, '11 просмотров'],
    ['en', 'myPosts.views', 1, '1 view'],
  ] as const)('%s %s at %i: "%s"', (language, key, count, expected) => {
    expect(render(language, 'mfe-account/account', key, { count })).toBe(expected);
  });
});
