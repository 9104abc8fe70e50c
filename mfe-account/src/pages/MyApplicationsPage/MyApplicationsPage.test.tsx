import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_SETTINGS, signIn, signOut, userEvents, type Application, type Language, type MyApplication } from '@tasko/shared';
import { installMockApi } from '../../../../shared/test/mockApi';
import { loadDealTexts, renderAt } from '../../../../shared/test/renderWithProviders';
import { stubBrowserGaps } from '../../../../shared/test/browserGaps';
import { ACCOUNT_NS } from '../../accountNamespace';
import en from '../../locales/en/account.json';
import he from '../../locales/he/account.json';
import ar from '../../locales/ar/account.json';
import ru from '../../locales/ru/account.json';
import MyApplicationsPage from './MyApplicationsPage';

const ACCOUNT = { en, he, ar, ru };
const server = installMockApi();

function mine(id: number, changes: Partial<MyApplication> = {}, job: Partial<MyApplication['job']> = {}): MyApplication {
  return {
    id,
    status: 'sent',
    createdAt: '2026-11-20T10:00:00.000Z',
    conversationId: 30 + id,
    ...changes,
    job: { id: 100 + id, title: `Listing ${id}`, offerType: 'job', status: 'active', ...job },
  };
}

const moved = (id: number, status: Application['status']): Application => ({ id, jobId: 100 + id, status, createdAt: '2026-11-20T10:00:00.000Z', conversationId: 30 + id });

const walker = mine(1, {}, { title: 'Dog walker mornings' });
const plumber = mine(2, { status: 'hired' }, { title: 'תיקון ברז', offerType: 'service' });
const declined = mine(3, { status: 'declined' }, { title: 'Moving help', status: 'close' });
const gone = mine(4, { status: 'done' }, { title: 'Garden cleanup', status: 'deleted' });

async function inLanguage(language: Language) {
  await loadDealTexts(language, { [ACCOUNT_NS]: ACCOUNT[language] });
}

const renderPage = (language: Language = 'en') => renderAt(<MyApplicationsPage />, `/${language}/my-applications`);
const rowOf = (title: string) => screen.getByRole('heading', { level: 2, name: title }).closest('li') as HTMLElement;

beforeAll(stubBrowserGaps);

beforeEach(async () => {
  signIn({ token: 'session', info: { email: 'dana@example.com', name: 'Dana Katz' }, settings: DEFAULT_SETTINGS });
  await inLanguage('en');
});
afterEach(() => act(() => signOut()));

