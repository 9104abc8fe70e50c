import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { PageRoute } from '@tasko/shared';
import { renderAt, setUpI18n } from '../../../shared/test/renderWithProviders';
import { RoutePage } from './RoutePage';
import { reloadPage } from './reloadPage';
import { REMOTE_LOAD_TIMEOUT_MS } from './remotePage';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  // The remote's entry is in: a failure is one of its page's chunks (the CDN down for a moment).
  getInstance: () => ({ moduleCache: new Map([['mfe_content', { remoteEntryExports: {} }]]) }),
}));

const load = loadRemote as jest.MockedFunction<typeof loadRemote>;
// A page of its own per test: the shell keeps each page's lazy component for the life of the tab.
const pageRoute = (module: string): PageRoute => ({ id: module, paths: ['/faq'], remote: 'mfe_content', module });
const chunkFailure = () => Object.assign(new Error('Loading chunk 9732 failed.'), { name: 'ChunkLoadError' });
const faqPage = { default: () => <h1>Questions and answers</h1> };
jest.mock('./reloadPage', () => ({ reloadPage: jest.fn() }));
const reload = reloadPage as jest.MockedFunction<typeof reloadPage>;

beforeEach(async () => {
  load.mockReset();
  reload.mockReset();
  sessionStorage.clear();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  await act(() => setUpI18n('en'));
});

describe('RoutePage after a failed load', () => {
  it('loads the page again in place with "Try again" once the network is back, without a reload', async () => {
    load.mockRejectedValueOnce(chunkFailure()).mockResolvedValueOnce(faqPage);
    renderAt(<RoutePage route={pageRoute('FaqPage')} />, '/en/faq');
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Questions and answers' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(reload).not.toHaveBeenCalled();
  });

  it('falls back to one full reload when the retry fails the same way again', async () => {
    load.mockRejectedValue(chunkFailure());
    renderAt(<RoutePage route={pageRoute('AboutPage')} />, '/en/faq');
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    // The retry asked again (no reload yet) and failed the same way.
    await screen.findByRole('button', { name: 'Try again' });
    expect(load).toHaveBeenCalledTimes(2);
    expect(reload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('says the reader seems offline when the browser knows it, and that the site failed otherwise', async () => {
    load.mockRejectedValue(chunkFailure());
    const onLine = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { unmount } = renderAt(<RoutePage route={pageRoute('EulaPage')} />, '/en/faq');
    expect(await screen.findByRole('heading', { name: 'You seem to be offline' })).toHaveFocus();
    unmount();
    onLine.mockReturnValue(true);
    renderAt(<RoutePage route={pageRoute('EulaPage')} />, '/en/faq');
    expect(await screen.findByRole('heading', { name: 'Failed to load page' })).toBeInTheDocument();
  });

  it('gives up on a remote that hangs after 10 s and offers "Try again"', async () => {
    jest.useFakeTimers();
    try {
      load.mockReturnValue(new Promise(() => undefined));
      renderAt(<RoutePage route={pageRoute('AiInfoPage')} />, '/en/faq');
      await act(async () => jest.advanceTimersByTime(REMOTE_LOAD_TIMEOUT_MS - 100));
      expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
      await act(async () => jest.advanceTimersByTime(200));
      expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('names both versions in the console when a remote needs a newer shared module than the page has, and shows the error panel', async () => {
    // What the federation runtime throws for a singleton with strictVersion (runtime-core utils/share).
    load.mockRejectedValue(new Error('[ Federation Runtime ]: Version 1.0.0 from shell of shared singleton module @tasko/shared does not satisfy the requirement of mfe_content which needs ^1.99.0)'));
    renderAt(<RoutePage route={pageRoute('BlogsPage')} />, '/en/faq');
    expect(await screen.findByRole('heading', { name: 'Failed to load page' })).toBeInTheDocument();
    const logged = (console.error as jest.Mock).mock.calls.flat().findLast((value): value is Error => value instanceof Error);
    expect(logged?.name).toBe('VersionSkewError');
    expect(logged?.message).toBe(
      'mfe_content needs @tasko/shared ^1.99.0, but this page runs @tasko/shared 1.0.0 from shell: release shell with @tasko/shared 1.99.0 or newer first, or roll mfe_content back',
    );
  });
});
