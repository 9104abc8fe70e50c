import { STORAGE_KEYS } from '@tasko/shared';
import type { Photo } from './photos';

// The photos of a draft, kept in IndexedDB beside the text draft in local storage: blobs do not fit in
// local storage, and a reload or a sign-in round trip must not lose them. Where IndexedDB is missing or
// refused (private windows of some browsers), photos live in memory only and every call is a no-op.

export type StoredDraftPhoto = { kind: 'stored'; url: string } | { kind: 'new'; blob: Blob };

const DB_NAME = `${STORAGE_KEYS.postDraft}.photos`;
const STORE = 'drafts';

let opened: Promise<IDBDatabase | null> | undefined;

function database(): Promise<IDBDatabase | null> {
  opened ??= new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') {
      resolve(null);
      return;
    }
    try {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return opened;
}

async function run<T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | undefined> {
  const db = await database();
  if (!db) return undefined;
  return new Promise((resolve) => {
    try {
      const request = action(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(undefined);
    } catch {
      resolve(undefined);
    }
  });
}

function isDraftPhoto(value: unknown): value is StoredDraftPhoto {
  if (!value || typeof value !== 'object') return false;
  const photo = value as Partial<{ kind: string; url: unknown; blob: unknown }>;
  return (photo.kind === 'stored' && typeof photo.url === 'string') || (photo.kind === 'new' && photo.blob instanceof Blob);
}

export async function loadPhotoDraft(key: string): Promise<StoredDraftPhoto[] | null> {
  const value = await run('readonly', (store) => store.get(key) as IDBRequest<unknown>);
  return Array.isArray(value) ? value.filter(isDraftPhoto) : null;
}

export async function savePhotoDraft(key: string, photos: readonly Photo[]): Promise<void> {
  const stored: StoredDraftPhoto[] = photos.map((p) => (p.kind === 'new' ? { kind: 'new', blob: p.blob } : { kind: 'stored', url: p.url }));
  await run('readwrite', (store) => store.put(stored, key));
}

export async function clearPhotoDraft(key: string): Promise<void> {
  await run('readwrite', (store) => store.delete(key));
}