describe('MyApplicationsPage', () => {
  it('lists my applications and requests: the listing, its kind, where each stands, when, and the conversation', async () => {
    server.answerWith({ status: 200, data: { applications: [walker, plumber, declined, gone] } });
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByRole('heading', { level: 1, name: 'My applications' })).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Dog walker mornings' });
    expect(server.sent[0]).toMatchObject({ method: 'GET', url: '/api/v1/me/applications' });
    expect(server.sent[0]?.headers.Authorization).toBe('Bearer session');

    const first = rowOf('Dog walker mornings');
    expect(within(first).getByRole('link', { name: 'Dog walker mornings' })).toHaveAttribute('href', '/en/job/101');
    expect(within(first).getByText('Job')).toBeInTheDocument();
    expect(within(first).getByText('Awaiting reply')).toBeInTheDocument();
    expect(within(first).getByText('Sent on 20 November 2026')).toHaveAttribute('datetime', walker.createdAt);
    expect(within(first).getByRole('link', { name: 'Open the conversation about Dog walker mornings' })).toHaveAttribute('href', '/en/messages/31');
    expect(within(first).getByRole('button', { name: 'Withdraw application: Dog walker mornings' })).toBeInTheDocument();

    // A request for a service, in its words; a title in Hebrew keeps its own direction.
    const second = rowOf('תיקון ברז');
    expect(within(second).getByText('Service')).toBeInTheDocument();
    expect(within(second).getByText('Accepted')).toBeInTheDocument();
    expect(within(second).getByText('תיקון ברז')).toHaveAttribute('dir', 'auto');
    expect(within(second).getByRole('button', { name: 'Withdraw request: תיקון ברז' })).toBeInTheDocument();

    // Settled for me: nothing to do but read the conversation.
    const third = rowOf('Moving help');
    expect(within(third).getByText('Declined')).toBeInTheDocument();
    expect(within(third).getByText('The listing is closed.')).toBeInTheDocument();
    expect(within(third).queryByRole('button')).toBeNull();

    // A deleted listing has no page: its title is no link.
    const fourth = rowOf('Garden cleanup');
    expect(within(fourth).queryByRole('link', { name: 'Garden cleanup' })).toBeNull();
    expect(within(fourth).getByText('The listing was deleted.')).toBeInTheDocument();
    expect(within(fourth).getByText('Work done')).toBeInTheDocument();
  });

  it('asks before withdrawing: "Go back" sends nothing; confirmed, the row says "Withdrawn" and the focus stays in it', async () => {
    server.answerWith({ status: 200, data: { applications: [walker] } });
    const user = userEvent.setup();
    renderPage();
    const withdraw = await screen.findByRole('button', { name: 'Withdraw application: Dog walker mornings' });

    await user.click(withdraw);
    const dialog = screen.getByRole('alertdialog', { name: 'Withdraw your application?' });
    expect(dialog).toHaveAccessibleDescription('Dog walker mornings The poster sees this in your conversation, and you cannot apply to this listing again.');
    expect(within(dialog).getByRole('button', { name: 'Go back' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(withdraw).toHaveFocus();
    expect(server.sent).toHaveLength(1);

    server.answerWith({ status: 200, data: { application: moved(1, 'withdrawn') } });
    await user.click(withdraw);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Withdraw application' }));
    expect(await within(rowOf('Dog walker mornings')).findByText('Withdrawn')).toBeInTheDocument();
    expect(server.sent[1]).toMatchObject({ method: 'PATCH', url: '/api/v1/applications/1', body: JSON.stringify({ status: 'withdrawn' }) });
    expect(screen.getByRole('status')).toHaveTextContent('Dog walker mornings: Withdrawn');
    expect(within(rowOf('Dog walker mornings')).queryByRole('button')).toBeNull();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Dog walker mornings' })).toHaveFocus());
  });

  it('shows a refused withdrawal in the row, in words, and keeps the button and the focus', async () => {
    server.answerWith({ status: 200, data: { applications: [walker] } });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Withdraw application: Dog walker mornings' }));
    server.answerWith({ status: 409, data: { statusCode: 409, messageKey: 'badTransition' } });
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Withdraw application' }));
    expect(await within(rowOf('Dog walker mornings')).findByRole('alert')).toHaveTextContent(
      'Dog walker mornings: This application can no longer be changed that way. Reload the page to see its current status.',
    );
    expect(within(rowOf('Dog walker mornings')).getByText('Awaiting reply')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Withdraw application: Dog walker mornings' })).toHaveFocus());
  });

  it('hears the poster’s moves through the event stream', async () => {
    server.answerWith({ status: 200, data: { applications: [walker] } });
    renderPage();
    await screen.findByRole('link', { name: 'Dog walker mornings' });
    act(() => userEvents.emit('application', { application: moved(1, 'hired') }));
    expect(within(rowOf('Dog walker mornings')).getByText('Hired')).toBeInTheDocument();
    act(() => userEvents.emit('application', { application: moved(1, 'done') }));
    expect(within(rowOf('Dog walker mornings')).getByText('Work done')).toBeInTheDocument();
    expect(within(rowOf('Dog walker mornings')).queryByRole('button')).toBeNull();
  });

  it('says when there is nothing yet, with the way to the jobs', async () => {
    server.answerWith({ status: 200, data: { applications: [] } });
    renderPage();
    expect(await screen.findByText('You have not applied to anything yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse jobs' })).toHaveAttribute('href', '/en/tasks');
  });

  it('offers to try again after a failure', async () => {
    server.answerWith('offline');
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your applications. Please try again.');
    server.answerWith({ status: 200, data: { applications: [walker] } });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Dog walker mornings' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    ['he', 'הפניות שלי', 'ממתינה לתשובה', 'משיכת המועמדות: Dog walker mornings', 'לחיפוש עבודות'],
    ['ar', 'طلباتي', 'بانتظار الرد', 'سحب الطلب: Dog walker mornings', 'تصفّح المهام'],
    ['ru', 'Мои отклики', 'Ждёт ответа', 'Отозвать отклик: Dog walker mornings', 'Найти задания'],
  ] as const)('in %s, speaks the language and keeps its prefix in links', async (language, title, status, withdraw, browse) => {
    await inLanguage(language);
    server.answerWith({ status: 200, data: { applications: [walker] } });
    const { unmount } = renderPage(language);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Dog walker mornings' })).toHaveAttribute('href', `/${language}/job/101`);
    expect(within(rowOf('Dog walker mornings')).getByText(status)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: withdraw })).toBeInTheDocument();
    unmount();

    server.answerWith({ status: 200, data: { applications: [] } });
    renderPage(language);
    expect(await screen.findByRole('link', { name: browse })).toHaveAttribute('href', `/${language}/tasks`);
  });
});
