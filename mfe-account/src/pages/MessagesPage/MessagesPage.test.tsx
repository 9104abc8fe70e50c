import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@tasko/shared/router';
import {
  ROUTER_FUTURE,
  signIn,
  signOut,
  userEvents,
  DEFAULT_SETTINGS,
  type ChatMessage,
  type Conversation,
  type Language,
} from '@tasko/shared';
import { setUpI18n } from '../../../../shared/test/renderWithProviders';
import { ACCOUNT_NS } from '../../accountNamespace';
import en from '../../locales/en/account.json';
import he from '../../locales/he/account.json';
import ar from '../../locales/ar/account.json';
import ru from '../../locales/ru/account.json';
import { failure, installMessagesServer } from '../messagesTestServer';
import MessagesPage from './MessagesPage';

const ACCOUNT = { en, he, ar, ru };
const ME = 1;
const server = installMessagesServer();

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

function message(id: number, authorId: number | null, text: string, minutesAgo: number, kind: ChatMessage['kind'] = 'user'): ChatMessage {
  return { id, authorId, text, createdAt: at(minutesAgo), kind };
}

function conversation(
  id: number,
  other: { id: number; displayName: string },
  title: string,
  lastMessage: ChatMessage,
  unread = 0,
): Conversation {
  return {
    id,
    job: { id: id * 10, title },
    other,
    lastMessage,
    unread,
    application: { id: id * 100, status: 'sent', side: 'owner', myReview: null },
    blockedByMe: false,
  };
}

const DANA = { id: 2, displayName: 'Dana K.' };
const OMAR = { id: 3, displayName: 'עומר ח.' };
const LENA = { id: 4, displayName: 'Lena S.' };

let stored: Conversation[];

async function openInbox(language: Language = 'en') {
  await act(() => setUpI18n(language, { [ACCOUNT_NS]: ACCOUNT[language] }));
  render(
    <MemoryRouter future={ROUTER_FUTURE} initialEntries={[`/${language}/messages`]}>
      <MessagesPage />
    </MemoryRouter>,
  );
}

const rows = () => within(screen.getByRole('list', { name: /Messages|הודעות/ })).getAllByRole('link');

beforeEach(() => {
  localStorage.clear();
  act(() => signIn({ token: 'session', info: { id: ME, email: 'noa@example.com', name: 'Noa Levi' }, settings: DEFAULT_SETTINGS }));
  stored = [
    // Listed oldest activity first here: the page orders them.
    conversation(5, LENA, 'Garden work', message(50, null, 'done', 3 * 24 * 60, 'system')),
    conversation(6, DANA, 'Fix a dripping tap', message(61, DANA.id, 'Hi!\nI can come tomorrow at 9,   if that suits you.', 30), 2),
    conversation(7, OMAR, 'שיעור במתמטיקה', message(71, ME, 'See you on Sunday', 5)),
  ];
  server.on('GET', '/me/conversations', () => ({
    status: 200,
    data: { conversations: stored, unreadTotal: stored.reduce((sum, c) => sum + c.unread, 0), nextCursor: null },
  }));
});
afterEach(() => act(() => signOut()));

