import { atom, getDefaultStore } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { STORAGE_KEYS } from '../domain/storageKeys';
import type { UserSettings } from '../domain/settings';
import { authBus } from './authBus';

/** The signed-in user (docs/product.md#accounts-and-sign-in): token, info, settings. isLoggedIn is derived. */
export interface StoredUser {
  token: string;
  /** `id`: absent in a session stored before sign-in answers carried it. */
  info: { id?: number; email: string; name: string; picture?: string; googleId?: string; ageConfirmed?: boolean; isAdmin?: boolean };
  settings: UserSettings;
}

function isStoredUser(value: unknown): value is StoredUser {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<StoredUser>;
  return typeof v.token === 'string' && !!v.info && typeof v.info.email === 'string' && !!v.settings;
}

const jsonStorage = createJSONStorage<StoredUser | null>(() => localStorage);
// A value someone edited by hand must not crash the page: anything that is not a user reads as signed out.
const userStorage: typeof jsonStorage = {
  ...jsonStorage,
  getItem(key, initialValue) {
    try {
      const value = jsonStorage.getItem(key, initialValue);
      return isStoredUser(value) ? value : null;
    } catch {
      return null;
    }
  },
};

export const userAtom = atomWithStorage<StoredUser | null>(STORAGE_KEYS.user, null, userStorage, { getOnInit: true });
export const isLoggedInAtom = atom((get) => get(userAtom) !== null);

/** The one store: jotai is a federation singleton, so the shell and every remote share it. */
export const authStore = getDefaultStore();

export function currentToken(): string | null {
  return authStore.get(userAtom)?.token ?? null;
}

export function signIn(user: StoredUser): void {
  authStore.set(userAtom, user);
  authBus.emit('login');
}

export interface SignOutHooks {
  /** Runs after the user is cleared and before local storage is (docs/product.md#accounts-and-sign-in). */
  clearAnalyticsIdentity?: () => void;
}
const signOutHooks: SignOutHooks = {};
export function registerSignOutHooks(hooks: SignOutHooks): void {
  Object.assign(signOutHooks, hooks);
}

/** Keys that survive a logout: device preferences, not personal data. */
const KEPT_ON_LOGOUT = new Set<string>([STORAGE_KEYS.language, STORAGE_KEYS.theme, STORAGE_KEYS.cookieConsent, STORAGE_KEYS.authEvent]);

export function signOut(options: { isRemote?: boolean } = {}): void {
  authStore.set(userAtom, null);
  signOutHooks.clearAnalyticsIdentity?.();
  try {
    for (const key of Object.keys(localStorage)) if (!KEPT_ON_LOGOUT.has(key)) localStorage.removeItem(key);
  } catch {
    // Storage blocked: the user atom is already cleared in memory.
  }
  if (!options.isRemote) authBus.emit('logout');
}

// Another tab signed in or out: read the stored user again so this tab follows.
if (typeof window !== 'undefined') {
  authBus.on(({ event, isRemote }) => {
    if (!isRemote) return;
    const stored = userStorage.getItem(STORAGE_KEYS.user, null);
    authStore.set(userAtom, event === 'logout' ? null : stored);
  });
}
