import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
// Its own entry (`@tasko/shared/cursorList`), not the deal kit's index: the inbox pages its conversations
// with it and would otherwise download the kit's components and styles (docs/deal.md, "Messages (pages)").
import type { ApiError } from '@tasko/shared';
import { useRemoteData } from '@tasko/shared/remoteData';
import '../styles/showMore.css';

/** One page of a list paged by cursor (docs/deal.md, "Paged lists"): `nextCursor` null on the last page. */
export interface CursorListPage<T> {
  items: T[];
  nextCursor: string | null;
}

export type CursorListState<T> =
  | { status: 'loading' }
  | { status: 'failed'; error: ApiError }
  /** `nextCursor`: where the page after the last shown begins; null once the whole list is shown. */
  | { status: 'loaded'; items: T[]; nextCursor: string | null };

/** The "Show more" request: none yet (or done), on its way, or failed (the button stays for another try). */
export type MoreState = 'idle' | 'loading' | 'failed';

export interface CursorListOptions<T> {
  /** Which list; null asks nothing. A new key starts from its first page. */
  key: string | null;
  /** A page: the first without `cursor`. */
  load: (page: { cursor?: string; signal: AbortSignal }) => Promise<CursorListPage<T>>;
  idOf: (item: T) => number;
  /**
   * The list's order, when the page keeps it itself (the inbox moves a conversation up as a message arrives): the
   * whole list is sorted with it after each page. Without it, the server's order, pages one after the other.
   */
  order?: (a: T, b: T) => number;
  /**
   * The element that takes the keyboard when "Show more" has added items (WCAG 2.4.3): the first new one's
   * link or button, or the last item's when the page brought nothing new and the button went away.
   */
  focusOf?: (id: number) => HTMLElement | null | undefined;
}

export interface CursorList<T> {
  state: CursorListState<T>;
  more: MoreState;
  /** Asks from nothing: loading, then the first page or the failure. */
  retry: () => void;
  /**
   * Asks for the first page again quietly and puts it on top of what is shown (a new item, or news the stream
   * could not tell): nothing shown is lost, a failure changes nothing. Settles once done (never rejects).
   */
  refresh: () => Promise<void>;
  /** Appends the next page, each item once. */
  loadMore: () => void;
  /** Changes the items shown (a move answered, a live event). */
  update: (change: (items: T[]) => T[]) => void;
}

/**
 * The first page just read, on top of the list shown: its items first (in the server's order, the last activity
 * first), then those shown that it does not hold. Those are older than its last item, so the list stays in order;
 * where the shown list went further than one page, its own cursor still says where the next page begins.
 */
export function withFirstPage<T>(shown: CursorListPage<T>, first: CursorListPage<T>, idOf: (item: T) => number): CursorListPage<T> {
  const inFirst = new Set(first.items.map(idOf));
  const rest = shown.items.filter((item) => !inFirst.has(idOf(item)));
  return { items: [...first.items, ...rest], nextCursor: rest.length > 0 ? shown.nextCursor : first.nextCursor };
}

/** The next page after the list shown, each item once: one that moved up since is already on the list. */
export function withNextPage<T>(shown: CursorListPage<T>, next: CursorListPage<T>, idOf: (item: T) => number): CursorListPage<T> {
  const ids = new Set(shown.items.map(idOf));
  return { items: [...shown.items, ...next.items.filter((item) => !ids.has(idOf(item)))], nextCursor: next.nextCursor };
}

/**
 * A list paged by cursor, as the deal's lists are (conversations, applicants, my applications, blocked
 * members): the first page through `useRemoteData`, "Show more" appending the next, and quiet refreshes of the
 * first page that keep what is shown. Answers are dropped once the key changed or a retry started afresh.
 */
