import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore, DEAL_LIMITS, DEFAULT_SETTINGS, signIn, signOut, userAtom, type Language, type Listing } from '@tasko/shared';
import { installMockApi } from '../../../../shared/test/mockApi';
import { aListing, currentState, currentUrl, loadTexts, renderPage } from '../../testing/renderPage';
import ApplyForm from './ApplyForm';
import { ApplySection } from './ApplySection';

const server = installMockApi();
const sofa = aListing({ job_id: 7, jobTitle: 'Sofa' });
const lessons = aListing({ job_id: 8, jobTitle: 'Math lessons', offerType: 'service' });
const applied = { application: { id: 31, jobId: 7, status: 'sent', createdAt: '2026-11-21T10:00:00.000Z', conversationId: 55 } };

function renderForm(listing: Listing = sofa, language: Language = 'en') {
  return renderPage(<ApplyForm listing={listing} />, `/${language}/job/${listing.job_id}`);
}

const messageBox = () => screen.getByRole('textbox', { name: 'Your message to the poster' });
const bodyOf = (index: number) => JSON.parse(String(server.sent[index]?.body)) as Record<string, unknown>;

function signInAs(info: { ageConfirmed?: boolean } = {}) {
  act(() =>
    signIn({
      token: 'session',
      info: { id: 9, email: 'rina@example.com', name: 'Rina Levi', ageConfirmed: true, ...info },
      settings: DEFAULT_SETTINGS,
    }),
  );
}

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  await loadTexts('en');
});
afterEach(() => act(() => signOut()));

