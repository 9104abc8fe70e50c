import { STORAGE_KEYS, LANGUAGE_COOKIE } from '../domain/storageKeys';
import { LISTING_NS } from '../listing/listingNamespace';
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
    for (const [language, dir] of [
      ['he', 'rtl'],
      ['ar', 'rtl'],
      ['en', 'ltr'],
      ['ru', 'ltr'],
    ] as const) {
      applyDocumentLanguage(language);
      expect(document.documentElement.lang).toBe(language);
      expect(document.documentElement.dir).toBe(dir);
    }
  });

  it("loads the common namespace lazily, in the reader's language", async () => {
    await initI18n('ru');
    expect(i18n.t('nav.jobs')).toBe('Задания');
    expect(i18n.t('statuses.close')).toBe('Закрыто');
    expect(i18n.t('errors.amountTooLong')).toBe('Не более 4 цифр, без дробной части.');
  });

  it('uses the CLDR plural forms (three in Russian) and writes `{{x, number}}` with Western digits in Arabic', async () => {
    await initI18n('ru', [LISTING_NS]);
    expect(i18n.t('listing:paging.showing', { count: 1, shown: 1 })).toBe('Показано 1 из 1 задания');
    expect(i18n.t('listing:paging.showing', { count: 3, shown: 3 })).toBe('Показано 3 из 3 заданий');
    expect(i18n.t('listing:paging.showing', { count: 21, shown: 12 })).toBe('Показано 12 из 21 задания');
    await initI18n('ar', [LISTING_NS]);
    expect(i18n.t('listing:paging.showing', { count: 2, shown: 2 })).toBe('عرض 2 من أصل مهمتين');
    expect(i18n.t('listing:paging.showing', { count: 12500, shown: 12 })).toBe('عرض 12 من أصل 12,500 مهمة');
  });

  it('switches language only once the namespaces in use are there, and turns the page', async () => {
    await initI18n('he');
    expect(document.documentElement.dir).toBe('rtl');
    await i18n.changeLanguage('en');
    expect(i18n.language).toBe('en');
    expect(i18n.hasResourceBundle('en', 'common')).toBe(true);
    expect(i18n.t('nav.jobs')).toBe('Jobs');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('falls back to English for a text a language lacks', async () => {
    await initI18n('he');
    const hebrew = i18n.getResourceBundle('he', 'common') as object;
    i18n.removeResourceBundle('he', 'common');
    i18n.addResourceBundle('he', 'common', { nav: { jobs: 'עבודות' } });
    expect(i18n.t('nav.jobs')).toBe('עבודות');
    expect(i18n.t('nav.services')).toBe('Services');
    i18n.addResourceBundle('he', 'common', hebrew);
  });
});
