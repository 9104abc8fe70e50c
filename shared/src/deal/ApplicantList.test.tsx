import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_SETTINGS, signIn, signOut, userEvents, type Application, type ListingApplication, type OfferType } from '@tasko/shared';
import { installMockApi } from '../../test/mockApi';
import { loadDealTexts, renderAt } from '../../test/renderWithProviders';
import { stubBrowserGaps } from '../../test/browserGaps';
import { ApplicantList } from './ApplicantList';

const server = installMockApi();

function applicant(id: number, changes: Partial<ListingApplication> = {}): ListingApplication {
  return {
    id,
    status: 'sent',
    message: `Message of ${id}`,
    createdAt: '2026-11-20T10:00:00.000Z',
    conversationId: 50 + id,
    applicant: { id: 20 + id, displayName: `Member ${id}.`, rating: { average: null, count: 0 } },
    ...changes,
  };
}

const dana = applicant(1, {
  message: 'שלום, אני זמינה מחר בבוקר.\nיש לי ניסיון של שלוש שנים.',
  phone: '0541234567',
  applicant: { id: 21, displayName: 'Dana K.', rating: { average: 4.63, count: 12 } },
});
const omar = applicant(2, { applicant: { id: 22, displayName: 'Omar S.', rating: { average: null, count: 0 } } });
const gone = applicant(3, { status: 'withdrawn', applicant: { id: 23, displayName: 'Lev P.', rating: { average: 5, count: 1 } } });

const moved = (id: number, status: Application['status']): Application => ({
  id,
  jobId: 7,
  status,
  createdAt: '2026-11-20T10:00:00.000Z',
  conversationId: 50 + id,
});

function renderList({
  offerType = 'job',
  language = 'en',
  onCountChange,
}: { offerType?: OfferType; language?: string; onCountChange?: (count: number) => void } = {}) {
  return renderAt(<ApplicantList jobId={7} offerType={offerType} onCountChange={onCountChange} />, `/${language}/my-posted-jobs`);
}

const rowOf = (name: string) => screen.getByRole('link', { name }).closest('li') as HTMLElement;

beforeAll(stubBrowserGaps);

beforeEach(async () => {
  signIn({ token: 'session', info: { email: 'owner@example.com', name: 'Noa Levi' }, settings: DEFAULT_SETTINGS });
  await loadDealTexts('en');
});
afterEach(() => act(() => signOut()));

