import { act, renderHook, waitFor } from '@testing-library/react';
import { api, HttpError, type ApiError } from '@tasko/shared';
import { useRemoteData } from './useRemoteData';
import { installMockApi } from '../../test/mockApi';
import type { UserProfile } from '@tasko/shared';

/** One call of `load`: the signal it was given, and its answer, settled by the test. */
interface Asked<T> {
  key: string;
  signal: AbortSignal;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

/** A `load` that records each call and answers only when the test says (whether or not it was aborted). */
function heldLoads<T>() {
  const asked: Asked<T>[] = [];
  const loadFor = (key: string) => (signal: AbortSignal) =>
    new Promise<T>((resolve, reject) => {
      asked.push({ key, signal, resolve, reject });
    });
  const nth = (index: number): Asked<T> => {
    const call = asked[index];
    if (!call) throw new Error(`load was called ${asked.length} times, not ${index + 1}`);
    return call;
  };
  return { asked, loadFor, nth };
}

function renderRemote<T>(initialKey: string | null, loadFor: (key: string) => (signal: AbortSignal) => Promise<T>) {
  return renderHook(({ key }: { key: string | null }) => useRemoteData<T>(key, (signal) => loadFor(key ?? 'none')(signal)), {
    initialProps: { key: initialKey },
  });
}

describe('useRemoteData', () => {
  it('is loading until its answer is in, then ready with it', async () => {
    const { loadFor, nth } = heldLoads<string>();
    const { result } = renderRemote('job:7', loadFor);
    expect(result.current.state).toEqual({ status: 'loading' });

    await act(async () => nth(0).resolve('the listing'));
    expect(result.current.state).toEqual({ status: 'ready', data: 'the listing' });
    expect(result.current.latest).toBe('the listing');
  });

  it('aborts the request of the key it replaces, and shows the new key as loading, never with the old answer', async () => {
    const { asked, loadFor, nth } = heldLoads<string>();
    const { result, rerender } = renderRemote('page:1', loadFor);
    await act(async () => nth(0).resolve('first page'));

    rerender({ key: 'page:2' });
    expect(result.current.state).toEqual({ status: 'loading' });
    // A paged list may keep the page it showed: it is `latest`, never the new key's data.
    expect(result.current.latest).toBe('first page');

    rerender({ key: 'page:3' });
    expect(asked.slice(1).map((call) => [call.key, call.signal.aborted])).toEqual([
      ['page:2', true],
      ['page:3', false],
    ]);
  });

  it('aborts the request under way when the page goes away', () => {
    const { loadFor, nth } = heldLoads<string>();
    const { unmount } = renderRemote('inbox', loadFor);
    expect(nth(0).signal.aborted).toBe(false);
    unmount();
    expect(nth(0).signal.aborted).toBe(true);
  });

  it('drops an answer for an older key that comes after the newer one, even from a load that ignores its signal', async () => {
    const { loadFor, nth } = heldLoads<string>();
    const { result, rerender } = renderRemote('profile:3', loadFor);
    rerender({ key: 'profile:4' });

    await act(async () => nth(1).resolve('member 4'));
    await act(async () => nth(0).resolve('member 3'));
    expect(result.current.state).toEqual({ status: 'ready', data: 'member 4' });

    // Nor does an older key's failure replace it.
    rerender({ key: 'profile:5' });
    rerender({ key: 'profile:4' });
    await act(async () => nth(3).resolve('member 4 again'));
    await act(async () => nth(2).reject(new HttpError({ status: 500, data: {} })));
    expect(result.current.state).toEqual({ status: 'ready', data: 'member 4 again' });
  });

  it('fails with the ApiError of the shared client and the failure as thrown, and asks again from nothing on retry', async () => {
    const { asked, loadFor, nth } = heldLoads<string>();
    const { result } = renderRemote('alerts', loadFor);
    const refusal = new HttpError({ status: 404, data: { statusCode: 404, messageKey: 'userNotFound' } });
    await act(async () => nth(0).reject(refusal));
    expect(result.current.state).toEqual({ status: 'failed', error: { statusCode: 404, messageKey: 'userNotFound' }, cause: refusal });

    act(() => result.current.retry());
    expect(result.current.state).toEqual({ status: 'loading' });
    expect(asked).toHaveLength(2);
    await act(async () => nth(1).resolve('the alerts'));
    expect(result.current.state).toEqual({ status: 'ready', data: 'the alerts' });
  });

  it('reads a thrown value that is no HttpError as a server error, and a load that throws at once as a failure', async () => {
    const chunkFailed = new Error('Loading chunk 7 failed');
    const { result } = renderHook(() =>
      useRemoteData<string>('article', () => {
        throw chunkFailed;
      }),
    );
    await waitFor(() => expect(result.current.state.status).toBe('failed'));
    expect(result.current.state).toEqual({ status: 'failed', error: { statusCode: 0, messageKey: 'serverError' }, cause: chunkFailed });
  });

  it('keeps the answer shown through a quiet refresh, which it replaces, and which a failure leaves as it was', async () => {
    const { asked, loadFor, nth } = heldLoads<string[]>();
    const { result } = renderRemote('inbox', loadFor);
    await act(async () => nth(0).resolve(['first']));

    let refreshed: Promise<void> | undefined;
    act(() => {
      refreshed = result.current.refresh();
    });
    expect(result.current.state).toEqual({ status: 'ready', data: ['first'] });
    await act(async () => nth(1).resolve(['second', 'first']));
    await expect(refreshed).resolves.toBeUndefined();
    expect(result.current.state).toEqual({ status: 'ready', data: ['second', 'first'] });

    act(() => {
      refreshed = result.current.refresh();
    });
    // A newer refresh replaces the one under way.
    act(() => void result.current.refresh());
    expect(nth(2).signal.aborted).toBe(true);
    await act(async () => nth(3).reject(new HttpError()));
    await expect(refreshed).resolves.toBeUndefined();
    expect(result.current.state).toEqual({ status: 'ready', data: ['second', 'first'] });
    expect(asked).toHaveLength(4);
  });

  it('settles a refresh at once, asking nothing, when the key has changed since the render it was made in', async () => {
    const { asked, loadFor, nth } = heldLoads<string>();
    const { result, rerender } = renderRemote('page:1', loadFor);
    await act(async () => nth(0).resolve('first page'));
    const refreshPageOne = result.current.refresh;
    rerender({ key: 'page:2' });

    let refreshed: Promise<void> | undefined;
    act(() => {
      refreshed = refreshPageOne();
    });
    await expect(refreshed).resolves.toBeUndefined();
    expect(asked.map((call) => call.key)).toEqual(['page:1', 'page:2']);
  });

  it('updates the answer shown after a mutation, but not another key’s answer with a change meant for an older one', async () => {
    const { loadFor, nth } = heldLoads<number[]>();
    const { result, rerender } = renderRemote('page:1', loadFor);
    await act(async () => nth(0).resolve([1, 2, 3]));

    act(() => result.current.update((ids) => ids.filter((id) => id !== 2)));
    expect(result.current.state).toEqual({ status: 'ready', data: [1, 3] });
    expect(result.current.latest).toEqual([1, 3]);

    const updatePageOne = result.current.update;
    rerender({ key: 'page:2' });
    await act(async () => nth(1).resolve([4, 5]));
    act(() => updatePageOne((ids) => ids.filter((id) => id !== 4)));
    expect(result.current.state).toEqual({ status: 'ready', data: [4, 5] });
  });

  it('asks nothing without a key, and asks again, from loading, when the same key comes back', async () => {
    const { asked, loadFor, nth } = heldLoads<string>();
    const { result, rerender } = renderRemote(null, loadFor);
    expect(result.current.state).toEqual({ status: 'idle' });
    expect(asked).toHaveLength(0);

    rerender({ key: 'edit:7' });
    await act(async () => nth(0).resolve('listing 7'));
    rerender({ key: null });
    expect(result.current.state).toEqual({ status: 'idle' });
    expect(result.current.latest).toBeUndefined();
    expect(nth(0).signal.aborted).toBe(true);

    rerender({ key: 'edit:7' });
    expect(result.current.state).toEqual({ status: 'loading' });
    expect(asked).toHaveLength(2);
  });

  describe('with the axios-based api client', () => {
    const server = installMockApi();
    const profile = (id: number) => ({ id, displayName: `Member ${id}` }) as unknown as UserProfile;

    it('aborts the request axios has sent when the key changes, and takes the newer answer', async () => {
      server.answerWith('hold');
      const { result, rerender } = renderHook(({ id }) => useRemoteData(`profile:${id}`, (signal) => api.deal.profile(id, signal)), {
        initialProps: { id: 3 },
      });
      const first = await server.held(1);
      rerender({ id: 4 });
      const second = await server.held(2);
      expect([first.url, first.isAborted, second.url, second.isAborted]).toEqual(['/api/v1/users/3', true, '/api/v1/users/4', false]);

      await act(async () => second.answer(200, profile(4)));
      await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: profile(4) }));
    });

    it('reads a lost connection as networkError, and a refusal as the server’s key', async () => {
      server.answerWith('offline');
      const { result } = renderHook(() => useRemoteData('profile:3', (signal) => api.deal.profile(3, signal)));
      await waitFor(() => expect(result.current.state.status).toBe('failed'));
      const lost: ApiError = { statusCode: 0, messageKey: 'networkError' };
      expect(result.current.state).toMatchObject({ status: 'failed', error: lost });

      server.answerWith({ status: 404, data: { statusCode: 404, messageKey: 'userNotFound' } });
      act(() => result.current.retry());
      await waitFor(() =>
        expect(result.current.state).toMatchObject({ status: 'failed', error: { statusCode: 404, messageKey: 'userNotFound' } }),
      );
    });
  });
});
