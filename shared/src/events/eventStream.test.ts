import { loadFresh } from '../../test/isolated';
import type { DealEventMap, DealEventType } from '../domain/deal';
import { DEFAULT_SETTINGS } from '../domain/settings';
import { STORAGE_KEYS } from '../domain/storageKeys';
import type { StoredUser } from '../auth/authStore';
import { channelsOfOneBrowser, FakeEventSource, FakeLocks } from '../../test/liveEventFakes';
import { MAX_RETRY_DELAY_MS, retryDelay, type StreamBrowser, type StreamServer } from './eventStream';

// Each "tab" is a fresh copy of the modules (its own bus, store and atoms), as two pages are; they share what a
// browser shares between tabs: localStorage, the locks, the channel, and the server.

const dana: StoredUser = {
  token: 'session',
  info: { id: 7, email: 'dana@example.com', name: 'Dana', ageConfirmed: true },
  settings: DEFAULT_SETTINGS,
};

/** The API's two calls: a new ticket each time, and the unread total the test sets. */
function fakeServer() {
  let tickets = 0;
  const state = { unread: 2 };
  const server = {
    state,
    ticket: jest.fn<Promise<string>, []>(async () => `ticket-${(tickets += 1)}`),
    unreadTotal: jest.fn<Promise<number>, []>(async () => state.unread),
  };
  return server satisfies StreamServer;
}

/** A page of its own: the bus, the store and the stream of a fresh copy of the modules. */
function openTab() {
  return loadFresh(() => ({
    ...jest.requireActual<typeof import('./eventStream')>('./eventStream'),
    ...jest.requireActual<typeof import('./userEvents')>('./userEvents'),
    ...jest.requireActual<typeof import('../auth/authStore')>('../auth/authStore'),
    ...jest.requireActual<typeof import('../api/apiError')>('../api/apiError'),
  }));
}
type Tab = ReturnType<typeof openTab>;

/** Everything a tab's bus hears, in order. */
function listen(tab: Tab) {
  const heard: [DealEventType, unknown][] = [];
  for (const type of ['message', 'application', 'review', 'unread', 'resync'] as const)
    tab.userEvents.on(type, (data) => heard.push([type, data]));
  return heard;
}

/** Lets the promises (tickets, lock grants, channel deliveries) run. */
async function settle() {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
}

const message: DealEventMap['message'] = {
  conversationId: 3,
  message: { id: 90, authorId: 12, text: 'Is Tuesday fine?', createdAt: '2025-05-01T10:00:00.000Z', kind: 'user' },
};

let browser: StreamBrowser;
let locks: FakeLocks;

beforeEach(() => {
  localStorage.clear();
  FakeEventSource.opened = [];
  locks = new FakeLocks();
  browser = { EventSource: FakeEventSource, locks, BroadcastChannel: channelsOfOneBrowser(), storage: localStorage, random: () => 1 };
});

afterEach(() => jest.useRealTimers());

