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

const moved = (id: number, status: Application['status']): Application => ({
  id,
  jobId: 100 + id,
  status,
  createdAt: '2026-11-20T10:00:00.000Z',
  conversationId: 30 + id,
});

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
    server.answerWith({ status: 200, data: { applications: [walker, plumber, declined, gone], nextCursor: null } });
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
    expect(within(first).getByRole('link', { name: 'Open the conversation about Dog walker mornings' })).toHaveAttribute(
      'href',
      '/en/messages/31',
    );
    expect(within(first).getByRole('button', { name: 'Withdraw application: Dog walker mornings' })).toBeInTheDocument();

    // A request for a service, in its words; a title in Hebrew keeps its own direction.
    const second = rowOf('תיקון ברז');
    expect(within(second).getByText('Service')).toBeInTheDocument();
    expect(within(second).getByText('Confirmed')).toBeInTheDocument();
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
    server.answerWith({ status: 200, data: { applications: [walker], nextCursor: null } });
    const user = userEvent.setup();
    renderPage();
    const withdraw = await screen.findByRole('button', { name: 'Withdraw application: Dog walker mornings' });

    await user.click(withdraw);
    const dialog = screen.getByRole('alertdialog', { name: 'Withdraw your application?' });
    expect(dialog).toHaveAccessibleDescription(
      'Dog walker mornings The poster sees this in your conversation, and you cannot apply to this listing again.',
    );
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
    server.answerWith({ status: 200, data: { applications: [walker], nextCursor: null } });
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

  it('accepts an offer at once, in the words of its listing, saying by when to answer until then', async () => {
    const offered = mine(5, { status: 'offered', offerExpiresAt: '2026-11-23T12:00:00.000Z' }, { title: 'Paint a fence' });
    const request = mine(
      6,
      { status: 'offered', offerExpiresAt: '2026-11-23T12:00:00.000Z' },
      { title: 'Piano lessons', offerType: 'service' },
    );
    server.answerWith({ status: 200, data: { applications: [offered, request], nextCursor: null } });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('link', { name: 'Paint a fence' });
    const row = rowOf('Paint a fence');
    expect(within(row).getByText('Job offered')).toBeInTheDocument();
    expect(within(row).getByText(/^Please answer by 2[234] November at \d{2}:\d{2}: after that the offer lapses\.$/)).toBeInTheDocument();
    expect(
      within(row)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Accept the job', 'Decline the offer']);
    // A service's provider accepted the request: the customer confirms the deal.
    const service = rowOf('Piano lessons');
    expect(within(service).getByText('Awaiting confirmation')).toBeInTheDocument();
    expect(
      within(service).getByText(/^Please confirm by 2[234] November at \d{2}:\d{2}: after that the provider’s acceptance lapses\.$/),
    ).toBeInTheDocument();
    expect(
      within(service)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Confirm the deal', 'Decline the deal']);

    server.answerWith({ status: 200, data: { application: moved(5, 'hired') } });
    await user.click(within(row).getByRole('button', { name: 'Accept the job: Paint a fence' }));
    // Accepting is not asked: it is what the offer is for.
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await within(rowOf('Paint a fence')).findByText('Hired')).toBeInTheDocument();
    expect(server.sent[1]).toMatchObject({ method: 'PATCH', url: '/api/v1/applications/5', body: JSON.stringify({ status: 'hired' }) });
    expect(screen.getByRole('status')).toHaveTextContent('Paint a fence: Hired');
    expect(within(rowOf('Paint a fence')).queryByText(/Please answer by/)).toBeNull();
    // Hired, the one move left is withdrawing; the keyboard goes to the title, not to it.
    expect(
      within(rowOf('Paint a fence'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Withdraw application']);
    await waitFor(() => expect(screen.getByRole('link', { name: 'Paint a fence' })).toHaveFocus());
  });

  it('asks before declining an offer, the safe choice first; confirmed, the offer is declined for good', async () => {
    const offered = mine(5, { status: 'offered', offerExpiresAt: '2026-11-23T12:00:00.000Z' }, { title: 'Paint a fence' });
    server.answerWith({ status: 200, data: { applications: [offered], nextCursor: null } });
    const user = userEvent.setup();
    renderPage();
    const decline = await screen.findByRole('button', { name: 'Decline the offer: Paint a fence' });
    await user.click(decline);
    const dialog = screen.getByRole('alertdialog', { name: 'Decline the job offer?' });
    expect(dialog).toHaveAccessibleDescription(
      'Paint a fence The poster sees this in your conversation, and you cannot apply to this listing again.',
    );
    expect(within(dialog).getByRole('button', { name: 'Go back' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(decline).toHaveFocus();
    expect(server.sent).toHaveLength(1);

    server.answerWith({ status: 200, data: { application: moved(5, 'offerDeclined') } });
    await user.click(decline);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Decline the offer' }));
    expect(await within(rowOf('Paint a fence')).findByText('Offer declined')).toBeInTheDocument();
    expect(server.sent[1]).toMatchObject({
      method: 'PATCH',
      url: '/api/v1/applications/5',
      body: JSON.stringify({ status: 'offerDeclined' }),
    });
    expect(within(rowOf('Paint a fence')).queryByRole('button')).toBeNull();
  });

  it('shows a page at a time: "Show more" appends the next, the keyboard on its first row, and goes with the last page', async () => {
    const user = userEvent.setup();
    server.answerWith('hold');
    renderPage();
    (await server.held(1)).answer(200, { applications: [walker, plumber], nextCursor: 'page-2' });
    await screen.findByRole('link', { name: 'Dog walker mornings' });
    await user.click(screen.getByRole('button', { name: 'Show more applications' }));
    const next = await server.held(2);
    expect(next.url).toBe('/api/v1/me/applications?cursor=page-2');
    next.answer(200, { applications: [declined, gone], nextCursor: null });
    expect(await screen.findByRole('link', { name: 'Moving help' })).toHaveFocus();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Dog walker mornings',
      'תיקון ברז',
      'Moving help',
      'Garden cleanup',
    ]);
    expect(screen.queryByRole('button', { name: 'Show more applications' })).toBeNull();
  });

  it('asks for the first page again for an application it does not show, and after a resync, keeping what is shown', async () => {
    server.answerWith('hold');
    renderPage();
    (await server.held(1)).answer(200, { applications: [walker], nextCursor: null });
    await screen.findByRole('link', { name: 'Dog walker mornings' });

    act(() => userEvents.emit('application', { application: moved(9, 'sent') }));
    const first = await server.held(2);
    expect(first.url).toBe('/api/v1/me/applications');
    first.answer(200, { applications: [mine(9, {}, { title: 'Sent from my phone' }), walker], nextCursor: null });
    expect(await screen.findByRole('link', { name: 'Sent from my phone' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Sent from my phone', 'Dog walker mornings']);

    act(() => userEvents.emit('resync', {}));
    const again = await server.held(3);
    expect(again.url).toBe('/api/v1/me/applications');
    again.answer(200, {
      applications: [{ ...walker, status: 'offered', offerExpiresAt: '2026-11-23T12:00:00.000Z' }],
      nextCursor: 'page-2',
    });
    expect(await within(rowOf('Dog walker mornings')).findByText('Job offered')).toBeInTheDocument();
    // Not lost: the row the new first page no longer holds stays below it.
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Dog walker mornings', 'Sent from my phone']);
  });

  it('hears the poster’s moves through the event stream', async () => {
    server.answerWith({ status: 200, data: { applications: [walker], nextCursor: null } });
    renderPage();
    await screen.findByRole('link', { name: 'Dog walker mornings' });
    act(() => userEvents.emit('application', { application: { ...moved(1, 'offered'), offerExpiresAt: '2026-11-23T12:00:00.000Z' } }));
    expect(within(rowOf('Dog walker mornings')).getByText('Job offered')).toBeInTheDocument();
    expect(within(rowOf('Dog walker mornings')).getByText(/^Please answer by/)).toBeInTheDocument();
    act(() => userEvents.emit('application', { application: moved(1, 'hired') }));
    expect(within(rowOf('Dog walker mornings')).getByText('Hired')).toBeInTheDocument();
    expect(within(rowOf('Dog walker mornings')).queryByText(/^Please answer by/)).toBeNull();
    act(() => userEvents.emit('application', { application: moved(1, 'done') }));
    expect(within(rowOf('Dog walker mornings')).getByText('Work done')).toBeInTheDocument();
    expect(within(rowOf('Dog walker mornings')).queryByRole('button')).toBeNull();
  });

  it('says when there is nothing yet, with the way to the jobs', async () => {
    server.answerWith({ status: 200, data: { applications: [], nextCursor: null } });
    renderPage();
    expect(await screen.findByText('You have not applied to anything yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse jobs' })).toHaveAttribute('href', '/en/tasks');
  });

  it('offers to try again after a failure', async () => {
    server.answerWith('offline');
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your applications. Please try again.');
    server.answerWith({ status: 200, data: { applications: [walker], nextCursor: null } });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Dog walker mornings' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    [
      'he',
      'קבלת ההצעה: Paint a fence',
      'דחיית ההצעה: Paint a fence',
      /^יש להשיב עד 2[234] בנובמבר בשעה \d{2}:\d{2}\. אחרי זה ההצעה תפקע\.$/,
      'לדחות את הצעת העבודה?',
    ],
    [
      'ar',
      'قبول العرض: Paint a fence',
      'رفض العرض: Paint a fence',
      /^يرجى الرد قبل 2[234] نوفمبر في \d{2}:\d{2}، وبعد ذلك تنتهي صلاحية العرض\.$/,
      'هل تريد رفض عرض العمل؟',
    ],
    [
      'ru',
      'Принять предложение: Paint a fence',
      'Отклонить предложение: Paint a fence',
      /^Ответьте до 2[234] ноября в \d{2}:\d{2}: после этого предложение перестанет действовать\.$/,
      'Отклонить предложение?',
    ],
  ] as const)(
    'in %s, words an offer, its answers and the question before declining it',
    async (language, accept, decline, answerBy, question) => {
      await inLanguage(language);
      server.answerWith({
        status: 200,
        data: {
          applications: [mine(5, { status: 'offered', offerExpiresAt: '2026-11-23T12:00:00.000Z' }, { title: 'Paint a fence' })],
          nextCursor: null,
        },
      });
      const user = userEvent.setup();
      renderPage(language);
      expect(await screen.findByRole('button', { name: accept })).toBeInTheDocument();
      expect(screen.getByText(answerBy)).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: decline }));
      expect(screen.getByRole('alertdialog', { name: question })).toBeInTheDocument();
    },
  );

  it.each([
    ['he', 'הפניות שלי', 'ממתינה לתשובה', 'משיכת המועמדות: Dog walker mornings', 'לחיפוש עבודות'],
    ['ar', 'طلباتي', 'بانتظار الرد', 'سحب الطلب: Dog walker mornings', 'تصفّح المهام'],
    ['ru', 'Мои отклики', 'Ждёт ответа', 'Отозвать отклик: Dog walker mornings', 'Найти задания'],
  ] as const)('in %s, speaks the language and keeps its prefix in links', async (language, title, status, withdraw, browse) => {
    await inLanguage(language);
    server.answerWith({ status: 200, data: { applications: [walker], nextCursor: null } });
    const { unmount } = renderPage(language);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Dog walker mornings' })).toHaveAttribute('href', `/${language}/job/101`);
    expect(within(rowOf('Dog walker mornings')).getByText(status)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: withdraw })).toBeInTheDocument();
    unmount();

    server.answerWith({ status: 200, data: { applications: [], nextCursor: null } });
    renderPage(language);
    expect(await screen.findByRole('link', { name: browse })).toHaveAttribute('href', `/${language}/tasks`);
  });
});
