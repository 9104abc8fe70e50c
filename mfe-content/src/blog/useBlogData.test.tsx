import { Component, type ReactNode } from 'react';
import { act, render, renderHook, screen } from '@testing-library/react';
import { useBlogData } from './useBlogData';

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}

describe('useBlogData', () => {
  it('is loading until its load answers, and loading again for a new key, never showing the previous answer', async () => {
    const english = deferred<string>();
    const hebrew = deferred<string>();
    const loadEnglish = () => english.promise;
    const loadHebrew = () => hebrew.promise;
    const { result, rerender } = renderHook(({ key, load }) => useBlogData(key, load), { initialProps: { key: 'en', load: loadEnglish } });
    expect(result.current).toEqual({ status: 'loading' });

    await act(async () => english.resolve('Hello'));
    expect(result.current).toEqual({ status: 'loaded', value: 'Hello' });

    rerender({ key: 'he', load: loadHebrew });
    expect(result.current).toEqual({ status: 'loading' });
    await act(async () => hebrew.resolve('שלום'));
    expect(result.current).toEqual({ status: 'loaded', value: 'שלום' });
  });

  it('ignores the answer of a load it no longer shows', async () => {
    const slow = deferred<string>();
    const fast = deferred<string>();
    const { result, rerender } = renderHook(({ key, load }) => useBlogData(key, load), {
      initialProps: { key: 'he:blog1', load: () => slow.promise },
    });
    rerender({ key: 'he:blog2', load: () => fast.promise });
    await act(async () => fast.resolve('second'));
    await act(async () => slow.resolve('first'));
    expect(result.current).toEqual({ status: 'loaded', value: 'second' });
  });

  it('rethrows a failed load while rendering, for the page boundary', async () => {
    const failing = deferred<string>();
    const load = () => failing.promise;
    function Article() {
      const state = useBlogData('en:blog1', load);
      return <p>{state.status}</p>;
    }
    jest.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <Boundary>
        <Article />
      </Boundary>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(async () => failing.reject(new Error('chunk failed')));
    expect(screen.getByRole('alert')).toHaveTextContent('chunk failed');
  });
});