export function useCursorList<T>({ key, load, idOf, order, focusOf }: CursorListOptions<T>): CursorList<T> {
  const latest = useRef({ load, idOf, order, focusOf });
  useLayoutEffect(() => {
    latest.current = { load, idOf, order, focusOf };
  });
  const sorted = useCallback((page: CursorListPage<T>): CursorListPage<T> => {
    const { order: by } = latest.current;
    return by ? { ...page, items: [...page.items].sort(by) } : page;
  }, []);
  // A page without `nextCursor` (a server older than the contract) is the last: never a "Show more" that loops.
  const loadPage = useCallback(
    (page: { cursor?: string; signal: AbortSignal }) =>
      latest.current.load(page).then((answer) => ({ items: answer.items, nextCursor: answer.nextCursor ?? null })),
    [],
  );
  const {
    state: remote,
    retry: retryFirst,
    update: updateRemote,
  } = useRemoteData<CursorListPage<T>>(key, (signal) => loadPage({ signal }).then(sorted));

  // Every retry or new key is a new generation: an answer of an earlier one is not added to the list.
  const generation = useRef(0);
  const rendered = useRef({ key, remote });
  useLayoutEffect(() => {
    if (rendered.current.key !== key) generation.current++;
    rendered.current = { key, remote };
  });
  const requests = useRef(new Set<AbortController>());
  useEffect(() => {
    const open = requests.current;
    return () => {
      for (const controller of open) controller.abort();
      open.clear();
    };
  }, [key]);

  const [moreOf, setMoreOf] = useState<{ key: string | null; state: MoreState }>({ key, state: 'idle' });
  const more: MoreState = moreOf.key === key ? moreOf.state : 'idle';
  const isLoadingMore = useRef(false);
  // Set with the appended page, read after the render that shows it: the id whose control takes the keyboard.
  const focusAfterAppend = useRef<number | null>(null);

  /** `send` with a signal aborted when the key changes or the page goes; its answer, or null if it no longer counts. */
  const ask = useCallback(async <A,>(send: (signal: AbortSignal) => Promise<A>): Promise<A | null> => {
    const controller = new AbortController();
    const asked = generation.current;
    requests.current.add(controller);
    try {
      const answer = await send(controller.signal);
      return controller.signal.aborted || asked !== generation.current ? null : answer;
    } finally {
      requests.current.delete(controller);
    }
  }, []);

  const refreshes = useRef(0);
  const refresh = useCallback(async (): Promise<void> => {
    if (rendered.current.remote.status !== 'ready') return;
    // Only the newest refresh is taken: an older first page must not undo a newer one.
    const number = ++refreshes.current;
    try {
      const first = await ask((signal) => loadPage({ signal }));
      if (first && number === refreshes.current) updateRemote((shown) => sorted(withFirstPage(shown, first, latest.current.idOf)));
    } catch {
      // What is shown stays; the next event or visit asks again.
    }
  }, [ask, loadPage, sorted, updateRemote]);

  const loadMore = useCallback(() => {
    const shown = rendered.current.remote.status === 'ready' ? rendered.current.remote.data : null;
    if (!shown?.nextCursor || isLoadingMore.current) return;
    const { nextCursor } = shown;
    const asked = key;
    isLoadingMore.current = true;
    setMoreOf({ key: asked, state: 'loading' });
    void ask((signal) => loadPage({ cursor: nextCursor, signal }))
      .then(
        (next) => {
          if (!next) return;
          const { idOf } = latest.current;
          updateRemote((current) => sorted(withNextPage(current, next, idOf)));
          const known = new Set(shown.items.map(idOf));
          // The first new one as the list will show it (in its order, when the page keeps one).
          const firstNew = sorted(withNextPage(shown, next, idOf)).items.find((item) => !known.has(idOf(item)));
          const last = shown.items.at(-1);
          focusAfterAppend.current = firstNew ? idOf(firstNew) : next.nextCursor === null && last ? idOf(last) : null;
          setMoreOf({ key: asked, state: 'idle' });
        },
        () => setMoreOf({ key: asked, state: 'failed' }),
      )
      .finally(() => {
        isLoadingMore.current = false;
      });
  }, [ask, key, loadPage, sorted, updateRemote]);

  useEffect(() => {
    const id = focusAfterAppend.current;
    if (id === null) return;
    const target = latest.current.focusOf?.(id);
    // Not rendered yet (the page's answer is still on its way to the screen): the next render tries again.
    if (!target) return;
    focusAfterAppend.current = null;
    target.focus();
  });

  const retry = useCallback(() => {
    generation.current++;
    focusAfterAppend.current = null;
    setMoreOf({ key, state: 'idle' });
    retryFirst();
  }, [key, retryFirst]);

  const update = useCallback(
    (change: (items: T[]) => T[]) => updateRemote((shown) => ({ ...shown, items: change(shown.items) })),
    [updateRemote],
  );

  let state: CursorListState<T> = { status: 'loading' };
  if (remote.status === 'ready') state = { status: 'loaded', items: remote.data.items, nextCursor: remote.data.nextCursor };
  else if (remote.status === 'failed') state = { status: 'failed', error: remote.error };
  return { state, more, retry, refresh, loadMore, update };
}

/**
 * "Show more" under a paged list while there is a next page: busy (not disabled, so the keyboard stays on it)
 * while it loads; a failure is said beside it and the button stays for another try.
 */
export function ShowMoreButton({
  list,
  label,
  failedText,
}: {
  list: Pick<CursorList<unknown>, 'state' | 'more' | 'loadMore'>;
  label: string;
  failedText: string;
}) {
  const { state, more, loadMore } = list;
  if (state.status !== 'loaded' || state.nextCursor === null) return null;
  return (
    <div className="show-more">
      <button
        type="button"
        className="button show-more__button"
        aria-disabled={more === 'loading' || undefined}
        aria-busy={more === 'loading'}
        onClick={loadMore}
      >
        {label}
      </button>
      {more === 'failed' && (
        <p className="alert alert--error" role="alert">
          {failedText}
        </p>
      )}
    </div>
  );
}
