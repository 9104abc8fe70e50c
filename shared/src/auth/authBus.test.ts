import { loadFresh } from '../../test/isolated';
import { STORAGE_KEYS } from '../domain/storageKeys';
import { DEFAULT_SETTINGS } from '../domain/settings';

function loadAuth(): typeof import('./index') {
  return loadFresh(() => jest.requireActual<typeof import('./index')>('./index'));
}

/** What the browser does in every other tab when this one writes to localStorage. */
function storageEventFromAnotherTab(key: string, newValue: string | null) {
  window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: localStorage }));
}

beforeEach(() => localStorage.clear());

describe('auth event bus', () => {
  it('delivers events in this tab and writes them for the other tabs', () => {
    const { authBus } = loadAuth();
    const seen: unknown[] = [];
    const off = authBus.on((detail) => seen.push(detail));
    authBus.emit('login');
    off();
    authBus.emit('logout');
    expect(seen).toEqual([{ event: 'login', isRemote: false }]);
    expect((JSON.parse(localStorage.getItem(STORAGE_KEYS.authEvent) ?? '{}') as { event?: unknown }).event).toBe('logout');
  });

  it('mirrors a logout from another tab and clears this tab’s user', () => {
    const { authBus, authStore, userAtom, signIn } = loadAuth();
    signIn({ token: 't', info: { email: 'a@b.c', name: 'A' }, settings: DEFAULT_SETTINGS });
    const seen: unknown[] = [];
    authBus.on((detail) => seen.push(detail));

    localStorage.removeItem(STORAGE_KEYS.user);
    storageEventFromAnotherTab(STORAGE_KEYS.authEvent, JSON.stringify({ event: 'logout', at: 1 }));

    expect(seen).toEqual([{ event: 'logout', isRemote: true }]);
    expect(authStore.get(userAtom)).toBeNull();
  });

  it('mirrors a login from another tab with the user it stored', () => {
    const { authBus, authStore, userAtom } = loadAuth();
    authBus.on(() => undefined);
    const stored = { token: 'other-tab', info: { email: 'b@c.d', name: 'B' }, settings: DEFAULT_SETTINGS };
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(stored));
    storageEventFromAnotherTab(STORAGE_KEYS.authEvent, JSON.stringify({ event: 'login', at: 2 }));
    expect(authStore.get(userAtom)).toEqual(stored);
  });

  it('keeps `unauthorized` to the tab whose request failed and ignores foreign values', () => {
    const { authBus } = loadAuth();
    const seen: unknown[] = [];
    authBus.on((detail) => seen.push(detail));
    storageEventFromAnotherTab(STORAGE_KEYS.authEvent, JSON.stringify({ event: 'unauthorized' }));
    storageEventFromAnotherTab(STORAGE_KEYS.authEvent, 'not json');
    storageEventFromAnotherTab('some.other.key', JSON.stringify({ event: 'logout' }));
    expect(seen).toEqual([]);
  });
});
