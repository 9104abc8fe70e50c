import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAtomValue } from 'jotai';
import { MemoryRouter, Navigate, useLocation } from '@tasko/shared/router';
import {
  api,
  authStore,
  DEFAULT_SETTINGS,
  isLoggedInAtom,
  ROUTER_FUTURE,
  searchFromParams,
  signIn,
  signOut,
  userAtom,
  type Alert,
  type ApiError,
  type LoginState,
  type OfferType,
  type UserSettings,
} from '@tasko/shared';
import { loadListingTexts } from '../../test/renderWithProviders';
import { SearchAlert } from './SearchAlert';

/** What the login page and the sign-in callback do once the visitor is signed in: on to `redirectTo`. */
function SignInStandIn() {
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const { redirectTo } = (useLocation().state ?? {}) as LoginState;
  return isLoggedIn && redirectTo ? <Navigate to={redirectTo} replace /> : null;
}

function Page({ offerType }: { offerType: OfferType }) {
  const location = useLocation();
  return (
    <>
      {location.pathname.endsWith('/login') ? (
        <SignInStandIn />
      ) : (
        <SearchAlert search={searchFromParams(new URLSearchParams(location.search))} offerType={offerType} />
      )}
      <span hidden data-testid="url" data-state={JSON.stringify(location.state ?? null)}>
        {location.pathname + location.search}
      </span>
    </>
  );
}

function renderAt(url: string, offerType: OfferType = 'job') {
  render(
    <MemoryRouter future={ROUTER_FUTURE} initialEntries={[url]}>
      <Page offerType={offerType} />
    </MemoryRouter>,
  );
}

const url = () => screen.getByTestId('url');
const saved = (frequency: Alert['frequency']): Alert => ({ id: 9, offerType: 'job', frequency, createdAt: '2026-11-23T10:00:00.000Z' });
const withEmail = (emailNotifications: boolean): UserSettings => ({
  ...DEFAULT_SETTINGS,
  language: 'en',
  emailNotifications,
  smsNotifications: false,
});

beforeEach(async () => {
  jest.restoreAllMocks();
  localStorage.clear();
  await loadListingTexts('en');
});
afterEach(() => act(() => signOut()));

