import { settingsSchema } from './index';

describe('settingsSchema', () => {
  it('accepts the four languages and both themes', () => {
    for (const language of ['en', 'he', 'ar', 'ru']) {
      expect(settingsSchema.safeParse({ language, theme: 'dark', emailNotifications: true, smsNotifications: false }).success).toBe(true);
    }
  });

  it('names the field that is wrong', () => {
    const result = settingsSchema.safeParse({ language: 'fr', theme: 'blue', emailNotifications: 'yes', smsNotifications: false });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.error.issues.map((i) => [i.path[0], i.message])).toEqual([
        ['language', 'languageInvalid'],
        ['theme', 'themeInvalid'],
        ['emailNotifications', 'settingInvalid'],
      ]);
    }
  });
});
