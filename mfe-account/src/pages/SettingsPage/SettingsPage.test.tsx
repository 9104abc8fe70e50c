import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@tasko/shared/router';
import {
  api,
  DEFAULT_SETTINGS,
  ROUTER_FUTURE,
  signIn,
  signOut,
  type Alert,
  type ApiError,
  type BlockedMember,
  type Language,
  type UserSettings,
} from '@tasko/shared';
import { setUpI18n } from '../../../../shared/test/renderWithProviders';
import { ACCOUNT_NS } from '../../accountNamespace';
import en from '../../locales/en/account.json';
import he from '../../locales/he/account.json';
import ar from '../../locales/ar/account.json';
import ru from '../../locales/ru/account.json';
import SettingsPage from './SettingsPage';
import { UNDO_DELETE_MS } from './useUndoableDelete';

const ACCOUNT = { en, he, ar, ru };
const SERVER_SETTINGS: UserSettings = { ...DEFAULT_SETTINGS, language: 'en', emailNotifications: true, smsNotifications: false };

const alert = (id: number, changes: Partial<Alert> = {}): Alert => ({
  id,
  offerType: 'job',
  frequency: 'instant',
  createdAt: '2026-11-20T10:00:00.000Z',
  ...changes,
});

let stored: Alert[];

async function inLanguage(language: Language) {
  await act(() => setUpI18n(language, { [ACCOUNT_NS]: ACCOUNT[language] }));
}

function renderSettings(language: Language = 'en') {
  render(
    <MemoryRouter future={ROUTER_FUTURE} initialEntries={[`/${language}/settings`]}>
      <SettingsPage reload={() => undefined} />
    </MemoryRouter>,
  );
}

const alertsSection = () => screen.getByRole('region', { name: 'My alerts' });

beforeEach(async () => {
  jest.restoreAllMocks();
  localStorage.clear();
  stored = [
    alert(3, {
      q: 'dog walker',
      location: 'Haifa',
      category: 'petAndAnimalCare',
      frequency: 'daily',
      createdAt: '2026-11-22T10:00:00.000Z',
    }),
    alert(2, { offerType: 'service', location: 'חיפה' }),
    alert(1, { offerType: 'job' }),
  ];
  jest.spyOn(api, 'getSettings').mockResolvedValue(SERVER_SETTINGS);
  jest.spyOn(api.alerts, 'list').mockImplementation(async () => [...stored]);
  jest.spyOn(api.alerts, 'remove').mockImplementation(async (id) => {
    stored = stored.filter((a) => a.id !== id);
  });
  jest.spyOn(api.deal, 'blockedMembers').mockResolvedValue({ members: [], nextCursor: null });
  act(() => signIn({ token: 'session', info: { email: 'noa@example.com', name: 'Noa' }, settings: SERVER_SETTINGS }));
  await inLanguage('en');
});
afterEach(() => act(() => signOut()));

describe('SettingsPage notifications', () => {
  it('offers no SMS switch, says the email switch is for every email, and saves the SMS setting unchanged', async () => {
    const save = jest.spyOn(api, 'saveSettings').mockImplementation(async (settings) => settings);
    renderSettings();
    await screen.findByRole('heading', { name: 'My alerts' });
    expect(screen.queryByRole('checkbox', { name: /SMS/i })).toBeNull();
    expect(screen.getAllByRole('checkbox')).toHaveLength(1);
    const email = screen.getByRole('checkbox', { name: 'Email me about my saved searches, applications, messages and reviews' });
    expect(email).toBeChecked();
    expect(email).toHaveAccessibleDescription('Turned off, no email is sent at all, not even alerts; your alerts are kept.');
    await userEvent.click(email);
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(save).toHaveBeenCalledWith({ ...SERVER_SETTINGS, emailNotifications: false, smsNotifications: false });
    expect(await screen.findByText('Settings saved successfully!')).toBeInTheDocument();
  });

  it('keeps the focus on Save while saving, and saves once however often it is pressed', async () => {
    let finish: (settings: UserSettings) => void = () => undefined;
    const save = jest.spyOn(api, 'saveSettings').mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    renderSettings();
    await screen.findByRole('heading', { name: 'My alerts' });
    const button = screen.getByRole('button', { name: 'Save settings' });
    await userEvent.click(button);
    const busy = screen.getByRole('button', { name: 'Saving...' });
    expect(busy).toHaveFocus();
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(busy);
    expect(save).toHaveBeenCalledTimes(1);
    await act(async () => finish(SERVER_SETTINGS));
    expect(await screen.findByText('Settings saved successfully!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save settings' })).toHaveFocus();
  });
});

