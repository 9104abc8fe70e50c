import { STORAGE_KEYS, LANGUAGE_COOKIE } from '../domain/storageKeys';
import { applyDocumentLanguage, i18n, initI18n, registerNamespace, resolveLanguage, storeLanguage, type TextBundle } from './i18n';

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
    expect(i18n.t('nav.jobs')).toBe('Задания');
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

  it('fills placeholders, writes `{{x, number}}` the language\'s way and tries several keys in turn', async () => {
    await initI18n('ar');
    i18n.addResourceBundle('ar', 'fill', { seen: '{{views, number}} مشاهدة · {{name}}', deep: { title: 'عنوان' } });
    expect(i18n.t('fill:seen', { views: 12500, name: 'دانا' })).toBe('12,500 مشاهدة · دانا');
    expect(i18n.t('fill:seen', { views: 3 })).toBe('3 مشاهدة · {{name}}');
    expect(i18n.t(['fill:missing', 'fill:deep.title'])).toBe('عنوان');
    expect(i18n.t('fill:deep', { returnObjects: true })).toEqual({ title: 'عنوان' });
    expect(i18n.exists('deep.title', { ns: 'fill' })).toBe(true);
    expect(i18n.exists('deep.none', { ns: 'fill' })).toBe(false);
  });

  it('fetches English only when a text is missing, and shows it once it is there', async () => {
    const asked: string[] = [];
    registerNamespace('partial', (language) => {
      asked.push(language);
      const texts: TextBundle = language === 'en' ? { greeting: 'Hello', only: 'English only' } : { greeting: 'שלום' };
      return Promise.resolve(texts);
    });
    await initI18n('he', ['partial']);
    const changes = jest.fn();
    const unsubscribe = i18n.subscribe(changes);
    const t = i18n.getFixedT('he', 'partial');
    expect(t('greeting')).toBe('שלום');
    expect(asked).toEqual(['he']);
    expect(t('only')).toBe('only');
    await i18n.loadNamespaces('partial', 'en');
    expect(asked).toEqual(['he', 'en']);
    expect(changes).toHaveBeenCalled();
    expect(t('only')).toBe('English only');
    unsubscribe();
  });

  it('keeps a failed namespace load for the error boundary once, then loads it again', async () => {
    let attempts = 0;
    registerNamespace('flaky', () => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ ok: 'יש' });
    });
    await initI18n('he');
    await expect(i18n.loadNamespaces('flaky')).rejects.toThrow('offline');
    expect(i18n.takeFailure('flaky')).toEqual(new Error('offline'));
    expect(i18n.takeFailure('flaky')).toBeUndefined();
    await i18n.loadNamespaces('flaky');
    expect(i18n.hasLoadedNamespace('flaky')).toBe(true);
    expect(attempts).toBe(2);
  });

  it('switches language only once the namespaces in use are there, and turns the page', async () => {
    await initI18n('he');
    await i18n.changeLanguage('en');
    expect(i18n.language).toBe('en');
    expect(i18n.hasLoadedNamespace('common', 'en')).toBe(true);
    expect(i18n.t('nav.jobs')).toBe('Jobs');
    expect(document.documentElement.dir).toBe('ltr');
  });
});
