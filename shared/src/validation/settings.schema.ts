import { z } from 'zod';
import { LANGUAGE_CODES, type Language } from '../domain/languages';
import { THEMES, type UserSettings } from '../domain/settings';

export const settingsSchema = z.object({
  language: z.enum(LANGUAGE_CODES as [Language, ...Language[]], { message: 'languageInvalid' }),
  theme: z.enum(THEMES, { message: 'themeInvalid' }),
  emailNotifications: z.boolean({ message: 'settingInvalid' }),
  smsNotifications: z.boolean({ message: 'settingInvalid' }),
}) satisfies z.ZodType<UserSettings>;