describe('ApplySection', () => {
  it('sends a signed-out visitor to sign in and back to this listing, without loading the form', async () => {
    renderPage(<ApplySection listing={sofa} />, '/en/job/7?from=list');
    expect(screen.getByRole('heading', { name: 'Apply on Tasko' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Log in to apply' }));
    expect(currentUrl().pathname).toBe('/en/login');
    expect(currentState()).toEqual({ redirectTo: '/en/job/7?from=list' });
  });

  it('asks a signed-out visitor to sign in to request a service, and says when the site is the only way to reach the poster', () => {
    renderPage(<ApplySection listing={aListing({ ...lessons, contact_methods: [] })} />, '/en/job/8');
    expect(screen.getByRole('heading', { name: 'Request this service' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in to request this service' })).toBeInTheDocument();
    expect(screen.getByText(/This provider can be reached only through Tasko\./)).toBeInTheDocument();
  });

  it('loads the form for a signed-in visitor', async () => {
    signInAs();
    renderPage(<ApplySection listing={sofa} />, '/en/job/7');
    expect(await screen.findByRole('textbox', { name: 'Your message to the poster' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log in to apply' })).toBeNull();
    expect(screen.queryByText(/only through Tasko/)).toBeNull();
  });
});

describe('ApplyForm', () => {
  beforeEach(() => signInAs());

  it('sends the message, then leads to the conversation it opened and to my applications', async () => {
    server.answerWith({ status: 201, data: applied });
    renderForm();
    await userEvent.type(messageBox(), '  I can come on Sunday.  ');
    await userEvent.click(screen.getByRole('button', { name: 'Send application' }));

    const outcome = await screen.findByRole('status');
    expect(outcome).toHaveTextContent('Your application is sent. The poster will reply in your conversation on Tasko.');
    expect(outcome).toHaveFocus();
    expect(within(outcome).getByRole('link', { name: 'Open the conversation' })).toHaveAttribute('href', '/en/messages/55');
    expect(within(outcome).getByRole('link', { name: 'My applications' })).toHaveAttribute('href', '/en/my-applications');
    expect(server.sent).toHaveLength(1);
    expect([server.sent[0]?.method, server.sent[0]?.url]).toEqual(['POST', '/api/v1/jobs/7/applications']);
    // No phone unless the applicant chose to share it.
    expect(bodyOf(0)).toEqual({ message: 'I can come on Sunday.' });
  });

  it.each([
    ['en', 'Request this service', 'Your message to the provider', 'Send request', 'Your request is sent.'],
    ['he', 'שליחת בקשה לנותן השירות', 'ההודעה שלכם לנותן השירות', 'שליחת הבקשה', 'הבקשה נשלחה.'],
    ['ar', 'طلب الخدمة', 'رسالتك إلى مقدّم الخدمة', 'إرسال طلب الخدمة', 'أُرسل طلبك.'],
    ['ru', 'Оставить заявку на услугу', 'Ваше сообщение автору объявления', 'Отправить заявку', 'Заявка отправлена.'],
  ] as const)('in %s, a service is requested from its provider, not applied to', async (language, heading, label, send, sent) => {
    await loadTexts(language);
    server.answerWith({ status: 201, data: applied });
    renderPage(<ApplySection listing={lessons} />, `/${language}/job/8`);
    expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
    await userEvent.type(await screen.findByRole('textbox', { name: label }), 'Tuesday evenings?');
    await userEvent.click(screen.getByRole('button', { name: send }));
    expect(await screen.findByRole('status')).toHaveTextContent(sent);
    expect(screen.getAllByRole('link')[0]).toHaveAttribute('href', `/${language}/messages/55`);
    expect(server.sent[0]?.url).toBe('/api/v1/jobs/8/applications');
  });

  it('asks for a message before sending anything, with the keyboard on the box', async () => {
    renderForm();
    await userEvent.type(messageBox(), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Send application' }));
    expect(messageBox()).toHaveFocus();
    expect(messageBox()).toHaveAttribute('aria-invalid', 'true');
    expect(messageBox()).toHaveAccessibleDescription(expect.stringContaining('Write a message.'));
    expect(server.sent).toHaveLength(0);
  });

  it.each([
    [409, 'alreadyApplied', 'You have already applied to this listing.'],
    [403, 'ownListing', 'You cannot respond to your own listing.'],
    [404, 'jobNotFound', 'Job not found.'],
    [429, 'rateLimited', 'Too many attempts. Please wait a minute and try again.'],
  ] as const)('says %i %s in the reader’s words, and keeps what was typed', async (statusCode, messageKey, text) => {
    server.answerWith({ status: statusCode, data: { statusCode, messageKey } });
    renderForm();
    await userEvent.type(messageBox(), 'Hello, I can help.');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Share my phone number with the poster' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Your phone number' }), '054-123-4567');
    await userEvent.click(screen.getByRole('button', { name: 'Send application' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(text);
    expect(messageBox()).toHaveValue('Hello, I can help.');
    expect(screen.getByRole('textbox', { name: 'Your phone number' })).toHaveValue('054-123-4567');
    // Already applied: the way to the application sent before.
    if (messageKey === 'alreadyApplied')
      expect(within(alert).getByRole('link', { name: 'My applications' })).toHaveAttribute('href', '/en/my-applications');
    else expect(within(alert).queryByRole('link')).toBeNull();
  });

  it.each([
    [
      'en',
      sofa,
      'Your message to the poster',
      'Send application',
      'You cannot apply to this listing: one of you has blocked the other on Tasko.',
    ],
    [
      'en',
      lessons,
      'Your message to the provider',
      'Send request',
      'You cannot request this service: one of you has blocked the other on Tasko.',
    ],
    ['he', sofa, 'ההודעה שלכם למפרסם', 'הגשת המועמדות', 'אי אפשר להגיש מועמדות למודעה הזאת: אחד מכם חסם את השני ב-Tasko.'],
    ['ar', lessons, 'رسالتك إلى مقدّم الخدمة', 'إرسال طلب الخدمة', 'لا يمكنك طلب هذه الخدمة: أحدكما حظر الآخر على Tasko.'],
    [
      'ru',
      sofa,
      'Ваше сообщение автору объявления',
      'Отправить отклик',
      'Откликнуться на это объявление нельзя: один из вас заблокировал другого на Tasko.',
    ],
  ] as const)(
    'in %s, says a block between the two (403 blocked) in the words of applying, not of a conversation',
    async (language, listing, label, send, text) => {
      await loadTexts(language);
      server.answerWith({ status: 403, data: { statusCode: 403, messageKey: 'blocked' } });
      renderForm(listing, language);
      await userEvent.type(screen.getByRole('textbox', { name: label }), 'Hello');
      await userEvent.click(screen.getByRole('button', { name: send }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(text);
      expect(alert).not.toHaveTextContent(/conversation|שיחה|محادثة|переписк/);
      expect(screen.getByRole('textbox', { name: label })).toHaveValue('Hello');
    },
  );

  it('shows the server’s word on the message beside the box, in Hebrew too', async () => {
    await loadTexts('he');
    server.answerWith({ status: 400, data: { statusCode: 400, messageKey: 'messageTooLong', fields: { message: 'messageTooLong' } } });
    renderForm(sofa, 'he');
    const box = screen.getByRole('textbox', { name: 'ההודעה שלכם למפרסם' });
    await userEvent.type(box, 'שלום');
    await userEvent.click(screen.getByRole('button', { name: 'הגשת המועמדות' }));
    expect(await screen.findByText('ההודעה ארוכה מדי.')).toBeInTheDocument();
    expect(box).toHaveFocus();
    expect(box).toHaveValue('שלום');
  });

  it('shares a phone only when asked, and only a valid Israeli number, sent in its national form', async () => {
    server.answerWith({ status: 201, data: applied });
    renderForm();
    expect(screen.queryByRole('textbox', { name: 'Your phone number' })).toBeNull();
    await userEvent.type(messageBox(), 'Hi');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Share my phone number with the poster' }));
    const phone = screen.getByRole('textbox', { name: 'Your phone number' });
    expect(phone).toHaveAttribute('type', 'tel');
    expect(phone).toHaveAccessibleDescription('Only the poster will see it.');
    await userEvent.type(phone, '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Send application' }));
    expect(phone).toHaveFocus();
    expect(phone).toHaveAccessibleDescription(expect.stringContaining('Valid phone number required.'));
    expect(server.sent).toHaveLength(0);

    await userEvent.clear(phone);
    await userEvent.type(phone, '+972 54 123 4567');
    expect(phone).not.toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Send application' }));
    await screen.findByRole('status');
    expect(bodyOf(0)).toEqual({ message: 'Hi', phone: '0541234567' });
  });

  it('does not send a number typed and then unshared', async () => {
    server.answerWith({ status: 201, data: applied });
    renderForm();
    await userEvent.type(messageBox(), 'Hi');
    const share = screen.getByRole('checkbox', { name: 'Share my phone number with the poster' });
    await userEvent.click(share);
    await userEvent.type(screen.getByRole('textbox', { name: 'Your phone number' }), 'not a phone');
    await userEvent.click(share);
    await userEvent.click(screen.getByRole('button', { name: 'Send application' }));
    await screen.findByRole('status');
    expect(bodyOf(0)).toEqual({ message: 'Hi' });
  });

  it('counts the characters once the message nears the limit', async () => {
    renderForm();
    const box = messageBox();
    expect(box).toHaveAttribute('maxlength', String(DEAL_LIMITS.applicationMessageMaxLength));
    fireEvent.change(box, { target: { value: 'a'.repeat(100) } });
    expect(screen.queryByText(/characters used/)).toBeNull();
    fireEvent.change(box, { target: { value: 'a'.repeat(950) } });
    expect(screen.getByText('950 of 1,000 characters used')).toBeInTheDocument();
    expect(box).toHaveAccessibleDescription(expect.stringContaining('950 of 1,000 characters used'));
  });

  it('asks an account that has not confirmed its age to confirm it, then confirms and sends', async () => {
    server.answerWith('hold');
    renderForm();
    await userEvent.type(messageBox(), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send application' }));
    const refused = await server.held(1);
    await act(async () => refused.answer(403, { statusCode: 403, messageKey: 'ageConfirmationRequired' }));
    const age = await screen.findByRole('checkbox', { name: 'I confirm I am 18 or older' });
    expect(age).toHaveFocus();
    expect(age).toHaveAccessibleDescription('Please confirm that you are 18 or older to continue.');
    expect(authStore.get(userAtom)?.info.ageConfirmed).toBe(false);

    // Not confirmed: nothing more is sent.
    await userEvent.click(screen.getByRole('button', { name: 'Send application' }));
    expect(server.sent).toHaveLength(1);
    await userEvent.click(age);
    await userEvent.click(screen.getByRole('button', { name: 'Send application' }));
    const confirmation = await server.held(2);
    expect([confirmation.method, confirmation.url]).toEqual(['POST', '/api/v1/user/age-confirmation']);
    await act(async () => confirmation.answer(200, { ageConfirmed: true }));
    const application = await server.held(3);
    expect(application.url).toBe('/api/v1/jobs/7/applications');
    await act(async () => application.answer(201, applied));
    expect(await screen.findByRole('status')).toHaveTextContent('Your application is sent.');
    expect(authStore.get(userAtom)?.info.ageConfirmed).toBe(true);
    expect(messageBox).toThrow();
  });

  it('keeps the text through an expired session, for the same account and listing only', async () => {
    server.answerWith({ status: 401, data: { statusCode: 401, messageKey: 'unauthorized' } });
    const view = renderForm();
    await userEvent.type(messageBox(), 'Kept for later');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Share my phone number with the poster' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Your phone number' }), '0541234567');
    await userEvent.click(screen.getByRole('button', { name: 'Send application' }));
    await screen.findByRole('alert');
    view.unmount();

    // Another listing does not take it; this one does, once.
    const other = renderForm(aListing({ job_id: 99 }));
    expect(messageBox()).toHaveValue('');
    other.unmount();
    const back = renderForm();
    expect(messageBox()).toHaveValue('Kept for later');
    expect(screen.getByRole('textbox', { name: 'Your phone number' })).toHaveValue('0541234567');
    back.unmount();
    renderForm();
    expect(messageBox()).toHaveValue('');
  });
});