describe('MessagesPage', () => {
  it('lists the conversations newest activity first, each a link to its thread with who, what, the last message and when', async () => {
    await openInbox();
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const [omar, dana, lena] = rows();
    expect(omar).toHaveAttribute('href', '/en/messages/7');
    expect(dana).toHaveAttribute('href', '/en/messages/6');
    expect(lena).toHaveAttribute('href', '/en/messages/5');
    expect(omar).toHaveTextContent('עומר ח.');
    expect(omar).toHaveTextContent('שיעור במתמטיקה');
    // My own last message says it is mine.
    expect(omar).toHaveTextContent('You: See you on Sunday');
    expect(omar).toHaveTextContent('5 minutes ago');
    expect(within(omar!).getByText('5 minutes ago').closest('time')).toHaveAttribute('dateTime', stored[2]!.lastMessage.createdAt);
    // One line: the breaks and the runs of spaces of the message are single spaces.
    expect(within(dana!).getByText('Hi! I can come tomorrow at 9, if that suits you.')).toBeInTheDocument();
    // The site's own note, in words.
    expect(lena).toHaveTextContent('The work was marked as done. You can now review each other.');
    expect(lena).not.toHaveTextContent(/^done$/);
    expect(server.requests('GET', '/me/conversations')).toHaveLength(1);
  });

  it('marks the unread conversations for the eye and in words for a screen reader', async () => {
    await openInbox();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const [omar, dana] = rows();
    expect(dana).toHaveAccessibleName(expect.stringContaining('2 unread messages'));
    expect(dana).toHaveClass('inbox__row--unread');
    expect(within(dana!).getByText('2')).toHaveAttribute('aria-hidden', 'true');
    expect(omar).not.toHaveAccessibleName(expect.stringContaining('unread'));
    expect(omar).not.toHaveClass('inbox__row--unread');
  });

  it('says so when there are no conversations yet, and where to start one', async () => {
    stored = [];
    await openInbox();
    expect(await screen.findByText('No conversations yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse jobs' })).toHaveAttribute('href', '/en');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('moves a conversation to the top when a message arrives, counting it once as unread', async () => {
    await openInbox();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const arrived = message(80, LENA.id, 'Thanks, the garden looks great', 0);
    act(() => userEvents.emit('message', { conversationId: 5, message: arrived }));
    // The stream may deliver an event again after a reconnect: it changes nothing the second time.
    act(() => userEvents.emit('message', { conversationId: 5, message: arrived }));
    const [lena] = rows();
    expect(lena).toHaveAttribute('href', '/en/messages/5');
    expect(lena).toHaveTextContent('Thanks, the garden looks great');
    expect(lena).toHaveAccessibleName(expect.stringContaining('1 unread message'));
    // My own message (sent from another tab) is news too, but not unread.
    act(() => userEvents.emit('message', { conversationId: 7, message: message(81, ME, 'On my way', 0) }));
    expect(rows()[0]).toHaveTextContent('You: On my way');
    expect(rows()[0]).not.toHaveAccessibleName(expect.stringContaining('unread'));
    expect(server.requests('GET', '/me/conversations')).toHaveLength(1);
  });

  it('asks the server again for a conversation it does not list yet, and when the unread total says the rows are out of date', async () => {
    await openInbox();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const opening = message(90, 9, 'Hello, is the job still open?', 0);
    stored = [...stored, conversation(9, { id: 9, displayName: 'Yossi M.' }, 'Moving boxes', opening, 1)];
    act(() => userEvents.emit('message', { conversationId: 9, message: opening }));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(rows()[0]).toHaveTextContent('Yossi M.');
    expect(server.requests('GET', '/me/conversations')).toHaveLength(2);

    // The rows add up to 3 unread: a total of 3 is already shown; 1 means another tab read Dana's.
    act(() => userEvents.emit('unread', { unreadTotal: 3 }));
    expect(server.requests('GET', '/me/conversations')).toHaveLength(2);
    stored = stored.map((c) => (c.id === 6 ? { ...c, unread: 0 } : c));
    act(() => userEvents.emit('unread', { unreadTotal: 1 }));
    await waitFor(() => expect(screen.queryByText('2 unread messages')).toBeNull());
    expect(server.requests('GET', '/me/conversations')).toHaveLength(3);
  });

  describe('a page at a time', () => {
    const older = (n: number) =>
      conversation(
        100 + n,
        { id: 50 + n, displayName: `Member ${n}.` },
        `Listing ${n}`,
        message(1000 + n, 50 + n, `Older ${n}`, 10 * 24 * 60 + n),
      );
    /** The first page is `stored`; the page after `page-2` the older conversations, then no more. */
    const paged = (second: Conversation[], after: string | null = null) =>
      server.on('GET', '/me/conversations', (request) =>
        request.query.get('cursor') === 'page-2'
          ? { status: 200, data: { conversations: second, unreadTotal: 2, nextCursor: after } }
          : { status: 200, data: { conversations: stored, unreadTotal: 2, nextCursor: 'page-2' } },
      );

    it('appends the next page with "Show more", the keyboard on its first conversation, and hides the button after the last page', async () => {
      const user = userEvent.setup();
      paged([older(1), older(2)]);
      await openInbox();
      await waitFor(() => expect(rows()).toHaveLength(3));
      await user.click(screen.getByRole('button', { name: 'Show more conversations' }));
      await waitFor(() => expect(rows()).toHaveLength(5));
      expect(server.requests('GET', '/me/conversations').map((r) => r.query.get('cursor'))).toEqual([null, 'page-2']);
      expect(rows()[3]).toHaveAttribute('href', '/en/messages/101');
      expect(rows()[3]).toHaveFocus();
      expect(screen.queryByRole('button', { name: 'Show more conversations' })).toBeNull();
    });

    it('keeps the button while more pages are left, and says when one failed to load', async () => {
      const user = userEvent.setup();
      paged([older(1)], 'page-3');
      await openInbox();
      await waitFor(() => expect(rows()).toHaveLength(3));
      await user.click(screen.getByRole('button', { name: 'Show more conversations' }));
      await waitFor(() => expect(rows()).toHaveLength(4));
      expect(screen.getByRole('button', { name: 'Show more conversations' })).toBeInTheDocument();
      server.on('GET', '/me/conversations', failure(500, 'serverError'));
      await user.click(screen.getByRole('button', { name: 'Show more conversations' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load more conversations. Please try again.');
      expect(rows()).toHaveLength(4);
      expect(screen.getByRole('button', { name: 'Show more conversations' })).toBeInTheDocument();
    });

    it('on a resync, asks for the first page again and keeps the older pages shown below it', async () => {
      const user = userEvent.setup();
      paged([older(1)], 'page-3');
      await openInbox();
      await waitFor(() => expect(rows()).toHaveLength(3));
      await user.click(screen.getByRole('button', { name: 'Show more conversations' }));
      await waitFor(() => expect(rows()).toHaveLength(4));

      // While the stream was away, Omar wrote again and someone new applied.
      stored = [
        { ...stored[2]!, lastMessage: message(72, OMAR.id, 'Are we still on for Sunday?', 1), unread: 1 },
        conversation(9, { id: 9, displayName: 'Yossi M.' }, 'Moving boxes', message(90, 9, 'Hello, is the job still open?', 0), 1),
        stored[1]!,
        stored[0]!,
      ];
      act(() => userEvents.emit('resync', {}));
      await waitFor(() => expect(rows()).toHaveLength(5));
      expect(rows().map((row) => row.getAttribute('href'))).toEqual([
        '/en/messages/9',
        '/en/messages/7',
        '/en/messages/6',
        '/en/messages/5',
        '/en/messages/101',
      ]);
      expect(rows()[1]).toHaveTextContent('Are we still on for Sunday?');
      expect(server.requests('GET', '/me/conversations').map((r) => r.query.get('cursor'))).toEqual([null, 'page-2', null]);
      // Where the next page begins is still after the last row shown.
      await user.click(screen.getByRole('button', { name: 'Show more conversations' }));
      await waitFor(() => expect(server.requests('GET', '/me/conversations').at(-1)?.query.get('cursor')).toBe('page-3'));
    });
  });

  it('offers to try again when the list cannot be loaded', async () => {
    server.on('GET', '/me/conversations', failure(500, 'serverError'));
    await openInbox();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your messages. Please try again.');
    server.on('GET', '/me/conversations', () => ({ status: 200, data: { conversations: stored, unreadTotal: 2, nextCursor: null } }));
    act(() => screen.getByRole('button', { name: 'Try again' }).click());
    await waitFor(() => expect(rows()).toHaveLength(3));
  });

  it.each([
    ['he', 'שתי הודעות שלא נקראו', 'העבודה סומנה כהושלמה. עכשיו אפשר לכתוב חוות דעת הדדית.'],
    ['ar', 'رسالتان غير مقروءتين', 'تم تأكيد إنجاز العمل. يمكن لكلٍّ منكما الآن تقييم الآخر.'],
    ['ru', '2 непрочитанных сообщения', 'Работа отмечена как выполненная. Теперь вы можете оставить отзывы друг о друге.'],
  ] as const)(
    'in %s, counts the unread and words the site’s note in the reader’s language, links keeping the language',
    async (language, unread, note) => {
      await openInbox(language);
      const list = await screen.findByRole('list');
      await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(3));
      const [, dana, lena] = within(list).getAllByRole('link');
      expect(dana).toHaveAttribute('href', `/${language}/messages/6`);
      expect(dana).toHaveAccessibleName(expect.stringContaining(unread));
      expect(lena).toHaveTextContent(note);
    },
  );
});
