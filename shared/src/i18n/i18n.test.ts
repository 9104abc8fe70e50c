import { STORAGE_KEYS, LANGUAGE_COOKIE } from '../domain/storageKeys';
import { applyDocumentLanguage, i18n, initI18n, resolveLanguage, storeLanguage } from './i18n';

beforeEach(() => localStorage.clear());

describe('language', () => {
  it('prefers the URL prefix, then the stored choice, then Hebrew', () => {
    expect(resolveLanguage('/faq')).toBe('he');
    localStorage.setItem(STORAGE_KEYS.language, 'ru');
    expect(resolveLanguage('/faq')).toBe('ru');
    expect(resolveLanguage('/ar/faq')).toBe('ar');
    localStorage.setItem(STORAGE_KEYS.language, 'xx');
    expect(resolveLanguage('/')).toBe('he');
  });

  it('stores the choice for the next visit and for the server', () => {
    storeLanguage('ar');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('ar');
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=ar`);
  });

  it('sets lang and dir on <html>: right-to-left for Hebrew and Arabic', () => {
    for (const [language, dir] of [['he', 'rtl'], ['ar', 'rtl'], ['en', 'ltr'], ['ru', 'ltr']] as const) {
      applyDocumentLanguage(language);
      expect(document.documentElement.lang).toBe(language);
      expect(document.documentElement.dir).toBe(dir);
    }
  });

  it('loads the common namespace lazily and falls back to English', async () => {
    await initI18n('ru');
    expect(i18n.t('nav.jobs')).toBe('Работа');
    expect(i18n.t('statuses.close')).toBe('Закрыто');
    expect(i18n.t('errors.amountTooLong')).toBe('Не более 4 цифр, без дробной части.');
  });

  it('uses the CLDR plural forms: six in Arabic, three in Russian', () => {
    const arabic = new Intl.PluralRules('ar').resolvedOptions().pluralCategories;
    const russian = new Intl.PluralRules('ru').resolvedOptions().pluralCategories;
    expect(new Set(arabic)).toEqual(new Set(['zero', 'one', 'two', 'few', 'many', 'other']));
    expect(new Set(russian)).toEqual(new Set(['one', 'few', 'many', 'other']));
    i18n.addResourceBundle('ru', 'test', { jobs_one: '{{count}} задание', jobs_few: '{{count}} задания', jobs_many: '{{count}} заданий' });
    expect(i18n.t('test:jobs', { count: 1 })).toBe('1 задание');
    expect(i18n.t('test:jobs', { count: 3 })).toBe('3 задания');
    expect(i18n.t('test:jobs', { count: 11 })).toBe('11 заданий');
  });
});