describe('SettingsPage: my alerts', () => {
  it('lists each alert in words: what, text, place, category, how often and since when', async () => {
    renderSettings();
    const items = await within(alertsSection()).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    const first = items[0] as HTMLElement;
    expect(within(first).getByRole('heading', { name: 'Jobs' })).toBeInTheDocument();
    expect(first).toHaveTextContent('Textdog walker');
    expect(first).toHaveTextContent('PlaceHaifa');
    expect(first).toHaveTextContent('CategoryPet and animal care');
    expect(first).toHaveTextContent('Once a day, at 8:00');
    expect(first).toHaveTextContent('Since 22 November 2026');
    expect(within(first).getByText('dog walker').tagName).toBe('BDI');
    expect(within(items[1] as HTMLElement).getByRole('heading', { name: 'Services' })).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('As soon as they are posted');
    expect(within(items[2] as HTMLElement).getByRole('heading', { name: 'All new jobs' })).toBeInTheDocument();
    expect(
      within(first).getByRole('button', { name: 'Delete the alert: Jobs, Text: dog walker, Place: Haifa, Category: Pet and animal care' }),
    ).toBeInTheDocument();
  });

  describe('deleting, with Undo', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());
    const user = () => userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    const wait = (ms: number) => act(async () => jest.advanceTimersByTime(ms));
    const items = () => within(alertsSection()).queryAllByRole('listitem');

    it('offers Undo for 10 s, sends the deletion only then, and keeps the focus where the alert was', async () => {
      const keys = user();
      renderSettings();
      await within(alertsSection()).findAllByRole('listitem');
      await keys.click(screen.getByRole('button', { name: /^Delete the alert: Services/ }));
      expect(items()).toHaveLength(2);
      expect(screen.getByRole('status')).toHaveTextContent('Alert deleted.');
      const undo = within(screen.getByRole('status')).getByRole('button', { name: 'Undo' });
      expect(undo).toHaveFocus();

      await wait(UNDO_DELETE_MS - 1);
      expect(api.alerts.remove).not.toHaveBeenCalled();
      await wait(1);
      expect(api.alerts.remove).toHaveBeenCalledWith(2, { keepalive: false });
      expect(undo).not.toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent('Alert deleted.');
      expect(screen.getByRole('button', { name: 'Delete the alert: All new jobs' })).toHaveFocus();

      await keys.keyboard('{Enter}');
      expect(items()).toHaveLength(1);
      await wait(UNDO_DELETE_MS);
      expect(api.alerts.remove).toHaveBeenLastCalledWith(1, { keepalive: false });
      expect(screen.getByRole('button', { name: /^Delete the alert: Jobs, Text/ })).toHaveFocus();

      await keys.keyboard('{Enter}');
      expect(screen.getByText(/You have no alerts yet\./)).toBeInTheDocument();
      await wait(UNDO_DELETE_MS);
      expect(api.alerts.remove).toHaveBeenCalledTimes(3);
      expect(screen.getByRole('heading', { name: 'My alerts' })).toHaveFocus();
      expect(screen.getByRole('link', { name: 'Find jobs' })).toHaveAttribute('href', '/en/tasks');
      expect(screen.getByRole('link', { name: 'Find services' })).toHaveAttribute('href', '/en/services');
    });

    it('brings the alert back where it was with Undo, sends nothing, and gives the focus to its Delete button', async () => {
      const keys = user();
      renderSettings();
      await within(alertsSection()).findAllByRole('listitem');
      await keys.click(screen.getByRole('button', { name: /^Delete the alert: Services/ }));
      await wait(UNDO_DELETE_MS / 2);
      await keys.keyboard('{Enter}');
      expect(screen.getByRole('status')).toHaveTextContent('Alert restored.');
      expect(items().map((item) => within(item).getByRole('heading').textContent)).toEqual(['Jobs', 'Services', 'All new jobs']);
      expect(screen.getByRole('button', { name: /^Delete the alert: Services/ })).toHaveFocus();
      await wait(UNDO_DELETE_MS * 2);
      expect(api.alerts.remove).not.toHaveBeenCalled();
    });

    it('sends a deletion still waiting at once, and to outlive the page, when the page goes away', async () => {
      const keys = user();
      const { unmount } = render(
        <MemoryRouter future={ROUTER_FUTURE} initialEntries={['/en/settings']}>
          <SettingsPage reload={() => undefined} />
        </MemoryRouter>,
      );
      await within(alertsSection()).findAllByRole('listitem');
      await keys.click(screen.getByRole('button', { name: 'Delete the alert: All new jobs' }));
      unmount();
      expect(api.alerts.remove).toHaveBeenCalledWith(1, { keepalive: true });

      renderSettings();
      await within(alertsSection()).findAllByRole('listitem');
      await keys.click(screen.getByRole('button', { name: /^Delete the alert: Services/ }));
      act(() => {
        window.dispatchEvent(new Event('pagehide'));
      });
      expect(api.alerts.remove).toHaveBeenLastCalledWith(2, { keepalive: true });
      expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
      await wait(UNDO_DELETE_MS);
      expect(api.alerts.remove).toHaveBeenCalledTimes(2);
    });

    it('sends the waiting deletion at once when another alert is deleted: Undo is for the last one', async () => {
      const keys = user();
      renderSettings();
      await within(alertsSection()).findAllByRole('listitem');
      await keys.click(screen.getByRole('button', { name: 'Delete the alert: All new jobs' }));
      await keys.click(screen.getByRole('button', { name: /^Delete the alert: Services/ }));
      expect(api.alerts.remove).toHaveBeenCalledTimes(1);
      expect(api.alerts.remove).toHaveBeenCalledWith(1, { keepalive: false });
      await keys.click(screen.getByRole('button', { name: 'Undo' }));
      expect(items()).toHaveLength(2);
      await wait(UNDO_DELETE_MS);
      expect(api.alerts.remove).toHaveBeenCalledTimes(1);
    });

    it('puts back an alert it could not delete, and says so', async () => {
      const offline: ApiError = { statusCode: 0, messageKey: 'networkError' };
      jest.spyOn(api.alerts, 'remove').mockRejectedValue(offline);
      const keys = user();
      renderSettings();
      await within(alertsSection()).findAllByRole('listitem');
      await keys.click(screen.getByRole('button', { name: 'Delete the alert: All new jobs' }));
      await wait(UNDO_DELETE_MS);
      expect(screen.getByRole('alert')).toHaveTextContent('Failed to delete the alert. Please try again.');
      expect(items()).toHaveLength(3);
    });

    it('takes an alert already deleted elsewhere (404) off the list', async () => {
      const gone: ApiError = { statusCode: 404, messageKey: 'notFound' };
      jest.spyOn(api.alerts, 'remove').mockRejectedValue(gone);
      const keys = user();
      renderSettings();
      await within(alertsSection()).findAllByRole('listitem');
      await keys.click(screen.getByRole('button', { name: 'Delete the alert: All new jobs' }));
      await wait(UNDO_DELETE_MS);
      expect(screen.getByRole('status')).toHaveTextContent('Alert deleted.');
      expect(screen.queryByRole('alert')).toBeNull();
      expect(items()).toHaveLength(2);
    });

    it.each([
      ['he', 'ההתראות שלי', 'ההתראה נמחקה.', 'ביטול', 'ההתראה שוחזרה.'],
      ['ar', 'تنبيهاتي', 'تم حذف التنبيه.', 'تراجع', 'تمت استعادة التنبيه.'],
      ['ru', 'Мои оповещения', 'Оповещение удалено.', 'Отменить', 'Оповещение восстановлено.'],
    ] as const)('offers Undo in %s', async (language, title, deleted, undo, restored) => {
      await inLanguage(language);
      const keys = user();
      renderSettings(language);
      const [first] = await within(screen.getByRole('region', { name: title })).findAllByRole('listitem');
      await keys.click(within(first as HTMLElement).getByRole('button'));
      expect(screen.getByRole('status')).toHaveTextContent(deleted);
      await keys.click(screen.getByRole('button', { name: undo }));
      expect(screen.getByRole('status')).toHaveTextContent(restored);
    });
  });

  it('says where to create one when there are none, and offers a retry when the list fails', async () => {
    const offline: ApiError = { statusCode: 0, messageKey: 'networkError' };
    const list = jest.spyOn(api.alerts, 'list').mockRejectedValueOnce(offline).mockResolvedValue([]);
    renderSettings();
    expect(await screen.findByText('Failed to load your alerts. Please try again.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText(
        'You have no alerts yet. To create one, search for jobs or services and choose “Notify me about new listings like these”.',
      ),
    ).toBeInTheDocument();
    expect(list).toHaveBeenCalledTimes(2);
  });

  it.each([
    [
      'he',
      'ההתראות שלי',
      'עבודות',
      'פעם ביום, ב־8:00',
      'מאז 22 בנובמבר 2026',
      'טיפול בחיות מחמד',
      'מחיקה של ההתראה: עבודות, טקסט: dog walker, מקום: Haifa, קטגוריה: טיפול בחיות מחמד',
    ],
    [
      'ar',
      'تنبيهاتي',
      'مهام',
      'مرة في اليوم، الساعة 8:00',
      'منذ 22 نوفمبر 2026',
      'رعاية الحيوانات الأليفة',
      'حذف التنبيه: مهام، النص: dog walker، المكان: Haifa، الفئة: رعاية الحيوانات الأليفة',
    ],
    [
      'ru',
      'Мои оповещения',
      'Задания',
      'Раз в день, в 8:00',
      'С 22 ноября 2026 г.',
      'Уход за животными',
      'Удалить оповещение: Задания, Текст: dog walker, Место: Haifa, Категория: Уход за животными',
    ],
  ] as const)('reads in %s', async (language, title, what, daily, since, category, deleteLabel) => {
    await inLanguage(language);
    renderSettings(language);
    const items = await within(screen.getByRole('region', { name: title })).findAllByRole('listitem');
    const first = items[0] as HTMLElement;
    expect(within(first).getByRole('heading', { name: what })).toBeInTheDocument();
    expect(first).toHaveTextContent(daily);
    expect(first).toHaveTextContent(since);
    expect(first).toHaveTextContent(category);
    expect(within(first).getByRole('button', { name: deleteLabel })).toBeInTheDocument();
  });
});

