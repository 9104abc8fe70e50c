import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from '@tasko/shared/router';
import {
  DEAL_LIMITS,
  DEFAULT_SETTINGS,
  ROUTER_FUTURE,
  signIn,
  signOut,
  userEvents,
  type ApplicationStatus,
  type ChatMessage,
  type Conversation,
  type DealSide,
  type Language,
  type StoredUser,
} from '@tasko/shared';
import { setUpI18n } from '../../../../shared/test/renderWithProviders';
import { stubBrowserGaps } from '../../../../shared/test/browserGaps';
import { ACCOUNT_NS } from '../../accountNamespace';
import en from '../../locales/en/account.json';
import he from '../../locales/he/account.json';
import ar from '../../locales/ar/account.json';
import ru from '../../locales/ru/account.json';
import dealEn from '../../../../shared/src/locales/en/deal.json';
import { failure, installMessagesServer, type ServedRequest } from '../messagesTestServer';
import ConversationPage from './ConversationPage';

const ACCOUNT = { en, he, ar, ru };
const ME = 1;
const DANA = { id: 2, displayName: 'Dana K.' };
const CONVERSATION_ID = 7;
const APPLICATION_ID = 70;
const server = installMessagesServer();

let nextId = 1000;
function message(authorId: number | null, text: string, changes: Partial<ChatMessage> = {}): ChatMessage {
  const id = changes.id ?? nextId++;
  return {
    id,
    authorId,
    text,
    createdAt: new Date(Date.UTC(2026, 10, 20, 9, 0) + id * 60_000).toISOString(),
    kind: authorId === null ? 'system' : 'user',
    ...changes,
  };
}

let thread: ChatMessage[];
let status: ApplicationStatus;
let unread: number;
let myReview: { published: boolean } | null;
let side: DealSide;
let offerExpiresAt: string | undefined;

function conversationAsListed(): Conversation {
  const last = thread.at(-1) ?? message(DANA.id, 'Hello');
  return {
    id: CONVERSATION_ID,
    job: { id: 40, title: 'Fix a dripping tap' },
    other: DANA,
    lastMessage: last,
    unread,
    application: { id: APPLICATION_ID, status, side, myReview, ...(offerExpiresAt ? { offerExpiresAt } : {}) },
    blockedByMe: false,
  };
}

/** The server's page of a thread: the `limit` (50) messages before `before`, oldest first. */
function pageOf(request: ServedRequest): ChatMessage[] {
  const before = Number(request.query.get('before') ?? Infinity);
  const older = thread.filter((m) => m.id < before);
  return older.slice(-DEAL_LIMITS.messagesPageSize);
}

const session = (info: Partial<StoredUser['info']> = { id: ME }): StoredUser => ({
  token: 'session',
  info: { email: 'noa@example.com', name: 'Noa Levi', ...info },
  settings: DEFAULT_SETTINGS,
});

async function openConversation(options: { language?: Language; id?: string } = {}) {
  const language = options.language ?? 'en';
  await act(() => setUpI18n(language, { [ACCOUNT_NS]: ACCOUNT[language], deal: dealEn }));
  render(
    <MemoryRouter future={ROUTER_FUTURE} initialEntries={[`/${language}/messages/${options.id ?? CONVERSATION_ID}`]}>
      <Routes>
        <Route path="/:language/messages/:id" element={<ConversationPage />} />
      </Routes>
    </MemoryRouter>,
  );
  if (!options.id) await screen.findByRole('log');
}

const log = () => screen.getByRole('log');
const items = () => within(log()).getAllByRole('listitem');
const composer = () => screen.getByRole('textbox', { name: 'Your message' });

beforeAll(stubBrowserGaps);

beforeEach(() => {
  localStorage.clear();
  act(() => signIn(session()));
  nextId = 1000;
  status = 'sent';
  unread = 0;
  myReview = null;
  side = 'owner';
  offerExpiresAt = undefined;
  thread = [message(DANA.id, 'Hi, I saw your listing. I can come tomorrow.'), message(ME, 'Great, 9 am works for me.')];
  server.on('GET', `/conversations/${CONVERSATION_ID}`, () => ({ status: 200, data: { conversation: conversationAsListed() } }));
  server.on('GET', `/conversations/${CONVERSATION_ID}/messages`, (request) => ({ status: 200, data: { messages: pageOf(request) } }));
  server.on('POST', `/conversations/${CONVERSATION_ID}/read`, { status: 204 });
});
afterEach(() => act(() => signOut()));

