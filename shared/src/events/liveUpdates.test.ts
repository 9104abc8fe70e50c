import { installMockApi } from '../../test/mockApi';
import { channelsOfOneBrowser, FakeEventSource, FakeLocks } from '../../test/liveEventFakes';
import { authStore, signIn, signOut, type StoredUser } from '../auth/authStore';
import { DEFAULT_SETTINGS } from '../domain/settings';
import { startLiveUpdates } from './liveUpdates';
import { unreadTotalAtom, userEvents } from './userEvents';

// The core's starter with the page's own parts: the API client (its requests answered at axios's adapter) and
// the browser's EventSource, BroadcastChannel, Web Locks and idle callback (stand-ins: jsdom has none).

const mockApi = installMockApi();
const dana: StoredUser = {
  token: 'session-token',
  info: { id: 7, email: 'dana@example.com', name: 'Dana', ageConfirmed: true },
  settings: DEFAULT_SETTINGS,
};

let idleTasks: IdleRequestCallback[] = [];
let locks: FakeLocks;

/** The browser finds a quiet moment: what waited for one runs. */
function becomeIdle() {
  const tasks = idleTasks;
  idleTasks = [];
  for (const task of tasks) task({ didTimeout: false, timeRemaining: () => 50 });
}

async function settle() {
  for (let i = 0; i < 30; i += 1) await Promise.resolve();
}

const streams = () => FakeEventSource.opened;

beforeAll(() => {
  Object.assign(globalThis, {
    EventSource: FakeEventSource,
    BroadcastChannel: channelsOfOneBrowser(),
    requestIdleCallback: (task: IdleRequestCallback) => idleTasks.push(task),
    cancelIdleCallback: (id: number) => idleTasks.splice(id - 1, 1, () => undefined),
  });
});

afterAll(() => {
  for (const name of ['EventSource', 'BroadcastChannel', 'requestIdleCallback', 'cancelIdleCallback'])
    Reflect.deleteProperty(globalThis, name);
  Reflect.deleteProperty(navigator, 'locks');
});

beforeEach(() => {
  signOut();
  localStorage.clear();
  idleTasks = [];
  FakeEventSource.opened = [];
  locks = new FakeLocks();
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
  // One answer for both calls the stream makes: each reads its own field.
  mockApi.answerWith({ status: 200, data: { ticket: 'ticket-abc', conversations: [], unreadTotal: 3 } });
});

describe('startLiveUpdates', () => {
  it('starts the stream once a signed-in page is idle, asks the API for a ticket and the unread total, and stops on sign-out', async () => {
    signIn(dana);
    const stop = startLiveUpdates();
    await settle();
    // Nothing before the page is idle: no chunk, no request, no stream.
    expect(mockApi.sent).toHaveLength(0);
    expect(streams()).toHaveLength(0);

    becomeIdle();
    await mockApi.reached(1);
    await settle();
    expect(mockApi.sent.map(({ method, url, headers }) => [method, url, headers.Authorization])).toEqual([
      ['POST', '/api/v1/me/events/ticket', 'Bearer session-token'],
    ]);
    expect(streams().map((stream) => stream.url)).toEqual(['/api/v1/me/events?ticket=ticket-abc']);
    expect(locks.isHeld).toBe(true);

    const [stream] = streams() as [FakeEventSource];
    stream.open();
    await mockApi.reached(2);
    await settle();
    expect(mockApi.sent[1]?.url).toBe('/api/v1/me/conversations');
    expect(authStore.get(unreadTotalAtom)).toBe(3);

    const heard: unknown[] = [];
    const off = userEvents.on('unread', (data) => heard.push(data));
    stream.send('unread', { unreadTotal: 1 }, '12');
    off();
    expect(heard).toEqual([{ unreadTotal: 1 }]);
    expect(authStore.get(unreadTotalAtom)).toBe(1);

    signOut();
    await settle();
    expect(stream.isClosed).toBe(true);
    expect(locks.isHeld).toBe(false);
    expect(authStore.get(unreadTotalAtom)).toBeNull();

    // Signing in again starts again, once the page is idle.
    signIn(dana);
    becomeIdle();
    await settle();
    await mockApi.reached(3);
    await settle();
    expect(streams()).toHaveLength(2);
    stop();
    expect(streams()[1]?.isClosed).toBe(true);
  });

  it('loads nothing for a visitor who is not signed in, nor before the member confirms their age', async () => {
    const stop = startLiveUpdates();
    expect(idleTasks).toHaveLength(0);

    signIn({ ...dana, info: { ...dana.info, ageConfirmed: false } });
    await settle();
    expect(idleTasks).toHaveLength(0);

    // Confirming the age (the stored user updated) starts it.
    signIn(dana);
    expect(idleTasks).toHaveLength(1);
    stop();
    becomeIdle();
    await settle();
    expect(streams()).toHaveLength(0);
    expect(mockApi.sent).toHaveLength(0);
  });
});