describe('SettingsPage: people you blocked', () => {
  const member = (id: number, displayName: string, blockedAt = '2026-11-20T10:00:00.000Z'): BlockedMember => ({
    id,
    displayName,
    blockedAt,
  });
  const dana = member(2, 'Dana K.', '2026-11-22T10:00:00.000Z');
  const omar = member(3, 'עומר ח.');
  const section = () => screen.getByRole('region', { name: 'People you blocked' });
  const items = () => within(section()).queryAllByRole('listitem');

  it('lists each member I blocked with the date, and an Unblock button named for them', async () => {
    const list = jest.spyOn(api.deal, 'blockedMembers').mockResolvedValue({ members: [dana, omar], nextCursor: null });
    renderSettings();
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(list).toHaveBeenCalledWith({ cursor: undefined, limit: 50, signal: expect.any(AbortSignal) as AbortSignal });
    expect(section()).toHaveTextContent('You and they cannot write to each other or respond to each other’s listings.');
    const [first, second] = items();
    expect(first).toHaveTextContent('Dana K.');
    expect(within(first!).getByText('Blocked on 22 November 2026')).toHaveAttribute('dateTime', dana.blockedAt);
    expect(within(first!).getByRole('button', { name: 'Unblock Dana K.' })).toHaveTextContent(/^Unblock$/);
    // A name in Hebrew keeps its own direction.
    expect(within(second!).getByText('עומר ח.')).toHaveAttribute('dir', 'auto');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('says when nobody is blocked', async () => {
    renderSettings();
    expect(await within(section()).findByText('You have not blocked anyone.')).toBeInTheDocument();
    expect(items()).toHaveLength(0);
  });

  it('unblocks at once, without asking, says so, and gives the keyboard to the next member, then to the heading', async () => {
    jest.spyOn(api.deal, 'blockedMembers').mockResolvedValue({ members: [dana, omar], nextCursor: null });
    const unblock = jest.spyOn(api.deal, 'unblock').mockResolvedValue(undefined);
    const user = userEvent.setup();
    renderSettings();
    await user.click(await within(section()).findByRole('button', { name: 'Unblock Dana K.' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(unblock).toHaveBeenCalledWith(2);
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(within(section()).getByRole('status')).toHaveTextContent('Dana K. is unblocked.');
    expect(within(section()).getByRole('button', { name: 'Unblock עומר ח.' })).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(await within(section()).findByText('You have not blocked anyone.')).toBeInTheDocument();
    expect(unblock).toHaveBeenLastCalledWith(3);
    expect(within(section()).getByRole('heading', { name: 'People you blocked' })).toHaveFocus();
  });

  it('takes a member already unblocked elsewhere (404) off the list; says why another refusal failed, keeping the row', async () => {
    jest.spyOn(api.deal, 'blockedMembers').mockResolvedValue({ members: [dana, omar], nextCursor: null });
    const gone: ApiError = { statusCode: 404, messageKey: 'notFound' };
    const limited: ApiError = { statusCode: 429, messageKey: 'rateLimited' };
    jest.spyOn(api.deal, 'unblock').mockRejectedValueOnce(gone).mockRejectedValueOnce(limited);
    const user = userEvent.setup();
    renderSettings();
    await user.click(await within(section()).findByRole('button', { name: 'Unblock Dana K.' }));
    await waitFor(() => expect(items()).toHaveLength(1));

    const button = within(section()).getByRole('button', { name: 'Unblock עומר ח.' });
    await user.click(button);
    expect(await within(section()).findByRole('alert')).toHaveTextContent(
      'עומר ח. could not be unblocked. Too many attempts. Please wait a minute and try again.',
    );
    expect(items()).toHaveLength(1);
    expect(button).toHaveFocus();
  });

  it('shows a page at a time: "Show more" appends the next, the keyboard on its first member, and goes with the last page', async () => {
    const list = jest
      .spyOn(api.deal, 'blockedMembers')
      .mockImplementation(async ({ cursor } = {}) =>
        cursor === 'page-2' ? { members: [member(4, 'Lev P.')], nextCursor: null } : { members: [dana, omar], nextCursor: 'page-2' },
      );
    const user = userEvent.setup();
    renderSettings();
    await waitFor(() => expect(items()).toHaveLength(2));
    await user.click(within(section()).getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(items()).toHaveLength(3));
    expect(list).toHaveBeenLastCalledWith({ cursor: 'page-2', limit: 50, signal: expect.any(AbortSignal) as AbortSignal });
    expect(within(section()).getByRole('button', { name: 'Unblock Lev P.' })).toHaveFocus();
    expect(within(section()).queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('offers to try again when the list cannot be loaded', async () => {
    const offline: ApiError = { statusCode: 0, messageKey: 'networkError' };
    jest
      .spyOn(api.deal, 'blockedMembers')
      .mockRejectedValueOnce(offline)
      .mockResolvedValue({ members: [dana], nextCursor: null });
    const user = userEvent.setup();
    renderSettings();
    expect(await within(section()).findByText('Failed to load the people you blocked. Please try again.')).toBeInTheDocument();
    await user.click(within(section()).getByRole('button', { name: 'Try again' }));
    expect(await within(section()).findByRole('button', { name: 'Unblock Dana K.' })).toBeInTheDocument();
  });

  it.each([
    ['he', 'משתמשים שחסמתם', 'תאריך החסימה: 22 בנובמבר 2026', 'ביטול החסימה של Dana K.', 'החסימה של Dana K. בוטלה.'],
    ['ar', 'الأشخاص الذين حظرتهم', 'تاريخ الحظر: 22 نوفمبر 2026', 'إلغاء الحظر عن Dana K.', 'Dana K.: تم إلغاء الحظر.'],
    [
      'ru',
      'Заблокированные пользователи',
      'Дата блокировки: 22 ноября 2026 г.',
      'Разблокировать пользователя Dana K.',
      'Пользователь Dana K. разблокирован.',
    ],
  ] as const)('reads in %s', async (language, title, since, unblockLabel, unblocked) => {
    await inLanguage(language);
    jest.spyOn(api.deal, 'blockedMembers').mockResolvedValue({ members: [dana], nextCursor: null });
    jest.spyOn(api.deal, 'unblock').mockResolvedValue(undefined);
    const user = userEvent.setup();
    renderSettings(language);
    const region = await screen.findByRole('region', { name: title });
    expect(await within(region).findByText(since)).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: unblockLabel }));
    expect(await within(region).findByRole('status')).toHaveTextContent(unblocked);
  });
});
