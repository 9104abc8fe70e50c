import { userTextAttributes } from './textLanguage';

describe('userTextAttributes', () => {
  it.each([
    ['עומר ח.', 'en', 'he'],
    ['محمد', 'he', 'ar'],
    ['Олег', 'he', 'ru'],
    ['Dana Levi', 'ru', 'en'],
    ['ул. Герцля 5', 'ar', 'ru'],
  ] as const)('names the language of the script of "%s" on the %s page: %s', (text, page, lang) => {
    expect(userTextAttributes(text, page)).toEqual({ dir: 'auto', lang });
  });

  it("leaves the language out when it is the page's, or when there are no letters", () => {
    expect(userTextAttributes('רחוב הרצל 5', 'he')).toEqual({ dir: 'auto' });
    expect(userTextAttributes('Dana', 'en')).toEqual({ dir: 'auto' });
    expect(userTextAttributes('12/3', 'ar')).toEqual({ dir: 'auto' });
  });
});
