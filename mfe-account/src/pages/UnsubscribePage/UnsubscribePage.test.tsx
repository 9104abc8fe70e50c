import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@tasko/shared/router';
import { api, authBus, ROUTER_FUTURE, signOut, type ApiError, type AuthEventDetail, type Language } from '@tasko/shared';
import { setUpI18n } from '../../../../shared/test/renderWithProviders';
import { ACCOUNT_NS } from '../../accountNamespace';
import en from '../../locales/en/account.json';
import he from '../../locales/he/account.json';
import ar from '../../locales/ar/account.json';
import ru from '../../locales/ru/account.json';
import UnsubscribePage from './UnsubscribePage';

const ACCOUNT = { en, he, ar, ru };

async function inLanguage(language: Language) {
  await act(() => setUpI18n(language, { [ACCOUNT_NS]: ACCOUNT[language] }));
}

function renderAt(url: string) {
  render(
    <MemoryRouter future={ROUTER_FUTURE} initialEntries={[url]}>
      <UnsubscribePage />
    </MemoryRouter>,
  );
}

const events: AuthEventDetail[] = [];
authBus.on((detail) => events.push(detail));

beforeEach(async () => {
  jest.restoreAllMocks();
  localStorage.clear();
  act(() => signOut());
  events.length = 0;
  await inLanguage('en');
});

describe('UnsubscribePage', () => {
  it('changes nothing on opening; the button unsubscribes, signed out, and confirms with the focus on the answer', async () => {
    const unsubscribe = jest.spyOn(api, 'unsubscribe').mockResolvedValue({ unsubscribed: true });
    renderAt('/en/unsubscribe?token=alert-7.signature');
    expect(screen.getByRole('heading', { level: 1, name: 'Unsubscribe from an alert' })).toBeInTheDocument();
    expect(
      screen.getByText('Press the button to stop the emails of the alert this link came from. Your other alerts keep arriving.'),
    ).toBeInTheDocument();
    expect(unsubscribe).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(unsubscribe).toHaveBeenCalledWith('alert-7.signature');
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('You are unsubscribed. No more emails will come from this alert.');
    expect(done).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Manage all your alerts in your settings' })).toHaveAttribute('href', '/en/settings');
    expect(events.filter((e) => e.event === 'unauthorized')).toEqual([]);
    expect(document.title).toBe('Unsubscribe from an alert | Tasko');
  });

  it('says so clearly when the link has no token, and offers no button', () => {
    const unsubscribe = jest.spyOn(api, 'unsubscribe');
    renderAt('/en/unsubscribe');
    expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete: it does not say which alert to stop.');
    expect(screen.queryByRole('button')).toBeNull();
    expect(unsubscribe).not.toHaveBeenCalled();
  });

  it('explains an invalid token, without a button that would fail again', async () => {
    const refusal: ApiError = { statusCode: 400, messageKey: 'unsubscribeInvalid' };
    jest.spyOn(api, 'unsubscribe').mockRejectedValue(refusal);
    renderAt('/en/unsubscribe?token=forged');
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid.');
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it('keeps the button after a lost connection, so the reader can try again', async () => {
    const offline: ApiError = { statusCode: 0, messageKey: 'networkError' };
    const unsubscribe = jest.spyOn(api, 'unsubscribe').mockRejectedValueOnce(offline).mockResolvedValue({ unsubscribed: true });
    renderAt('/en/unsubscribe?token=alert-7.signature');
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No connection to the server.');
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('status')).toHaveTextContent('You are unsubscribed.');
    expect(unsubscribe).toHaveBeenCalledTimes(2);
  });

  it('names the kind of deal email its link stops, and stops it by the same call', async () => {
    const unsubscribe = jest.spyOn(api, 'unsubscribe').mockResolvedValue({ unsubscribed: true });
    renderAt('/en/unsubscribe?token=d1.7.unreadMessage.signature&mail=unreadMessage');
    expect(screen.getByRole('heading', { level: 1, name: 'Unsubscribe from emails' })).toBeInTheDocument();
    expect(
      screen.getByText('Press the button to stop the emails about messages you have not read. Your other emails keep arriving.'),
    ).toBeInTheDocument();
    expect(document.title).toBe('Unsubscribe from emails | Tasko');
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(unsubscribe).toHaveBeenCalledWith('d1.7.unreadMessage.signature');
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('You are unsubscribed. No more emails about unread messages.');
    expect(done).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Turn all emails on or off in your settings' })).toHaveAttribute('href', '/en/settings');
  });

  it('reads an unknown kind of email as an alert’s link: the token alone decides what stops', () => {
    renderAt('/en/unsubscribe?token=u1.7.signature&mail=newsletter');
    expect(screen.getByRole('heading', { level: 1, name: 'Unsubscribe from an alert' })).toBeInTheDocument();
  });

  it('says a deal email’s link without a token is incomplete, in the words of emails', () => {
    renderAt('/en/unsubscribe?mail=reviewToWrite');
    expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete: it does not say whose emails to stop.');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it.each([
    ['he', 'applicationReceived', 'הסרה', 'ההסרה בוצעה. לא יישלחו אליכם עוד אימיילים על מועמדויות ובקשות חדשות.'],
    ['ar', 'reviewsPublished', 'إلغاء الاشتراك', 'تم إلغاء اشتراكك. لن تصلك رسائل أخرى عن التقييمات الجديدة.'],
    ['ru', 'applicationDecided', 'Отписаться', 'Вы отписались. Писем об ответах на ваши отклики и заявки больше не будет.'],
  ] as const)('reads a deal email’s link in %s', async (language, mail, button, done) => {
    jest.spyOn(api, 'unsubscribe').mockResolvedValue({ unsubscribed: true });
    await inLanguage(language);
    renderAt(`/${language}/unsubscribe?token=t&mail=${mail}`);
    await userEvent.click(screen.getByRole('button', { name: button }));
    expect(await screen.findByRole('status')).toHaveTextContent(done);
  });

  it.each([
    ['he', 'הסרה', 'ההסרה בוצעה.'],
    ['ar', 'إلغاء الاشتراك', 'تم إلغاء اشتراكك.'],
    ['ru', 'Отписаться', 'Вы отписались.'],
  ] as const)('reads in %s', async (language, button, done) => {
    jest.spyOn(api, 'unsubscribe').mockResolvedValue({ unsubscribed: true });
    await inLanguage(language);
    renderAt(`/${language}/unsubscribe?token=t`);
    await userEvent.click(screen.getByRole('button', { name: button }));
    expect(await screen.findByRole('status')).toHaveTextContent(done);
  });
});