describe('SearchAlert signed out', () => {
  it('leads to sign-in, and back to this very search afterwards with the form open', async () => {
    const create = jest.spyOn(api.alerts, 'create');
    renderAt('/en/tasks?q=dog&category=other&page=2');
    await userEvent.click(screen.getByRole('link', { name: 'Notify me about new listings like these' }));
    expect(url()).toHaveTextContent('/en/login');
    expect(JSON.parse(url().dataset.state ?? 'null')).toEqual({ redirectTo: '/en/tasks?q=dog&category=other&page=2&alert=new' });
    expect(create).not.toHaveBeenCalled();
  });

  it('comes back from sign-in to the same search with the form open and filled, and saves only when confirmed', async () => {
    const create = jest.spyOn(api.alerts, 'create').mockResolvedValue(saved('daily'));
    jest.spyOn(api, 'getSettings').mockResolvedValue(withEmail(true));
    renderAt('/en/tasks?q=dog%20walker&location=Haifa&category=petAndAnimalCare&page=2');
    await userEvent.click(screen.getByRole('link', { name: 'Notify me about new listings like these' }));
    act(() => signIn({ token: 'session', info: { email: 'noa@example.com', name: 'Noa' }, settings: withEmail(true) }));

    const toggle = screen.getByRole('button', { name: 'Notify me about new listings like these' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const instant = await screen.findByRole('radio', { name: 'As soon as they are posted' });
    expect(instant).toBeChecked();
    expect(instant).toHaveFocus();
    expect(url()).toHaveTextContent(/^\/en\/tasks\?q=dog%20walker&location=Haifa&category=petAndAnimalCare&page=2$/);
    expect(create).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('radio', { name: 'Once a day, at 8:00' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save alert' }));
    expect(create).toHaveBeenCalledTimes(1);
    expect(create).toHaveBeenCalledWith({
      offerType: 'job',
      q: 'dog walker',
      location: 'Haifa',
      category: 'petAndAnimalCare',
      frequency: 'daily',
    });
  });

  it('opens nothing for a visitor still signed out, and asks to sign in again with one way back', async () => {
    renderAt('/en/tasks?q=dog&alert=new');
    expect(screen.queryByRole('radio')).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Notify me about new listings like these' }));
    expect(JSON.parse(url().dataset.state ?? 'null')).toEqual({ redirectTo: '/en/tasks?q=dog&alert=new' });
  });
});

describe('SearchAlert signed in', () => {
  beforeEach(() => act(() => signIn({ token: 'session', info: { email: 'noa@example.com', name: 'Noa' }, settings: withEmail(true) })));

  it('saves exactly the filters the search sends, instantly by default, and says so with the focus on the answer', async () => {
    const create = jest.spyOn(api.alerts, 'create').mockResolvedValue(saved('instant'));
    jest.spyOn(api, 'getSettings').mockResolvedValue(withEmail(true));
    renderAt('/en/?q=dog%20walker&location=Haifa&category=petAndAnimalCare&sort=salary-low&page=3');
    const toggle = screen.getByRole('button', { name: 'Notify me about new listings like these' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const group = await screen.findByRole('group', { name: 'How often?' });
    expect(within(group).getByRole('radio', { name: 'As soon as they are posted' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Once a day, at 8:00' })).not.toBeChecked();
    expect(screen.getByText('We will email you when new jobs match this search.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save alert' }));
    expect(create).toHaveBeenCalledWith({
      offerType: 'job',
      q: 'dog walker',
      location: 'Haifa',
      category: 'petAndAnimalCare',
      frequency: 'instant',
    });
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('We’ll email you new jobs like these.');
    expect(status).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Turn on alert emails' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Manage your alerts' })).toHaveAttribute('href', '/en/settings');
  });

  it('saves a daily digest of services, and offers to turn alert emails on when they are off', async () => {
    const create = jest.spyOn(api.alerts, 'create').mockResolvedValue(saved('daily'));
    jest.spyOn(api, 'getSettings').mockResolvedValue(withEmail(false));
    const save = jest.spyOn(api, 'saveSettings').mockImplementation(async (settings) => settings);
    renderAt('/en/services', 'service');
    await userEvent.click(screen.getByRole('button', { name: 'Notify me about new listings like these' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'Once a day, at 8:00' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save alert' }));
    expect(create).toHaveBeenCalledWith({ offerType: 'service', frequency: 'daily' });
    expect(await screen.findByText('We’ll email you new services like these once a day at 8:00.')).toBeInTheDocument();
    expect(
      await screen.findByText('Alert emails are turned off in your settings, so none will arrive until you turn them on.'),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Turn on alert emails' }));
    expect(save).toHaveBeenCalledWith({ ...DEFAULT_SETTINGS, language: 'en', emailNotifications: true, smsNotifications: false });
    expect(await screen.findByText('Alert emails are on.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn on alert emails' })).toBeNull();
    expect(authStore.get(userAtom)?.settings.emailNotifications).toBe(true);
  });

  it.each([
    ['alertDuplicate', 'You already have an alert for this search.'],
    ['tooManyAlerts', 'You have reached the limit of saved alerts. Delete one in your settings to add another.'],
    ['networkError', 'No connection to the server. Check your internet connection and try again.'],
  ] as const)('shows %s as a translated message and keeps the form', async (messageKey, text) => {
    const refusal: ApiError = { statusCode: messageKey === 'networkError' ? 0 : 409, messageKey };
    jest.spyOn(api.alerts, 'create').mockRejectedValue(refusal);
    renderAt('/en/tasks?q=sofa');
    await userEvent.click(screen.getByRole('button', { name: 'Notify me about new listings like these' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save alert' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: 'Save alert' })).toBeEnabled();
    expect(screen.queryAllByRole('link', { name: 'Manage your alerts' })).toHaveLength(messageKey === 'tooManyAlerts' ? 1 : 0);
  });

  it('closes with Cancel and gives the focus back to the toggle', async () => {
    renderAt('/en/');
    const toggle = screen.getByRole('button', { name: 'Notify me about new listings like these' });
    await userEvent.click(toggle);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    expect(screen.queryByRole('group', { name: 'How often?' })).toBeNull();
  });

  it('closes on Escape from inside the form, and gives the focus back to the toggle', async () => {
    renderAt('/en/');
    const toggle = screen.getByRole('button', { name: 'Notify me about new listings like these' });
    await userEvent.click(toggle);
    await userEvent.click(await screen.findByRole('radio', { name: 'Once a day, at 8:00' }));
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    expect(screen.queryByRole('group', { name: 'How often?' })).toBeNull();

    await userEvent.click(toggle);
    expect(await screen.findByRole('group', { name: 'How often?' })).toBeInTheDocument();
    // Opened with its button, the keyboard stays on it: only the way back from sign-in moves it into the form.
    expect(toggle).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('reads in Hebrew', async () => {
    jest.spyOn(api.alerts, 'create').mockResolvedValue(saved('daily'));
    jest.spyOn(api, 'getSettings').mockResolvedValue(withEmail(true));
    await loadListingTexts('he');
    renderAt('/he/');
    await userEvent.click(screen.getByRole('button', { name: 'עדכנו אותי על מודעות חדשות כאלה' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'פעם ביום, ב־8:00' }));
    await userEvent.click(screen.getByRole('button', { name: 'שמירת ההתראה' }));
    expect(await screen.findByRole('status')).toHaveTextContent('נעדכן אתכם באימייל על עבודות חדשות כאלה פעם ביום, ב־8:00.');
  });

  it('reads in Arabic and Russian', async () => {
    await loadListingTexts('ar');
    const { unmount } = render(
      <MemoryRouter future={ROUTER_FUTURE} initialEntries={['/ar/services']}>
        <Page offerType="service" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'أعلمني بالإعلانات الجديدة المشابهة' })).toBeInTheDocument();
    unmount();
    await loadListingTexts('ru');
    renderAt('/ru/services', 'service');
    expect(screen.getByRole('button', { name: 'Сообщать мне о новых похожих объявлениях' })).toBeInTheDocument();
  });
});
