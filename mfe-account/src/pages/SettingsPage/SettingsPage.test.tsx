import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@tasko/shared/router';
import { api, DEFAULT_SETTINGS, ROUTER_FUTURE, signIn, signOut, type Alert, type ApiError, type Language, type UserSettings } from '@tasko/shared';
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

const alert = (id: number, changes: Partial<Alert> = {}): Alert => ({ id, offerType: 'job', frequency: 'instant', createdAt: '2026-11-20T10:00:00.000Z', ...changes });

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
    alert(3, { q: 'dog walker', location: 'Haifa', category: 'petAndAnimalCare', frequency: 'daily', createdAt: '2026-11-22T10:00:00.000Z' }),
    alert(2, { offerType: 'service', location: 'חיפה' }),
    alert(1, { offerType: 'job' }),
  ];
  jest.spyOn(api, 'getSettings').mockResolvedValue(SERVER_SETTINGS);
  jest.spyOn(api.alerts, 'list').mockImplementation(async () => [...stored]);
  jest.spyOn(api.alerts, 'remove').mockImplementation(async (id) => {
    stored = stored.filter((a) => a.id !== id);
  });
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
    expect(within(first).getByRole('button', { name: 'Delete the alert: Jobs, Text: dog walker, Place: Haifa, Category: Pet and animal care' })).toBeInTheDocument();
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
    expect(await screen.findByText('You have no alerts yet. To create one, search for jobs or services and choose “Notify me about new listings like these”.')).toBeInTheDocument();
    expect(list).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['he', 'ההתראות שלי', 'עבודות', 'פעם ביום, ב־8:00', 'מאז 22 בנובמבר 2026', 'טיפול בחיות מחמד', 'מחיקה של ההתראה: עבודות, טקסט: dog walker, מקום: Haifa, קטגוריה: טיפול בחיות מחמד'],
    ['ar', 'تنبيهاتي', 'مهام', 'مرة في اليوم، الساعة 8:00', 'منذ 22 نوفمبر 2026', 'رعاية الحيوانات الأليفة', 'حذف التنبيه: مهام، النص: dog walker، المكان: Haifa، الفئة: رعاية الحيوانات الأليفة'],
    ['ru', 'Мои оповещения', 'Задания', 'Раз в день, в 8:00', 'С 22 ноября 2026 г.', 'Уход за животными', 'Удалить оповещение: Задания, Текст: dog walker, Место: Haifa, Категория: Уход за животными'],
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
