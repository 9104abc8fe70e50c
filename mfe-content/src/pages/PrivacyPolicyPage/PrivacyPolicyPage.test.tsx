import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from '@tasko/shared/router';
import { ROUTER_FUTURE } from '@tasko/shared';
import { setUpI18n } from '../../../../shared/test/renderWithProviders';
import { contentNamespace } from '../../contentNamespaces';
import PrivacyPolicyPage from './PrivacyPolicyPage';
import en from '../../locales/en/privacy.json';
import he from '../../locales/he/privacy.json';
import ar from '../../locales/ar/privacy.json';
import ru from '../../locales/ru/privacy.json';

// What a listing page shows of its poster, each piece named in the section "what others see".
describe('PrivacyPolicyPage', () => {
  it.each([
    [
      'en',
      en,
      ['first letter of your surname', 'profile picture', 'month and year', 'active listings', 'verified your email'],
      'never shown',
    ],
    [
      'he',
      he,
      ['האות הראשונה של שם המשפחה', 'תמונת הפרופיל', 'החודש והשנה', 'המודעות הפעילות', 'אימתה את כתובת האימייל'],
      'לא מוצגים לאף אחד',
    ],
    [
      'ar',
      ar,
      ['الحرف الأول من اسم عائلتك', 'صورة ملفك الشخصي', 'الشهر والسنة', 'إعلاناتك النشطة', 'تحقّقت من بريدك الإلكتروني'],
      'فلا يُعرض شيء منها لأحد',
    ],
    [
      'ru',
      ru,
      ['первая буква фамилии', 'фотография профиля', 'месяц и год', 'активных объявлений', 'подтвердил ли Google'],
      'не показываются никому',
    ],
  ] as const)('in %s, says what of a poster is public, as a list, and what never is', async (language, texts, pieces, never) => {
    await act(() => setUpI18n(language, { [contentNamespace('privacy')]: texts }));
    render(
      <MemoryRouter future={ROUTER_FUTURE}>
        <PrivacyPolicyPage />
      </MemoryRouter>,
    );
    const section = screen.getByRole('region', { name: texts.sections.s5.heading });
    const items = within(section)
      .getAllByRole('listitem')
      .map((item) => item.textContent ?? '');
    expect(items).toHaveLength(pieces.length);
    pieces.forEach((piece, i) => expect(items[i]).toContain(piece));
    expect(section).toHaveTextContent(never);
  });
});
