import { loadFresh } from '../../test/isolated';
import { STORAGE_KEYS } from '../domain/storageKeys';
import { DEFAULT_SETTINGS } from '../domain/settings';
import type { StoredUser } from './authStore';

const user: StoredUser = {
  token: 'session-token',
  info: { email: 'dana@example.com', name: 'Dana' },
  settings: DEFAULT_SETTINGS,
};

/** A fresh copy of the store module, as after a page reload. */
function loadStore(): typeof import('./authStore') {
  return loadFresh(() => jest.requireActual<typeof import('./authStore')>('./authStore'));
}

beforeEach(() => localStorage.clear());

describe('auth store', () => {
  it('persists the user under the fixed key and restores it at start', () => {
    const first = loadStore();
    first.signIn(user);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null')).toEqual(user);

    const afterReload = loadStore();
    expect(afterReload.authStore.get(afterReload.userAtom)).toEqual(user);
    expect(afterReload.authStore.get(afterReload.isLoggedInAtom)).toBe(true);
    expect(afterReload.currentToken()).toBe('session-token');
  });

  it('reads a tampered value as signed out instead of crashing', () => {
    localStorage.setItem(STORAGE_KEYS.user, '{"token": 42');
    expect(loadStore().currentToken()).toBeNull();
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ token: 'x' }));
    expect(loadStore().currentToken()).toBeNull();
  });

  it('logs out in order: user, analytics identity, local storage', () => {
    const store = loadStore();
    store.signIn(user);
    localStorage.setItem(STORAGE_KEYS.language, 'ru');
    localStorage.setItem(STORAGE_KEYS.postDraft, '{"description":"draft"}');
    const order: string[] = [];
    store.registerSignOutHooks({
      clearAnalyticsIdentity: () => {
        order.push(store.authStore.get(store.userAtom) === null ? 'analytics after user' : 'analytics before user');
        order.push(localStorage.getItem(STORAGE_KEYS.postDraft) ? 'storage still there' : 'storage already gone');
      },
    });
    store.signOut();
    expect(order).toEqual(['analytics after user', 'storage still there']);
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.postDraft)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('ru');
  });
});
