import { STORAGE_KEYS } from '../domain/storageKeys';

// The auth event bus, in the shared core (docs/architecture.md#the-federation-contract): one emitter per page,
// mirrored to the other tabs through a storage event, which every browser fires in the other tabs of the same
// origin.

export type AuthEvent = 'login' | 'logout' | 'unauthorized';
export interface AuthEventDetail {
  event: AuthEvent;
  /** True when the event was raised in another tab. */
  isRemote: boolean;
  /** For `unauthorized`: the path the user was on, to come back to after signing in. */
  intendedPath?: string;
}
type Listener = (detail: AuthEventDetail) => void;

const listeners = new Set<Listener>();
let isMirroring = false;

function deliver(detail: AuthEventDetail): void {
  for (const listener of [...listeners]) listener(detail);
}

function startMirroring(): void {
  if (isMirroring || typeof window === 'undefined') return;
  isMirroring = true;
  window.addEventListener('storage', (e) => {
    if (e.key !== STORAGE_KEYS.authEvent || !e.newValue) return;
    try {
      const { event } = JSON.parse(e.newValue) as { event: AuthEvent };
      // `unauthorized` concerns only the tab whose request failed; the tab then logs out, which is mirrored.
      if (event === 'login' || event === 'logout') deliver({ event, isRemote: true });
    } catch {
      // A foreign value under our key: nothing to mirror.
    }
  });
}

export const authBus = {
  on(listener: Listener): () => void {
    startMirroring();
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  emit(event: AuthEvent, intendedPath?: string): void {
    deliver({ event, isRemote: false, ...(intendedPath ? { intendedPath } : {}) });
    if (event === 'unauthorized' || typeof window === 'undefined') return;
    try {
      // A fresh value each time, or a second logout in a row would not fire the storage event.
      window.localStorage.setItem(STORAGE_KEYS.authEvent, JSON.stringify({ event, at: Date.now(), nonce: Math.random() }));
    } catch {
      // Storage full or blocked (private mode): other tabs still catch up on their next request.
    }
  },
};
