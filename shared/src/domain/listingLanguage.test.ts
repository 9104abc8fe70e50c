import { detectListingLanguage } from './listingLanguage';

describe('detectListingLanguage', () => {
  it('reads the script most letters are in', () => {
    expect(detectListingLanguage('הובלת ספה לקומה שלישית', 'en')).toBe('he');
    expect(detectListingLanguage('نقل كنبة إلى الطابق الثالث', 'he')).toBe('ar');
    expect(detectListingLanguage('Перевезти диван на третий этаж', 'he')).toBe('ru');
    expect(detectListingLanguage('Move a sofa to the third floor', 'he')).toBe('en');
  });

  it('is not swayed by a few words of another script', () => {
    expect(detectListingLanguage('תיקון מחשב Dell ו-HP בבית הלקוח', 'en')).toBe('he');
    expect(detectListingLanguage('Уборка квартиры, район Neve Shaanan', 'he')).toBe('ru');
  });

  it('ignores niqqud and harakat and answers the fallback when there are no letters', () => {
    expect(detectListingLanguage('שָׁלוֹם', 'en')).toBe('he');
    expect(detectListingLanguage('مَرْحَبًا', 'en')).toBe('ar');
    expect(detectListingLanguage('100 ₪ 😀', 'ru')).toBe('ru');
  });
});
