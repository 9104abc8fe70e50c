import { act, renderHook } from '@testing-library/react';
import { useWindowErrors } from './useWindowErrors';

function windowError(filename: string) {
  act(() => {
    window.dispatchEvent(new ErrorEvent('error', { filename, message: 'Uncaught TypeError: x is undefined' }));
  });
}

describe('useWindowErrors', () => {
  it('shows the site-wide bar for an error in the shell’s own files or the document, never for a remote’s', () => {
    const { result } = renderHook(() => useWindowErrors());
    // A remote's failure stays in its own area (its page's panel and its report).
    windowError(`${window.location.origin}/mfe/jobs/__federation_expose_TasksPage.js`);
    windowError(`${window.location.origin}/mfe/releases/content/20261127T101500Z-1a2b3c4d/842.js`);
    windowError('chrome-extension://abcdefgh/content.js');
    expect(result.current[0]).toBe(false);

    windowError(`${window.location.origin}/mfe/releases/shell/20261127T101500Z-1a2b3c4d/main.js`);
    expect(result.current[0]).toBe(true);
    act(() => result.current[1]());
    expect(result.current[0]).toBe(false);

    windowError(`${window.location.origin}/mfe/shell/main.js`);
    expect(result.current[0]).toBe(true);
    act(() => result.current[1]());
    windowError(window.location.href);
    expect(result.current[0]).toBe(true);
  });
});