describe('ApplicantList', () => {
  it("asks for the listing's applicants with the owner's session and shows each one as the owner needs them", async () => {
    server.answerWith({ status: 200, data: { applications: [dana, omar, gone], nextCursor: null } });
    const counted = jest.fn();
    renderList({ onCountChange: counted });
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');

    const name = await screen.findByRole('link', { name: 'Dana K.' });
    expect(server.sent[0]).toMatchObject({ method: 'GET', url: '/api/v1/jobs/7/applications' });
    expect(server.sent[0]?.headers.Authorization).toBe('Bearer session');
    expect(name).toHaveAttribute('href', '/en/user/21');
    expect(counted).toHaveBeenLastCalledWith(3);

    const row = rowOf('Dana K.');
    expect(within(row).getByRole('heading', { level: 3, name: 'Dana K.' })).toBeInTheDocument();
    // The stars read as a sentence; the short form is for the eye.
    expect(within(row).getByText('Rated 4.6 out of 5 from 12 reviews')).toBeInTheDocument();
    expect(within(row).getByText('4.6 ★ (12 reviews)')).toHaveAttribute('aria-hidden', 'true');
    // Their message as they wrote it, in its own direction, never as markup.
    const message = within(row).getByText(/אני זמינה מחר/);
    expect(message).toHaveAttribute('dir', 'auto');
    expect(message.textContent).toBe(dana.message);
    expect(within(row).getByRole('link', { name: '054-123-4567' })).toHaveAttribute('href', 'tel:+972541234567');
    expect(within(row).getByText('Awaiting reply')).toBeInTheDocument();
    expect(within(row).getByText('Applied on 20 November 2026')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Open the conversation with Dana K.' })).toHaveAttribute('href', '/en/messages/51');
    expect(
      within(row)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Offer the job', 'Decline']);
    expect(within(row).getByRole('button', { name: 'Offer the job: Dana K.' })).toBeInTheDocument();

    const second = rowOf('Omar S.');
    expect(within(second).getByText('No reviews yet')).toBeInTheDocument();
    expect(within(second).queryByRole('link', { name: /^\d/ })).toBeNull();
    expect(within(second).queryByText('Phone:')).toBeNull();

    // A withdrawn application is settled for the owner: no move left.
    const withdrawn = rowOf('Lev P.');
    expect(within(withdrawn).getByText('Withdrawn')).toBeInTheDocument();
    expect(within(withdrawn).queryByRole('button')).toBeNull();
  });

  it('offers the job at once, says until when the offer waits, and follows the applicant accepting it; the focus stays in the row', async () => {
    server.answerWith({ status: 200, data: { applications: [dana, omar], nextCursor: null } });
    const user = userEvent.setup();
    renderList();
    await screen.findByRole('link', { name: 'Dana K.' });

    server.answerWith({ status: 200, data: { application: { ...moved(1, 'offered'), offerExpiresAt: '2026-11-23T12:00:00.000Z' } } });
    await user.click(within(rowOf('Dana K.')).getByRole('button', { name: 'Offer the job: Dana K.' }));
    expect(await within(rowOf('Dana K.')).findByText('Job offered')).toBeInTheDocument();
    expect(server.sent[1]).toMatchObject({ method: 'PATCH', url: '/api/v1/applications/1', body: JSON.stringify({ status: 'offered' }) });
    expect(screen.getByRole('status')).toHaveTextContent('Dana K.: Job offered');
    // The lapse time in the reader's language and time zone (the day may be the 22nd or 24th far from Israel).
    expect(within(rowOf('Dana K.')).getByText(/^Offer open until 2[234] November at \d{2}:\d{2}\.$/)).toBeInTheDocument();
    // Offered, the owner's one move is to take the offer back, and the keyboard is on it.
    expect(
      within(rowOf('Dana K.'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Withdraw the offer']);
    expect(within(rowOf('Dana K.')).getByRole('button', { name: 'Withdraw the offer: Dana K.' })).toHaveFocus();

    // The applicant accepts, in their own tab: the stream says so.
    act(() => userEvents.emit('application', { application: moved(1, 'hired') }));
    const row = rowOf('Dana K.');
    expect(within(row).getByText('Hired')).toBeInTheDocument();
    expect(within(row).queryByText(/Offer open until/)).toBeNull();
    expect(
      within(row)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Mark as done', 'Cancel hire']);
    // The other applicant is untouched: several may be hired.
    expect(within(rowOf('Omar S.')).getByText('Awaiting reply')).toBeInTheDocument();
    within(row).getByRole('button', { name: 'Mark as done: Dana K.' }).focus();

    server.answerWith({ status: 200, data: { application: moved(1, 'done') } });
    await user.keyboard('{Enter}');
    expect(await within(rowOf('Dana K.')).findByText('Work done')).toBeInTheDocument();
    expect(within(rowOf('Dana K.')).queryByRole('button')).toBeNull();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Dana K.' })).toHaveFocus());
  });

  it('asks before declining: "Go back" sends nothing and returns to the button, confirming declines', async () => {
    server.answerWith({ status: 200, data: { applications: [dana], nextCursor: null } });
    const user = userEvent.setup();
    renderList();
    await screen.findByRole('link', { name: 'Dana K.' });

    await user.click(screen.getByRole('button', { name: 'Decline: Dana K.' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Decline this application?' });
    expect(dialog).toHaveAccessibleDescription(
      'Dana K. The applicant sees this in your conversation and cannot apply to this listing again.',
    );
    expect(within(dialog).getByRole('button', { name: 'Go back' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Decline: Dana K.' })).toHaveFocus();
    expect(server.sent).toHaveLength(1);

    server.answerWith({ status: 200, data: { application: moved(1, 'declined') } });
    await user.click(screen.getByRole('button', { name: 'Decline: Dana K.' }));
    dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(rowOf('Dana K.')).findByText('Declined')).toBeInTheDocument();
    expect(server.sent[1]).toMatchObject({ method: 'PATCH', url: '/api/v1/applications/1', body: JSON.stringify({ status: 'declined' }) });
    expect(within(rowOf('Dana K.')).queryByRole('button')).toBeNull();
  });

  it('asks before withdrawing an offer, in the words of taking it back, and declines the application once confirmed', async () => {
    server.answerWith({
      status: 200,
      data: { applications: [{ ...dana, status: 'offered', offerExpiresAt: '2026-11-23T12:00:00.000Z' }], nextCursor: null },
    });
    const user = userEvent.setup();
    renderList();
    const withdraw = await screen.findByRole('button', { name: 'Withdraw the offer: Dana K.' });
    await user.click(withdraw);
    let dialog = screen.getByRole('alertdialog', { name: 'Withdraw the job offer?' });
    expect(dialog).toHaveAccessibleDescription(
      'Dana K. The applicant sees this in your conversation, and the application is declined: they cannot apply to this listing again.',
    );
    // The safe choice first: a hurried Enter goes back.
    expect(within(dialog).getByRole('button', { name: 'Go back' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(withdraw).toHaveFocus();
    expect(server.sent).toHaveLength(1);

    server.answerWith({ status: 200, data: { application: moved(1, 'declined') } });
    await user.click(withdraw);
    dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw the offer' }));
    expect(await within(rowOf('Dana K.')).findByText('Declined')).toBeInTheDocument();
    expect(server.sent[1]).toMatchObject({ method: 'PATCH', url: '/api/v1/applications/1', body: JSON.stringify({ status: 'declined' }) });
    expect(within(rowOf('Dana K.')).queryByRole('button')).toBeNull();
  });

  it('shows an offer that lapsed back to awaiting a reply, through the stream', async () => {
    server.answerWith({
      status: 200,
      data: { applications: [{ ...dana, status: 'offered', offerExpiresAt: '2026-11-23T12:00:00.000Z' }], nextCursor: null },
    });
    renderList();
    expect(await screen.findByText('Job offered')).toBeInTheDocument();
    act(() => userEvents.emit('application', { application: moved(1, 'sent') }));
    expect(within(rowOf('Dana K.')).getByText('Awaiting reply')).toBeInTheDocument();
    expect(within(rowOf('Dana K.')).queryByText(/Offer open until/)).toBeNull();
    expect(
      within(rowOf('Dana K.'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Offer the job', 'Decline']);
  });

  it('asks before cancelling a hire', async () => {
    server.answerWith({ status: 200, data: { applications: [{ ...dana, status: 'hired' }], nextCursor: null } });
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Cancel hire: Dana K.' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel this hire?' });
    server.answerWith({ status: 200, data: { application: moved(1, 'cancelled') } });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel hire' }));
    expect(await within(rowOf('Dana K.')).findByText('Hire cancelled')).toBeInTheDocument();
  });

  it('shows a refused move in the row, in words, and leaves the status and the focus where they were', async () => {
    server.answerWith({ status: 200, data: { applications: [dana], nextCursor: null } });
    const user = userEvent.setup();
    renderList();
    await screen.findByRole('link', { name: 'Dana K.' });

    server.answerWith({ status: 409, data: { statusCode: 409, messageKey: 'badTransition' } });
    await user.click(screen.getByRole('button', { name: 'Offer the job: Dana K.' }));
    expect(await within(rowOf('Dana K.')).findByRole('alert')).toHaveTextContent(
      'Dana K.: This application can no longer be changed that way. Reload the page to see its current status.',
    );
    expect(within(rowOf('Dana K.')).getByText('Awaiting reply')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Offer the job: Dana K.' })).toHaveFocus());
  });

  it('says when no one has applied, in the words of a job and of a service', async () => {
    server.answerWith({ status: 200, data: { applications: [], nextCursor: null } });
    const counted = jest.fn();
    const { unmount } = renderList({ onCountChange: counted });
    expect(await screen.findByText('No one has applied yet.')).toBeInTheDocument();
    expect(counted).toHaveBeenLastCalledWith(0);
    unmount();

    renderList({ offerType: 'service' });
    expect(await screen.findByText('No requests yet.')).toBeInTheDocument();
  });

  it("names a service's moves as a provider accepts requests, and the customer's confirmation it waits for", async () => {
    server.answerWith({
      status: 200,
      data: { applications: [dana, { ...omar, status: 'offered', offerExpiresAt: '2026-11-23T12:00:00.000Z' }], nextCursor: null },
    });
    renderList({ offerType: 'service' });
    await screen.findByRole('link', { name: 'Dana K.' });
    const row = rowOf('Dana K.');
    expect(within(row).getByText('Requested on 20 November 2026')).toBeInTheDocument();
    expect(
      within(row)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Accept the request', 'Decline']);
    const accepted = rowOf('Omar S.');
    expect(within(accepted).getByText('Awaiting confirmation')).toBeInTheDocument();
    expect(within(accepted).getByText(/^Waiting for the customer to confirm until 2[234] November at \d{2}:\d{2}\.$/)).toBeInTheDocument();
    expect(
      within(accepted)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Withdraw acceptance']);
  });

  it('offers to try again after a failed load', async () => {
    server.answerWith('offline');
    const user = userEvent.setup();
    renderList();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the applicants. No connection to the server.');
    server.answerWith({ status: 200, data: { applications: [omar], nextCursor: null } });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Omar S.' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('hears moves made elsewhere (the applicant withdrawing) and new applicants through the event stream', async () => {
    server.answerWith({ status: 200, data: { applications: [dana], nextCursor: null } });
    renderList();
    await screen.findByRole('link', { name: 'Dana K.' });

    act(() => userEvents.emit('application', { application: moved(1, 'withdrawn') }));
    expect(within(rowOf('Dana K.')).getByText('Withdrawn')).toBeInTheDocument();
    expect(within(rowOf('Dana K.')).queryByRole('button')).toBeNull();
    // Another listing's news changes nothing here.
    act(() => userEvents.emit('application', { application: { ...moved(9, 'sent'), jobId: 8 } }));
    expect(server.sent).toHaveLength(1);

    server.answerWith({ status: 200, data: { applications: [omar, { ...dana, status: 'withdrawn' }], nextCursor: null } });
    act(() => userEvents.emit('application', { application: moved(2, 'sent') }));
    expect(await screen.findByRole('link', { name: 'Omar S.' })).toBeInTheDocument();
    expect(server.sent[1]).toMatchObject({ method: 'GET', url: '/api/v1/jobs/7/applications' });
  });

  it('shows a page at a time: "Show more" appends the next page, moves the keyboard to its first applicant, and goes with the last page', async () => {
    const user = userEvent.setup();
    const counted = jest.fn();
    server.answerWith('hold');
    renderList({ onCountChange: counted });
    (await server.held(1)).answer(200, { applications: [dana, omar], nextCursor: 'page-2' });
    await screen.findByRole('link', { name: 'Omar S.' });
    // Two shown, more to come: no count yet (the heading would say 2 of an unknown total).
    expect(counted).not.toHaveBeenCalled();

    const more = screen.getByRole('button', { name: 'Show more applicants' });
    await user.click(more);
    const second = await server.held(2);
    expect(second).toMatchObject({ method: 'GET', url: '/api/v1/jobs/7/applications?cursor=page-2' });
    // Pressed again while the page is on its way: nothing more is asked.
    expect(more).toHaveAttribute('aria-disabled', 'true');
    await user.click(more);
    // Dana moved up meanwhile and is on the next page too: she is shown once.
    second.answer(200, { applications: [gone, { ...dana, status: 'withdrawn' }], nextCursor: null });
    expect(await screen.findByRole('link', { name: 'Lev P.' })).toHaveFocus();
    expect(screen.getAllByRole('link', { name: 'Dana K.' })).toHaveLength(1);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Dana K.', 'Omar S.', 'Lev P.']);
    expect(screen.queryByRole('button', { name: 'Show more applicants' })).toBeNull();
    expect(server.sent).toHaveLength(2);
    expect(counted).toHaveBeenLastCalledWith(3);
  });

  it('says when the next page failed, and keeps the button for another try', async () => {
    const user = userEvent.setup();
    server.answerWith('hold');
    renderList({ offerType: 'service' });
    (await server.held(1)).answer(200, { applications: [dana], nextCursor: 'page-2' });
    await user.click(await screen.findByRole('button', { name: 'Show more requests' }));
    (await server.held(2)).answer(500, { statusCode: 500, messageKey: 'serverError' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load more. Please try again.');
    expect(screen.getByRole('button', { name: 'Show more requests' })).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('link', { name: 'Dana K.' })).toBeInTheDocument();
  });

  it('asks for the first page again for a new applicant, or after a resync, keeping the rows of later pages', async () => {
    const user = userEvent.setup();
    server.answerWith('hold');
    renderList();
    (await server.held(1)).answer(200, { applications: [dana], nextCursor: 'page-2' });
    await user.click(await screen.findByRole('button', { name: 'Show more applicants' }));
    (await server.held(2)).answer(200, { applications: [gone], nextCursor: 'page-3' });
    await screen.findByRole('link', { name: 'Lev P.' });

    act(() => userEvents.emit('application', { application: moved(2, 'sent') }));
    const first = await server.held(3);
    expect(first.url).toBe('/api/v1/jobs/7/applications');
    first.answer(200, { applications: [omar, dana], nextCursor: 'page-2' });
    expect(await screen.findByRole('link', { name: 'Omar S.' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Omar S.', 'Dana K.', 'Lev P.']);
    // The list still goes on after Lev: "Show more" asks for the page after the last row shown.
    await user.click(screen.getByRole('button', { name: 'Show more applicants' }));
    expect((await server.held(4)).url).toBe('/api/v1/jobs/7/applications?cursor=page-3');

    // The stream could not replay all it missed: the first page again, its news on top.
    act(() => userEvents.emit('resync', {}));
    const again = await server.held(5);
    expect(again.url).toBe('/api/v1/jobs/7/applications');
    again.answer(200, { applications: [{ ...dana, status: 'withdrawn' }, omar], nextCursor: 'page-2' });
    expect(await within(rowOf('Dana K.')).findByText('Withdrawn')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Dana K.', 'Omar S.', 'Lev P.']);
  });

  it.each([
    ['he', 'נשלחה הצעת עבודה', /^ההצעה בתוקף עד 2[234] בנובמבר בשעה \d{2}:\d{2}\.$/, 'ביטול ההצעה: Dana K.'],
    ['ar', 'تم إرسال عرض عمل', /^عرض العمل ساري المفعول حتى 2[234] نوفمبر في \d{2}:\d{2}\.$/, 'سحب العرض: Dana K.'],
    ['ru', 'Сделано предложение', /^Предложение действует до 2[234] ноября в \d{2}:\d{2}\.$/, 'Отозвать предложение: Dana K.'],
  ] as const)('in %s, says an offer, until when it waits, and taking it back', async (language, status, until, withdraw) => {
    await loadDealTexts(language);
    server.answerWith({
      status: 200,
      data: { applications: [{ ...dana, status: 'offered', offerExpiresAt: '2026-11-23T12:00:00.000Z' }], nextCursor: null },
    });
    renderList({ language });
    const row = (await screen.findByRole('link', { name: 'Dana K.' })).closest('li') as HTMLElement;
    expect(within(row).getByText(status)).toBeInTheDocument();
    expect(within(row).getByText(until)).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: withdraw })).toBeInTheDocument();
  });

  it.each([
    ['he', 'שליחת הצעת עבודה: Dana K.', 'ממתינה לתשובה', 'דירוג 4.6 מתוך 5, לפי 12 חוות דעת'],
    ['ar', 'إرسال عرض عمل: Dana K.', 'بانتظار الرد', 'متوسط التقييم 4.6 من 5 بناءً على 12 تقييمًا'],
    ['ru', 'Предложить задание: Dana K.', 'Ждёт ответа', 'Оценка 4,6 из 5 на основе 12 отзывов'],
  ] as const)('in %s, speaks the language and keeps its prefix in links', async (language, hire, status, rating) => {
    await loadDealTexts(language);
    server.answerWith({ status: 200, data: { applications: [dana], nextCursor: null } });
    renderList({ language });
    expect(await screen.findByRole('link', { name: 'Dana K.' })).toHaveAttribute('href', `/${language}/user/21`);
    const row = rowOf('Dana K.');
    expect(within(row).getByRole('button', { name: hire })).toBeInTheDocument();
    expect(within(row).getByText(status)).toBeInTheDocument();
    expect(within(row).getByText(rating)).toBeInTheDocument();
  });
});
