import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  api,
  RELEASE_AREAS,
  REMOTE_NAMES,
  siteRemoteEntry,
  type CurrentReleases,
  type PageRoute,
  type ReleaseArea,
  type RemoteName,
} from '@tasko/shared';
import { renderAt, setUpI18n } from '../../../shared/test/renderWithProviders';
import { RoutePage } from './RoutePage';
import { loadDocument, reloadPage } from './reloadPage';
import { REMOTE_LOAD_TIMEOUT_MS } from './remotePage';
import { BUILDS_GLOBAL, federationWatch } from './federation';

// The runtime's own API stays (the watch uses it); the page's loads and registrations are the test's.
jest.mock('@module-federation/enhanced/runtime', () => ({
  ...jest.requireActual<object>('@module-federation/enhanced/runtime'),
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

const load = loadRemote as jest.MockedFunction<typeof loadRemote>;
const register = registerRemotes as jest.MockedFunction<typeof registerRemotes>;
// A page of its own per test: the shell keeps each page's lazy component for the life of the tab.
const pageRoute = (module: string, remote: PageRoute['remote'] = 'mfe_content'): PageRoute => ({
  id: 'faq',
  paths: ['/faq'],
  remote,
  module,
});
const chunkFailure = () => Object.assign(new Error('Loading chunk 9732 failed.'), { name: 'ChunkLoadError' });
const faqPage = { default: () => <h1>Questions and answers</h1> };
jest.mock('./reloadPage', () => ({ reloadPage: jest.fn(), loadDocument: jest.fn() }));
const reload = reloadPage as jest.MockedFunction<typeof reloadPage>;
const newDocument = loadDocument as jest.MockedFunction<typeof loadDocument>;

type Hooks = Required<typeof federationWatch.plugin>;
/** The shell's runtime, as it calls the watch: the hook's arguments, only the fields the watch reads. */
const runtimeCalls = {
  containerStarted(remote: string) {
    void federationWatch.plugin.initContainer?.({ remoteInfo: { name: remote }, origin: { name: 'shell' } } as unknown as Parameters<
      Hooks['initContainer']
    >[0]);
  },
  /** A failed load: the runtime asks errorLoadRemote, which may throw a clearer error, else rethrows its own. */
  async failed(id: string, error: Error): Promise<never> {
    await federationWatch.plugin.errorLoadRemote?.({
      id,
      error,
      from: 'runtime',
      lifecycle: 'onLoad',
      origin: { name: 'shell' },
    } as unknown as Parameters<Hooks['errorLoadRemote']>[0]);
    throw error;
  },
};

const reportClientError = jest.spyOn(api, 'reportClientError');
const currentReleases = jest.spyOn(api, 'currentReleases');

beforeEach(async () => {
  load.mockReset();
  register.mockReset();
  reload.mockReset();
  reportClientError.mockReset().mockResolvedValue(undefined);
  currentReleases.mockReset().mockRejectedValue(new Error('Network Error'));
  sessionStorage.clear();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  await act(() => setUpI18n('en'));
});

describe('RoutePage after a failed load', () => {
  // The remote's container started: a failure is one of its page's chunks (the CDN down for a moment).
  beforeAll(() => runtimeCalls.containerStarted('mfe_content'));

  it('loads the page again in place with "Try again" once the network is back, without a reload', async () => {
    load.mockRejectedValueOnce(chunkFailure()).mockResolvedValueOnce(faqPage);
    renderAt(<RoutePage route={pageRoute('FaqPage')} />, '/en/faq');
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Questions and answers' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(reload).not.toHaveBeenCalled();
    // Its container had started: nothing to register anew.
    expect(register).not.toHaveBeenCalled();
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

  it('registers a remote whose entry failed anew on "Try again" and loads the page in place, without a reload', async () => {
    const entryFailure = new Error('[ Federation Runtime ]: Failed to load script resources');
    load.mockImplementationOnce(() => runtimeCalls.failed('mfe_account/LoginPage', entryFailure)).mockResolvedValueOnce(faqPage);
    renderAt(<RoutePage route={pageRoute('LoginPage', 'mfe_account')} />, '/en/faq');
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Questions and answers' })).toBeInTheDocument();
    expect(register).toHaveBeenCalledWith([{ name: 'mfe_account', entry: '/mfe/account/remoteEntry.js' }], { force: true });
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads the page on "Try again" when the page\'s HTML hinted the failed remote\'s files, whose failed answers the browser keeps', async () => {
    const hint = Object.assign(document.createElement('link'), {
      rel: 'preload',
      href: '/mfe/posting/__federation_expose_PostJobPage.1234abcd.js',
    });
    document.head.append(hint);
    try {
      load.mockImplementation(() =>
        runtimeCalls.failed('mfe_posting/PostJobPage', new Error('[ Federation Runtime ]: Failed to load script resources')),
      );
      renderAt(<RoutePage route={pageRoute('PostJobPage', 'mfe_posting')} />, '/en/faq');
      await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
      expect(reload).toHaveBeenCalledTimes(1);
      expect(register).not.toHaveBeenCalled();
    } finally {
      hint.remove();
    }
  });

  it('names both versions in the console when a remote needs a newer shared module than the page has, and shows the error panel', async () => {
    load.mockImplementation(async () => {
      // The remote's runtime resolving the shared core (the watch is global there), then refusing it.
      federationWatch.plugin.resolveShare?.({
        pkgName: '@tasko/shared',
        version: '1.0.0',
        scope: 'default',
        shareScopeMap: { default: { '@tasko/shared': { '1.0.0': { from: 'shell' } } } },
        shareInfo: { from: 'mfe_content', shareConfig: { singleton: true, strictVersion: true, requiredVersion: '^1.99.0' } },
      } as unknown as Parameters<Hooks['resolveShare']>[0]);
      return runtimeCalls.failed('mfe_content/BlogsPage', new Error('[ Federation Runtime ]: the runtime’s own words'));
    });
    renderAt(<RoutePage route={pageRoute('BlogsPage')} />, '/en/faq');
    expect(await screen.findByRole('heading', { name: 'Failed to load page' })).toBeInTheDocument();
    const logged = (console.error as jest.Mock).mock.calls.flat().findLast((value): value is Error => value instanceof Error);
    expect(logged?.name).toBe('VersionSkewError');
    expect(logged?.message).toBe(
      'mfe_content needs @tasko/shared ^1.99.0, but this page runs @tasko/shared 1.0.0 from shell: release shell with @tasko/shared 1.99.0 or newer first, or roll mfe_content back',
    );
  });

  it('names both federation versions in the console when a remote was built with another federation minor, and shows the error panel', async () => {
    const page = globalThis as unknown as Record<string, unknown>;
    page[BUILDS_GLOBAL] = { shell: { federationVersion: '2.9.2' }, mfe_services: { federationVersion: '3.0.1' } };
    try {
      load.mockImplementation(() =>
        runtimeCalls.failed('mfe_services/ServicesPage', new Error('[ Federation Runtime ]: refused before init')),
      );
      renderAt(<RoutePage route={pageRoute('ServicesPage', 'mfe_services')} />, '/en/services');
      expect(await screen.findByRole('heading', { name: 'Failed to load page' })).toBeInTheDocument();
      const logged = (console.error as jest.Mock).mock.calls.flat().findLast((value): value is Error => value instanceof Error);
      expect(logged?.name).toBe('VersionSkewError');
      expect(logged?.message).toMatch(
        /^mfe_services was built with @module-federation\/enhanced 3\.0\.1, but this page runs @module-federation\/enhanced 2\.9\.2 from shell/,
      );
    } finally {
      delete page[BUILDS_GLOBAL];
    }
  });

  it('reports a page whose code did not arrive as a load failure of its remote', async () => {
    load.mockRejectedValue(chunkFailure());
    renderAt(<RoutePage route={pageRoute('TasksPage', 'mfe_jobs')} />, '/en/tasks');
    await screen.findByRole('heading', { name: 'Failed to load page' });
    // The route of the document's location (jsdom's is '/'), by its id.
    expect(reportClientError).toHaveBeenCalledWith({
      releaseId: 'dist',
      remote: 'mfe_jobs',
      route: 'home',
      kind: 'loadFailed',
      message: 'ChunkLoadError: Loading chunk 9732 failed.',
    });
  });
});

describe('RoutePage after its page threw', () => {
  // The page's code arrived and ran: its remote's container started.
  beforeAll(() => runtimeCalls.containerStarted('mfe_jobs'));
  const newJobsEntry = 'https://cdn.example/mfe/releases/jobs/20261127T101500Z-1a2b3c4d/remoteEntry.js';
  /** The server's answer: release zero everywhere, but for the areas given. */
  const currentWith = (
    changes: Partial<Record<ReleaseArea, string>>,
    remotes: Partial<Record<RemoteName, string>> = {},
  ): CurrentReleases => ({
    releases: Object.fromEntries(RELEASE_AREAS.map((area) => [area, changes[area] ?? 'dist'])) as Record<ReleaseArea, string>,
    remotes: Object.fromEntries(REMOTE_NAMES.map((name) => [name, remotes[name] ?? siteRemoteEntry(name)])) as Record<RemoteName, string>,
  });
  const brokenPage = {
    default: (): never => {
      throw new TypeError('listing.photos is undefined');
    },
  };
  const fixedPage = { default: () => <h1>Tasks near you</h1> };

  it('reports it, and renders the page again as today when no release came (or the server could not say)', async () => {
    load.mockReset();
    load.mockResolvedValueOnce(brokenPage).mockResolvedValueOnce(fixedPage);
    renderAt(<RoutePage route={pageRoute('UserProfilePage', 'mfe_jobs')} />, '/en/user/3');
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    // Once per area and kind in a document: the next test's failure is not sent again.
    expect(reportClientError).toHaveBeenCalledWith(
      expect.objectContaining({ remote: 'mfe_jobs', kind: 'renderFailed', message: 'TypeError: listing.photos is undefined' }),
    );

    expect(await screen.findByRole('heading', { name: 'Tasks near you' })).toBeInTheDocument();
    expect(currentReleases).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledTimes(2);
    expect(register).not.toHaveBeenCalled();
  });

  it('says so, and on "Try again" loads the remote\'s new release with a new document when there is one', async () => {
    load.mockResolvedValueOnce(brokenPage).mockResolvedValueOnce(fixedPage);
    currentReleases.mockResolvedValue(currentWith({ mfe_jobs: '20261127T101500Z-1a2b3c4d' }, { mfe_jobs: newJobsEntry }));
    renderAt(<RoutePage route={pageRoute('JobPage', 'mfe_jobs')} />, '/en/job/5');
    expect(await screen.findByRole('heading', { name: 'Something went wrong on this page' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    // Its code already ran in this tab: the new release's modules would meet the old ones in webpack's loading
    // global, so the new release comes with a new document of the same address (jsdom's is '/').
    await waitFor(() => expect(newDocument).toHaveBeenCalledTimes(1));
    expect(currentReleases).toHaveBeenCalledTimes(1);
    expect(register).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });
});