describe('the event stream, one per browser', () => {
  it('opens one stream for two tabs and brings every event to both buses, the unread total to both badges', async () => {
    const server = fakeServer();
    const [first, second] = [openTab(), openTab()];
    const [heardByFirst, heardBySecond] = [listen(first), listen(second)];
    first.startEventStream(dana, { browser, server });
    second.startEventStream(dana, { browser, server });
    await settle();

    expect(FakeEventSource.opened).toHaveLength(1);
    const [stream] = FakeEventSource.opened as [FakeEventSource];
    expect(stream.url).toBe('/api/v1/me/events?ticket=ticket-1');
    expect(server.ticket).toHaveBeenCalledTimes(1);

    // Connected: the leader asks the total once and gives it to the other tab.
    stream.open();
    await settle();
    expect(server.unreadTotal).toHaveBeenCalledTimes(1);
    expect([first.authStore.get(first.unreadTotalAtom), second.authStore.get(second.unreadTotalAtom)]).toEqual([2, 2]);

    stream.send('message', message, '41');
    stream.send('unread', { unreadTotal: 3 }, '42');
    await settle();
    const expected = [
      ['message', message],
      ['unread', { unreadTotal: 3 }],
    ];
    expect(heardByFirst).toEqual(expected);
    expect(heardBySecond).toEqual(expected);
    expect([first.authStore.get(first.unreadTotalAtom), second.authStore.get(second.unreadTotalAtom)]).toEqual([3, 3]);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.lastEventId) ?? 'null')).toEqual({ user: '7', id: '42' });
  });

  it('gives a tab opened later the total the leader knows, and passes the stream on when the leader closes', async () => {
    const server = fakeServer();
    const leader = openTab();
    const stopLeader = leader.startEventStream(dana, { browser, server });
    await settle();
    const [first] = FakeEventSource.opened as [FakeEventSource];
    first.open();
    first.send('unread', { unreadTotal: 4 }, '50');
    await settle();

    const later = openTab();
    const heardLater = listen(later);
    later.startEventStream(dana, { browser, server });
    await settle();
    expect(later.authStore.get(later.unreadTotalAtom)).toBe(4);
    expect(FakeEventSource.opened).toHaveLength(1);

    // The leader's tab closes: the lock passes to the other tab, which resumes after the last event seen.
    stopLeader();
    await settle();
    expect(first.isClosed).toBe(true);
    expect(FakeEventSource.opened).toHaveLength(2);
    const second = FakeEventSource.opened[1] as FakeEventSource;
    expect(second.query).toEqual({ ticket: 'ticket-2', lastEventId: '50' });
    second.send('message', message, '51');
    await settle();
    expect(heardLater).toEqual([['message', message]]);
  });

  it('reconnects after an error with a new ticket and the last id, after a wait that doubles up to 30 s', async () => {
    jest.useFakeTimers();
    const server = fakeServer();
    const tab = openTab();
    tab.startEventStream(dana, { browser, server });
    await jest.advanceTimersByTimeAsync(0);
    const [first] = FakeEventSource.opened as [FakeEventSource];
    first.open();
    first.send('message', message, '7');
    await jest.advanceTimersByTimeAsync(0);

    first.fail();
    expect(first.isClosed).toBe(true);
    // Not the browser's own reconnection, which would send the used ticket again: ours, a moment later.
    await jest.advanceTimersByTimeAsync(999);
    expect(FakeEventSource.opened).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(FakeEventSource.opened).toHaveLength(2);
    const second = FakeEventSource.opened[1] as FakeEventSource;
    expect(second.query).toEqual({ ticket: 'ticket-2', lastEventId: '7' });

    // The total is asked again on each connection: events may have been missed in between.
    server.state.unread = 9;
    second.open();
    await jest.advanceTimersByTimeAsync(0);
    expect(server.unreadTotal).toHaveBeenCalledTimes(2);
    expect(tab.authStore.get(tab.unreadTotalAtom)).toBe(9);

    // A second failure in a row waits twice as long; a failed ticket request is one more failure.
    server.ticket.mockRejectedValueOnce(new tab.HttpError(undefined));
    second.fail();
    await jest.advanceTimersByTimeAsync(2000);
    expect(server.ticket).toHaveBeenCalledTimes(3);
    expect(FakeEventSource.opened).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(3999);
    expect(FakeEventSource.opened).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(FakeEventSource.opened).toHaveLength(3);
  });

  it('waits at most 30 s, jittered between half and all of the wait', () => {
    expect([0, 1, 2, 3, 4].map((failures) => retryDelay(failures, () => 1))).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(retryDelay(5, () => 1)).toBe(MAX_RETRY_DELAY_MS);
    expect(retryDelay(40, () => 1)).toBe(MAX_RETRY_DELAY_MS);
    expect(retryDelay(40, () => 0)).toBe(MAX_RETRY_DELAY_MS / 2);
  });

  it('stops asking for tickets when the API refuses the member (no confirmed age)', async () => {
    jest.useFakeTimers();
    const server = fakeServer();
    const tab = openTab();
    // The tab's own class: the page's API client rejects with it.
    server.ticket.mockRejectedValue(new tab.HttpError({ status: 403, data: { statusCode: 403, messageKey: 'ageConfirmationRequired' } }));
    tab.startEventStream(dana, { browser, server });
    await jest.advanceTimersByTimeAsync(10 * MAX_RETRY_DELAY_MS);
    expect(server.ticket).toHaveBeenCalledTimes(1);
    expect(FakeEventSource.opened).toHaveLength(0);
  });

  it('stops everything on sign-out: the stream, the retries, the lock and the channel', async () => {
    jest.useFakeTimers();
    const server = fakeServer();
    const [leader, follower] = [openTab(), openTab()];
    const heardByFollower = listen(follower);
    const stopLeader = leader.startEventStream(dana, { browser, server });
    const stopFollower = follower.startEventStream(dana, { browser, server });
    await jest.advanceTimersByTimeAsync(0);
    const [stream] = FakeEventSource.opened as [FakeEventSource];
    stream.fail();

    stopFollower();
    stopLeader();
    await jest.advanceTimersByTimeAsync(10 * MAX_RETRY_DELAY_MS);
    expect(stream.isClosed).toBe(true);
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(server.ticket).toHaveBeenCalledTimes(1);
    expect(locks.isHeld).toBe(false);
    expect(heardByFollower).toEqual([]);
  });

  it('opens a stream in each tab where the browser cannot share one (no Web Locks)', async () => {
    const server = fakeServer();
    const alone = { ...browser, locks: undefined };
    const [first, second] = [openTab(), openTab()];
    const heardBySecond = listen(second);
    first.startEventStream(dana, { browser: alone, server });
    second.startEventStream(dana, { browser: alone, server });
    await settle();
    expect(FakeEventSource.opened).toHaveLength(2);
    const [, secondStream] = FakeEventSource.opened as [FakeEventSource, FakeEventSource];
    secondStream.send('message', message, '3');
    await settle();
    // Each tab hears its own stream once, never the other's again.
    expect(heardBySecond).toEqual([['message', message]]);
  });

  it('on resync: every tab hears it, the total is asked again, and the next connection starts from its id', async () => {
    jest.useFakeTimers();
    const server = fakeServer();
    const [leader, follower] = [openTab(), openTab()];
    const [heardByLeader, heardByFollower] = [listen(leader), listen(follower)];
    leader.startEventStream(dana, { browser, server });
    follower.startEventStream(dana, { browser, server });
    await jest.advanceTimersByTimeAsync(0);
    const [first] = FakeEventSource.opened as [FakeEventSource];
    first.open();
    await jest.advanceTimersByTimeAsync(0);
    expect(server.unreadTotal).toHaveBeenCalledTimes(1);

    // The replay's last event, then more missed than the server replays: its id is the newest event's.
    first.send('message', message, '41');
    server.state.unread = 12;
    first.send('resync', {}, '900');
    await jest.advanceTimersByTimeAsync(0);
    const expected = [
      ['message', message],
      ['resync', {}],
    ];
    expect(heardByLeader).toEqual(expected);
    expect(heardByFollower).toEqual(expected);
    expect(server.unreadTotal).toHaveBeenCalledTimes(2);
    expect([leader.authStore.get(leader.unreadTotalAtom), follower.authStore.get(follower.unreadTotalAtom)]).toEqual([12, 12]);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.lastEventId) ?? 'null')).toEqual({ user: '7', id: '900' });

    // Not the truncated backlog again: the next connection asks for what comes after the resync.
    first.fail();
    await jest.advanceTimersByTimeAsync(1000);
    expect(FakeEventSource.opened).toHaveLength(2);
    expect((FakeEventSource.opened[1] as FakeEventSource).query).toEqual({ ticket: 'ticket-2', lastEventId: '900' });
  });

  it('does not resume from another member’s last event, and skips an event it cannot read', async () => {
    localStorage.setItem(STORAGE_KEYS.lastEventId, JSON.stringify({ user: '99', id: '500' }));
    const server = fakeServer();
    const tab = openTab();
    const heard = listen(tab);
    tab.startEventStream(dana, { browser, server });
    await settle();
    const [stream] = FakeEventSource.opened as [FakeEventSource];
    expect(stream.query).toEqual({ ticket: 'ticket-1' });

    stream.sendText('message', '{not json', '501');
    stream.send('message', message, '502');
    expect(heard).toEqual([['message', message]]);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.lastEventId) ?? 'null')).toEqual({ user: '7', id: '502' });
  });
});