describe('ConversationPage: the thread', () => {
  it('heads the thread with the other person, the listing and where the application stands', async () => {
    await openConversation();
    expect(screen.getByRole('heading', { level: 1, name: 'Dana K.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dana K.' })).toHaveAttribute('href', '/en/user/2');
    expect(screen.getByRole('link', { name: 'Fix a dripping tap' })).toHaveAttribute('href', '/en/job/40');
    expect(screen.getByText('Awaiting reply')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to messages' })).toHaveAttribute('href', '/en/messages');
    expect(document.title).toContain('Dana K.');
  });

  it('shows the messages oldest first in a polite log, mine and theirs told apart for the eye and in words', async () => {
    await openConversation();
    expect(log()).toHaveAttribute('aria-live', 'polite');
    expect(log()).toHaveAccessibleName('Messages with Dana K.');
    const [theirs, mine] = items();
    expect(theirs).toHaveTextContent(/^Dana K\.: Hi, I saw your listing\. I can come tomorrow\./);
    expect(theirs).toHaveClass('message--theirs');
    expect(mine).toHaveTextContent(/^You: Great, 9 am works for me\./);
    expect(mine).toHaveClass('message--mine');
    expect(
      within(mine!)
        .getByText(/9 am works/)
        .closest('[dir]'),
    ).toHaveAttribute('dir', 'auto');
    expect(theirs!.querySelector('time')).toHaveAttribute('dateTime', thread[0]!.createdAt);
  });

  it('tells mine from theirs by the other person’s id when the stored session has no id of mine', async () => {
    act(() => signIn(session({})));
    await openConversation();
    expect(items()[0]).toHaveClass('message--theirs');
    expect(items()[1]).toHaveClass('message--mine');
  });

  it('shows a message as plain text: markup and addresses stay words, never links', async () => {
    thread = [message(DANA.id, '<b>Pay here</b> https://pay.example/now <a href="x">x</a>')];
    await openConversation();
    expect(within(log()).queryByRole('link')).toBeNull();
    expect(within(log()).getByText('<b>Pay here</b> https://pay.example/now <a href="x">x</a>')).toBeInTheDocument();
  });

  it('shows the site’s own notes centred, in the reader’s language', async () => {
    thread = [message(DANA.id, 'Hi'), message(null, 'hired'), message(null, 'somethingNew')];
    await openConversation();
    const [, hired, unknown] = items();
    expect(hired).toHaveClass('message--site');
    expect(hired).toHaveTextContent('From Tasko: Accepted: the work can go ahead.');
    expect(hired).not.toHaveTextContent(/\bhired\b/);
    expect(unknown).toHaveTextContent('An update from Tasko.');
  });

  it.each([
    ['he', 'הפנייה אושרה: אפשר להתחיל בעבודה.', 'ממתינה לתשובה'],
    ['ar', 'تم قبول الطلب: يمكن البدء بالعمل.', 'بانتظار الرد'],
    ['ru', 'Принято: можно приступать к работе.', 'ждёт ответа'],
  ] as const)('in %s, words the site’s notes and the status natively', async (language, note, awaiting) => {
    thread = [message(DANA.id, 'Hi'), message(null, 'hired')];
    await openConversation({ language });
    expect(items()[1]).toHaveTextContent(note);
    expect(screen.getByText(awaiting)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dana K.' })).toHaveAttribute('href', `/${language}/user/2`);
  });

  it('asks for this one conversation and its newest messages, never the whole inbox', async () => {
    await openConversation();
    expect(server.requests('GET').map((request) => request.path)).toEqual([
      `/conversations/${CONVERSATION_ID}`,
      `/conversations/${CONVERSATION_ID}/messages`,
    ]);
    expect(server.requests('GET', '/me/conversations')).toHaveLength(0);
  });

  it('shows a conversation that is not mine, or does not exist, as not found', async () => {
    server.on('GET', '/conversations/99', failure(404, 'notFound'));
    server.on('GET', '/conversations/99/messages', failure(404, 'notFound'));
    await openConversation({ id: '99' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Conversation not found' })).toBeInTheDocument();
    expect(screen.queryByRole('log')).toBeNull();
  });

  it('shows an address that is no conversation id as not found, asking nothing', async () => {
    await openConversation({ id: 'abc' });
    expect(screen.getByRole('heading', { level: 1, name: 'Conversation not found' })).toBeInTheDocument();
    expect(server.requests()).toHaveLength(0);
  });
});

describe('ConversationPage: live', () => {
  it('appends a message of this conversation that arrives live, once, and ignores other conversations', async () => {
    await openConversation();
    const arrived = message(DANA.id, 'Shall I bring my own tools?');
    act(() => userEvents.emit('message', { conversationId: CONVERSATION_ID, message: arrived }));
    act(() => userEvents.emit('message', { conversationId: CONVERSATION_ID, message: arrived }));
    act(() => userEvents.emit('message', { conversationId: 8, message: message(5, 'Another conversation') }));
    expect(items()).toHaveLength(3);
    expect(items()[2]).toHaveTextContent('Dana K.: Shall I bring my own tools?');
    expect(screen.queryByText('Another conversation')).toBeNull();
  });

  it('follows the application as it moves: marked done, the review form appears', async () => {
    await openConversation();
    expect(screen.queryByRole('heading', { name: 'How did it go?' })).toBeNull();
    act(() =>
      userEvents.emit('application', {
        application: { id: APPLICATION_ID, jobId: 40, status: 'done', createdAt: thread[0]!.createdAt, conversationId: CONVERSATION_ID },
      }),
    );
    expect(screen.getByText('Done')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'How did it go?' })).toBeInTheDocument();
  });

  it('marks the thread read up to the last message shown on opening with unread messages, and again as the other person’s arrive, not for mine', async () => {
    unread = 1;
    await openConversation();
    const reads = () => server.requests('POST', `/conversations/${CONVERSATION_ID}/read`);
    await waitFor(() => expect(reads()).toHaveLength(1));
    // Read up to what the page showed: a message stored after it rendered stays unread on the server.
    expect(reads()[0]?.body).toEqual({ upTo: thread.at(-1)!.id });
    const mine = message(ME, 'Yes, bring them');
    act(() => userEvents.emit('message', { conversationId: CONVERSATION_ID, message: mine }));
    const theirs = message(DANA.id, 'OK!');
    act(() => userEvents.emit('message', { conversationId: CONVERSATION_ID, message: theirs }));
    await waitFor(() => expect(reads()).toHaveLength(2));
    // My own message alone asked for nothing: the second read is for Dana's, up to it.
    expect(reads()[1]?.body).toEqual({ upTo: theirs.id });
    expect(mine.id).toBeLessThan(theirs.id);
  });

  it('does not mark a thread read that has nothing unread: the first read is for a message that arrives', async () => {
    await openConversation();
    const theirs = message(DANA.id, 'Still there?');
    act(() => userEvents.emit('message', { conversationId: CONVERSATION_ID, message: theirs }));
    await waitFor(() => expect(server.requests('POST', `/conversations/${CONVERSATION_ID}/read`)).toHaveLength(1));
    expect(server.requests('POST', `/conversations/${CONVERSATION_ID}/read`)[0]?.body).toEqual({ upTo: theirs.id });
  });

  it('reads the conversation and its newest messages again on a resync, keeping the thread on screen meanwhile', async () => {
    await openConversation();
    const before = server.requests('GET').length;
    // While the stream was away: Dana offered the job and wrote twice.
    status = 'offered';
    side = 'applicant';
    offerExpiresAt = '2026-11-23T12:00:00.000Z';
    thread = [...thread, message(null, 'offered'), message(DANA.id, 'Can you start on Monday?')];
    server.on(`GET`, `/conversations/${CONVERSATION_ID}/messages`, () => 'hold');
    act(() => userEvents.emit('resync', {}));
    const page = await server.waitingFor('GET', `/conversations/${CONVERSATION_ID}/messages`);
    expect(
      server
        .requests('GET')
        .slice(before)
        .map((request) => request.path),
    ).toEqual([`/conversations/${CONVERSATION_ID}`, `/conversations/${CONVERSATION_ID}/messages`]);
    // Nothing is taken away while the answer is on its way.
    expect(items()).toHaveLength(2);
    page.answer(200, { messages: thread });
    expect(await within(log()).findByText('Can you start on Monday?')).toBeInTheDocument();
    expect(items()).toHaveLength(4);
    expect(screen.getByText('Offer awaiting an answer')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept the offer' })).toBeInTheDocument();
  });

  it('after a long absence (a resync whose newest page does not reach the messages shown), shows that page and offers the earlier ones', async () => {
    await openConversation();
    thread = [...thread, ...Array.from({ length: 60 }, (_, i) => message(DANA.id, `Missed ${i + 1}`))];
    act(() => userEvents.emit('resync', {}));
    expect(await within(log()).findByText('Missed 60')).toBeInTheDocument();
    // The newest 50: no gap is shown as if it were the whole thread.
    expect(items()).toHaveLength(50);
    expect(items()[0]).toHaveTextContent('Missed 11');
    expect(screen.getByRole('button', { name: 'Load earlier messages' })).toBeInTheDocument();
  });
});

describe('ConversationPage: an offer', () => {
  beforeEach(() => {
    status = 'offered';
    offerExpiresAt = '2026-11-23T12:00:00.000Z';
    thread = [message(DANA.id, 'Hi, I saw your listing.'), message(null, 'offered')];
  });

  it('asks the applicant to answer by the time it lapses, and accepts at once', async () => {
    const user = userEvent.setup();
    side = 'applicant';
    server.on('PATCH', `/applications/${APPLICATION_ID}`, () => ({
      status: 200,
      data: {
        application: { id: APPLICATION_ID, jobId: 40, status: 'hired', createdAt: thread[0]!.createdAt, conversationId: CONVERSATION_ID },
      },
    }));
    await openConversation();
    expect(screen.getByText('Offer awaiting an answer')).toBeInTheDocument();
    const offer = screen.getByRole('group', { name: /^Dana K\. wants to go ahead with you\./ });
    expect(offer).toHaveTextContent(/Please answer by 2[234] November at \d{2}:\d{2}: after that the offer lapses\./);
    await user.click(within(offer).getByRole('button', { name: 'Accept the offer' }));
    expect(await screen.findByText('Accepted')).toBeInTheDocument();
    expect(server.requests('PATCH', `/applications/${APPLICATION_ID}`)[0]?.body).toEqual({ status: 'hired' });
    expect(screen.queryByRole('group', { name: /wants to go ahead/ })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('You accepted the offer: the work can go ahead.');
    await waitFor(() => expect(screen.getByText('Accepted')).toHaveFocus());
  });

  it('asks the applicant before declining, the safe choice focused; confirmed, the offer is declined', async () => {
    const user = userEvent.setup();
    side = 'applicant';
    server.on('PATCH', `/applications/${APPLICATION_ID}`, () => ({
      status: 200,
      data: {
        application: {
          id: APPLICATION_ID,
          jobId: 40,
          status: 'offerDeclined',
          createdAt: thread[0]!.createdAt,
          conversationId: CONVERSATION_ID,
        },
      },
    }));
    await openConversation();
    const decline = screen.getByRole('button', { name: 'Decline the offer' });
    await user.click(decline);
    let question = screen.getByRole('alertdialog', { name: 'Decline the offer?' });
    expect(question).toHaveAccessibleDescription('Fix a dripping tap Dana K. will see this in your conversation. It cannot be undone.');
    expect(within(question).getByRole('button', { name: 'Go back' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(decline).toHaveFocus());
    expect(server.requests('PATCH')).toHaveLength(0);

    await user.click(decline);
    question = screen.getByRole('alertdialog');
    await user.click(within(question).getByRole('button', { name: 'Decline the offer' }));
    expect(await screen.findByText('Offer declined')).toBeInTheDocument();
    expect(server.requests('PATCH', `/applications/${APPLICATION_ID}`)[0]?.body).toEqual({ status: 'offerDeclined' });
    expect(screen.getByRole('status')).toHaveTextContent('You declined the offer.');
  });

  it('says why an answer was refused, and keeps the buttons', async () => {
    const user = userEvent.setup();
    side = 'applicant';
    server.on('PATCH', `/applications/${APPLICATION_ID}`, failure(409, 'badTransition'));
    await openConversation();
    await user.click(screen.getByRole('button', { name: 'Accept the offer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This application can no longer be changed that way. Reload the page to see its current status.',
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Accept the offer' })).toHaveFocus());
    expect(screen.getByText('Offer awaiting an answer')).toBeInTheDocument();
  });

  it('tells the owner until when it waits, with no answer buttons, and follows it lapsing', async () => {
    await openConversation();
    expect(screen.getByText(/^Waiting for Dana K\. to answer your offer, until 2[234] November at \d{2}:\d{2}\.$/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept the offer' })).toBeNull();
    // Nobody answered in time: the application is back to awaiting a reply, and the thread says so.
    act(() =>
      userEvents.emit('application', {
        application: { id: APPLICATION_ID, jobId: 40, status: 'sent', createdAt: thread[0]!.createdAt, conversationId: CONVERSATION_ID },
      }),
    );
    act(() => userEvents.emit('message', { conversationId: CONVERSATION_ID, message: message(null, 'offerLapsed') }));
    expect(screen.getByText('Awaiting reply')).toBeInTheDocument();
    expect(screen.queryByText(/Waiting for Dana K\./)).toBeNull();
    expect(items().at(-1)).toHaveTextContent('From Tasko: The offer lapsed without an answer.');
  });

  it('words the site’s notes of an offer', async () => {
    thread = [message(null, 'offered'), message(null, 'offerDeclined'), message(null, 'offerLapsed')];
    await openConversation();
    expect(items().map((item) => item.querySelector('.message__note')?.textContent)).toEqual([
      'An offer to go ahead was made and is waiting for an answer.',
      'The offer was declined.',
      'The offer lapsed without an answer.',
    ]);
  });

  it.each([
    [
      'he',
      'קבלת ההצעה',
      'דחיית ההצעה',
      /יש להשיב עד 2[234] בנובמבר בשעה \d{2}:\d{2}\./,
      'נשלחה הצעה להתקדם, והיא ממתינה לתשובה.',
      'הצעה ממתינה לתשובה',
    ],
    [
      'ar',
      'قبول العرض',
      'رفض العرض',
      /يرجى الرد قبل 2[234] نوفمبر في \d{2}:\d{2}/,
      'أُرسل عرض للمضي قدمًا، وهو بانتظار الرد.',
      'عرض بانتظار الرد',
    ],
    [
      'ru',
      'Принять предложение',
      'Отклонить предложение',
      /Ответьте до 2[234] ноября в \d{2}:\d{2}/,
      'Сделано предложение договориться — оно ждёт ответа.',
      'предложение ждёт ответа',
    ],
  ] as const)('in %s, words the offer, its answers and its note', async (language, accept, decline, answerBy, note, offered) => {
    side = 'applicant';
    await openConversation({ language });
    expect(screen.getByRole('button', { name: accept })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: decline })).toBeInTheDocument();
    expect(screen.getByRole('group')).toHaveTextContent(answerBy);
    expect(items()[1]).toHaveTextContent(note);
    expect(screen.getByText(offered)).toBeInTheDocument();
  });
});

describe('ConversationPage: writing', () => {
  it('sends with the button, clears the box and keeps the focus in it; my message shows once though its event arrives too', async () => {
    const user = userEvent.setup();
    server.on('POST', `/conversations/${CONVERSATION_ID}/messages`, () => 'hold');
    await openConversation();
    await user.type(composer(), '  See you at 9  ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const post = await server.waitingFor('POST', `/conversations/${CONVERSATION_ID}/messages`);
    expect(post.served.body).toEqual({ text: 'See you at 9' });
    const stored = message(ME, 'See you at 9');
    // The stream is quicker than the answer: the event first, then the answer, one message.
    act(() => userEvents.emit('message', { conversationId: CONVERSATION_ID, message: stored }));
    act(() => post.answer(201, { message: stored }));
    await waitFor(() => expect(composer()).toHaveValue(''));
    expect(composer()).toHaveFocus();
    expect(within(log()).getAllByText('See you at 9')).toHaveLength(1);
    expect(items()).toHaveLength(3);
    expect(items()[2]).toHaveClass('message--mine');
  });

  it('sends with Ctrl+Enter; Enter alone is a new line', async () => {
    const user = userEvent.setup();
    server.on('POST', `/conversations/${CONVERSATION_ID}/messages`, (request) => ({
      status: 201,
      data: { message: message(ME, (request.body as { text: string }).text) },
    }));
    await openConversation();
    await user.type(composer(), 'First line{Enter}second line');
    expect(composer()).toHaveValue('First line\nsecond line');
    expect(server.requests('POST', `/conversations/${CONVERSATION_ID}/messages`)).toHaveLength(0);
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(composer()).toHaveValue(''));
    expect(server.requests('POST', `/conversations/${CONVERSATION_ID}/messages`)[0]?.body).toEqual({ text: 'First line\nsecond line' });
    expect(within(log()).getByText(/First line/)).toHaveTextContent('First line second line');
  });

  it.each([
    [403, 'blocked', 'You can no longer send messages in this conversation.'],
    [429, 'rateLimited', 'Too many attempts. Please wait a minute and try again.'],
  ])('keeps the text and says why when a send fails (%s %s)', async (statusCode, messageKey, said) => {
    const user = userEvent.setup();
    server.on('POST', `/conversations/${CONVERSATION_ID}/messages`, failure(statusCode, messageKey));
    await openConversation();
    await user.type(composer(), 'Are you there?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(said);
    expect(composer()).toHaveValue('Are you there?');
    expect(composer()).toHaveFocus();
    expect(composer()).toHaveAccessibleDescription(expect.stringContaining(said));
    expect(items()).toHaveLength(2);
  });

  it('asks for a message instead of sending an empty one, and counts the characters left near the limit', async () => {
    const user = userEvent.setup();
    await openConversation();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Write a message.');
    expect(server.requests('POST')).toHaveLength(0);
    expect(composer()).toHaveAttribute('maxLength', String(DEAL_LIMITS.chatMessageMaxLength));
    expect(screen.queryByText(/characters left/)).toBeNull();
    await user.click(composer());
    await user.paste('a'.repeat(DEAL_LIMITS.chatMessageMaxLength - 150));
    expect(screen.getByText('150 characters left')).toBeInTheDocument();
    expect(composer()).toHaveAccessibleDescription(expect.stringContaining('150 characters left'));
  });
});

describe('ConversationPage: earlier messages', () => {
  it('loads the page before the first message shown, keeping the reader’s place, until there is none', async () => {
    const user = userEvent.setup();
    thread = Array.from({ length: 70 }, (_, i) => message(i % 2 ? ME : DANA.id, `Message ${i + 1}`));
    await openConversation();
    expect(items()).toHaveLength(50);
    expect(items()[0]).toHaveTextContent('Message 21');
    // jsdom lays nothing out: each message is 100 px tall here, and the reader is at the top of the thread.
    Object.defineProperty(log(), 'scrollHeight', { configurable: true, get: () => within(log()).queryAllByRole('listitem').length * 100 });
    log().scrollTop = 0;
    await user.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    await waitFor(() => expect(items()).toHaveLength(70));
    expect(server.requests('GET', `/conversations/${CONVERSATION_ID}/messages`).at(-1)?.query.get('before')).toBe(String(thread[20]!.id));
    expect(items()[0]).toHaveTextContent('Message 1');
    // Message 21 is where it was: 20 messages (2,000 px) were added above it.
    expect(log().scrollTop).toBe(2000);
    // No page before the first: the button is gone and the keyboard goes on from the thread.
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).toBeNull();
    expect(log()).toHaveFocus();
  });

  it('offers no earlier messages when the thread fits one page', async () => {
    await openConversation();
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).toBeNull();
  });
});

describe('ConversationPage: safety', () => {
  it('reminds both sides under a message with contact details, before a hire only', async () => {
    thread = [message(DANA.id, 'Call me on 054-123-4567'), message(ME, 'Or write to noa@example.com'), message(DANA.id, 'OK')];
    await openConversation();
    const note = 'Tasko never asks for payment outside the site. Be careful with anyone who does.';
    expect(within(items()[0]!).getByText(note)).toBeInTheDocument();
    expect(within(items()[1]!).getByText(note)).toBeInTheDocument();
    expect(within(items()[2]!).queryByText(note)).toBeNull();
  });

  it('does not remind once the person is hired', async () => {
    status = 'hired';
    thread = [message(DANA.id, 'Call me on 054-123-4567')];
    await openConversation();
    expect(screen.queryByText(/never asks for payment/)).toBeNull();
  });

  it.each([
    ['he', 'ב-Tasko אף פעם לא מבקשים תשלום מחוץ לאתר. היזהרו ממי שמבקש זאת.'],
    ['ar', 'لا يطلب Tasko الدفع خارج الموقع أبدًا. احذر ممن يطلب منك ذلك.'],
    ['ru', 'Tasko никогда не просит платить вне сайта. Будьте осторожны, если вас об этом просят.'],
  ] as const)('in %s, says the reminder natively', async (language, note) => {
    thread = [message(DANA.id, '+972 54 123 4567')];
    await openConversation({ language });
    expect(within(items()[0]!).getByText(note)).toBeInTheDocument();
  });

  it('blocks the other person after asking, and says so where the button was', async () => {
    const user = userEvent.setup();
    server.on('POST', `/conversations/${CONVERSATION_ID}/block`, { status: 204 });
    await openConversation();
    await user.click(screen.getByRole('button', { name: 'Block' }));
    const question = screen.getByRole('alertdialog', { name: 'Block Dana K.?' });
    // A block covers every listing and conversation of the two (docs/deal.md, "Blocks").
    expect(question).toHaveAccessibleDescription(
      'Neither of you will be able to write to the other or respond to the other’s listings, in this conversation or any other. You can unblock them later in Settings.',
    );
    // A hurried Enter cancels: the focus starts on Cancel.
    expect(within(question).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Block' })).toHaveFocus();
    expect(server.requests('POST', `/conversations/${CONVERSATION_ID}/block`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Block' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Block' }));
    const blocked = await screen.findByText(
      'You blocked Dana K.: neither of you can write to the other or respond to the other’s listings.',
    );
    expect(server.requests('POST', `/conversations/${CONVERSATION_ID}/block`)).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Blocked. Neither of you can write to the other or respond to the other’s listings any more.',
    );
    expect(screen.queryByRole('button', { name: 'Block' })).toBeNull();
    await waitFor(() => expect(blocked).toHaveFocus());
    expect(screen.getByRole('link', { name: 'Manage the people you blocked' })).toHaveAttribute('href', '/en/settings');
  });

  it('says when blocking failed, and keeps the button', async () => {
    const user = userEvent.setup();
    server.on('POST', `/conversations/${CONVERSATION_ID}/block`, failure(500, 'serverError'));
    await openConversation();
    await user.click(screen.getByRole('button', { name: 'Block' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Block' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to block. Please try again.');
    expect(screen.getByRole('button', { name: 'Block' })).toHaveFocus();
  });

  it('reports the other person’s message with a reason and a note; mine has no report button', async () => {
    const user = userEvent.setup();
    server.on('POST', `/messages/${thread[0]!.id}/reports`, { status: 201, data: { reported: true } });
    await openConversation();
    expect(within(items()[1]!).queryByRole('button', { name: 'Report' })).toBeNull();
    const report = within(items()[0]!).getByRole('button', { name: 'Report' });
    expect(report).toHaveAccessibleDescription('Hi, I saw your listing. I can come tomorrow.');
    await user.click(report);
    const dialog = screen.getByRole('dialog', { name: 'Report this message' });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a reason for the report.');
    expect(server.requests('POST', `/messages/${thread[0]!.id}/reports`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('radio', { name: 'Scam or fraud' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Tell us more (optional)' }), 'Asked me to pay by bank transfer first');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requests('POST', `/messages/${thread[0]!.id}/reports`)[0]?.body).toEqual({
      reason: 'scam',
      note: 'Asked me to pay by bank transfer first',
    });
    expect(screen.getByRole('status')).toHaveTextContent('Thank you. We have received your report and our team will review this message.');
    const reported = within(items()[0]!).getByText('Reported');
    await waitFor(() => expect(reported).toHaveFocus());
  });

  it('says a message was already reported, in words about a message', async () => {
    const user = userEvent.setup();
    server.on('POST', `/messages/${thread[0]!.id}/reports`, failure(409, 'alreadyReported'));
    await openConversation();
    await user.click(within(items()[0]!).getByRole('button', { name: 'Report' }));
    await user.click(screen.getByRole('radio', { name: 'Offensive' }));
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('You have already reported this message. Thank you, our team will review it.')).toBeInTheDocument();
  });

  it('cancelling a report sends nothing and gives the focus back to its button', async () => {
    const user = userEvent.setup();
    await openConversation();
    const report = within(items()[0]!).getByRole('button', { name: 'Report' });
    await user.click(report);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(report).toHaveFocus();
    expect(server.requests('POST')).toHaveLength(0);
  });
});

describe('ConversationPage: the review', () => {
  beforeEach(() => {
    status = 'done';
    thread = [message(DANA.id, 'Thanks for the work!'), message(null, 'done')];
  });

  it('shows a review written on an earlier visit where it stands, not the form again', async () => {
    myReview = { published: false };
    await openConversation();
    const section = screen.getByRole('region', { name: 'How did it go?' });
    expect(
      within(section).getByText(
        'Thank you. Your review will be published when Dana K. has reviewed you too, or when the time for reviews ends.',
      ),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Send review' })).toBeNull();
    // Nothing just happened: the keyboard stays where the page put it.
    expect(within(section).getByRole('status')).not.toHaveFocus();
  });

  it('offers no review before the work is done', async () => {
    status = 'hired';
    await openConversation();
    expect(screen.queryByRole('heading', { name: 'How did it go?' })).toBeNull();
  });

  it('asks for the stars, sends 1–5 and an optional text, and says when the review will be published', async () => {
    const user = userEvent.setup();
    server.on('POST', `/applications/${APPLICATION_ID}/reviews`, {
      status: 201,
      data: { review: { id: 5, rating: 5, text: 'Quick and tidy', createdAt: '2026-11-21T10:00:00.000Z', published: false } },
    });
    await openConversation();
    const form = screen.getByRole('region', { name: 'How did it go?' });
    await user.click(within(form).getByRole('button', { name: 'Send review' }));
    expect(within(form).getByText('Choose from 1 to 5 stars.')).toBeInTheDocument();
    expect(within(form).getByRole('radio', { name: '1 star' })).toHaveFocus();
    expect(server.requests('POST', `/applications/${APPLICATION_ID}/reviews`)).toHaveLength(0);
    expect(within(form).getByRole('textbox', { name: 'Your review (optional)' })).toHaveAttribute('maxLength', '1000');

    await user.click(within(form).getByRole('radio', { name: '5 stars' }));
    await user.type(within(form).getByRole('textbox', { name: 'Your review (optional)' }), 'Quick and tidy');
    await user.click(within(form).getByRole('button', { name: 'Send review' }));
    const answer = await within(form).findByText(
      'Thank you. Your review will be published when Dana K. has reviewed you too, or when the time for reviews ends.',
    );
    expect(server.requests('POST', `/applications/${APPLICATION_ID}/reviews`)[0]?.body).toEqual({ rating: 5, text: 'Quick and tidy' });
    expect(answer).toHaveFocus();
    expect(within(form).queryByRole('button', { name: 'Send review' })).toBeNull();
  });

  it('says the review is published when the other side had written theirs', async () => {
    const user = userEvent.setup();
    server.on('POST', `/applications/${APPLICATION_ID}/reviews`, {
      status: 201,
      data: { review: { id: 5, rating: 4, text: '', createdAt: '2026-11-21T10:00:00.000Z', published: true } },
    });
    await openConversation();
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    await user.click(screen.getByRole('button', { name: 'Send review' }));
    expect(await screen.findByText('Thank you. Your review is now published, together with the one Dana K. wrote.')).toBeInTheDocument();
    expect(server.requests('POST', `/applications/${APPLICATION_ID}/reviews`)[0]?.body).toEqual({ rating: 4 });
  });

  it.each([
    [409, 'alreadyReviewed', 'You have already written your review.'],
    [
      403,
      'reviewNotAllowed',
      'You cannot write a review here: reviews open only once the work is marked as done, and only for a limited time.',
    ],
  ])('says why the server refused the review (%s %s)', async (statusCode, messageKey, said) => {
    const user = userEvent.setup();
    server.on('POST', `/applications/${APPLICATION_ID}/reviews`, failure(statusCode, messageKey));
    await openConversation();
    await user.click(screen.getByRole('radio', { name: '3 stars' }));
    await user.click(screen.getByRole('button', { name: 'Send review' }));
    expect(await screen.findByText(said)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send review' })).toBeNull();
  });
});
