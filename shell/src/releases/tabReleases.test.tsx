// The releases an open tab runs: how often it asks which are current, and what a navigation does with an
// area released anew since (a remote moves on in place, the shell loads the next page in full).
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { Link, MemoryRouter, Routes } from '@tasko/shared/router';
import { api, RELEASE_CHECK_INTERVAL_MS, ROUTER_FUTURE, type CurrentReleases } from '@tasko/shared';
import { setUpI18n } from '../../../shared/test/renderWithProviders';
import { pageRoutes } from '../app/routeTable';
import { loadDocument } from '../app/reloadPage';
import { createTabReleases, staleAreasOf, tabReleases } from './tabReleases';
import { useReleasesOnNavigation } from './useReleasesOnNavigation';
import { currentWith, fakeFederationRuntime, releaseEntry, serverReleases } from './releaseFakes';

jest.mock('@module-federation/enhanced/runtime', () => ({
  ...jest.requireActual<object>('@module-federation/enhanced/runtime'),
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));
jest.mock('../app/reloadPage', () => ({ reloadPage: jest.fn(), loadDocument: jest.fn() }));

const load = loadRemote as jest.MockedFunction<typeof loadRemote>;
const register = registerRemotes as jest.MockedFunction<typeof registerRemotes>;
const fullLoad = loadDocument as jest.MockedFunction<typeof loadDocument>;

describe('the check of current releases', () => {
  afterEach(() => jest.useRealTimers());

  it('asks once a minute, and when the visitor comes back to the tab, but never twice within a minute', async () => {
    jest.useFakeTimers();
    const currentReleases = jest.fn(async () => currentWith({}));
    const tab = createTabReleases({ page: () => ({}), currentReleases });
    const stop = tab.start();
    const after = async (ms: number) => act(async () => jest.advanceTimersByTime(ms));

    await after(RELEASE_CHECK_INTERVAL_MS - 1);
    expect(currentReleases).toHaveBeenCalledTimes(0);
    await after(1);
    expect(currentReleases).toHaveBeenCalledTimes(1);
    // Focusing again and again, or coming back to the tab, within the minute asks nothing more.
    await after(20_000);
    window.dispatchEvent(new Event('focus'));
    window.dispatchEvent(new Event('focus'));
    document.dispatchEvent(new Event('visibilitychange'));
    expect(currentReleases).toHaveBeenCalledTimes(1);
    await after(40_000 - 1);
    expect(currentReleases).toHaveBeenCalledTimes(1);
    await after(1);
    expect(currentReleases).toHaveBeenCalledTimes(2);

    stop();
    await after(5 * RELEASE_CHECK_INTERVAL_MS);
    window.dispatchEvent(new Event('focus'));
    expect(currentReleases).toHaveBeenCalledTimes(2);
  });

  it('leaves a hidden tab alone until it is shown again', async () => {
    jest.useFakeTimers();
    const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const currentReleases = jest.fn(async () => currentWith({}));
    const stop = createTabReleases({ page: () => ({}), currentReleases }).start();
    await act(async () => jest.advanceTimersByTime(3 * RELEASE_CHECK_INTERVAL_MS));
    expect(currentReleases).not.toHaveBeenCalled();
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(currentReleases).toHaveBeenCalledTimes(1);
    // The next check is a minute after that one.
    await act(async () => jest.advanceTimersByTime(RELEASE_CHECK_INTERVAL_MS - 1));
    expect(currentReleases).toHaveBeenCalledTimes(1);
    await act(async () => jest.advanceTimersByTime(1));
    expect(currentReleases).toHaveBeenCalledTimes(2);
    stop();
    visibility.mockRestore();
  });

  it('finds the areas released anew since the page was served, and keeps its answer when a check fails', async () => {
    const currentReleases = jest.fn<Promise<CurrentReleases>, [AbortSignal?]>();
    const tab = createTabReleases({
      page: () => ({ releases: { shell: 'S1', mfe_jobs: 'J1' }, remotes: { mfe_jobs: releaseEntry('mfe_jobs', 'J1') } }),
      currentReleases,
    });
    expect(staleAreasOf(tab.state())).toEqual([]);
    currentReleases.mockResolvedValueOnce({ ...currentWith({ shell: 'S1', mfe_jobs: 'J2' }) });
    await tab.checkReleasesNow();
    expect(staleAreasOf(tab.state())).toEqual(['mfe_jobs']);
    expect(tab.releaseOf('mfe_jobs')).toBe('J1');

    currentReleases.mockRejectedValueOnce(new Error('Network Error'));
    await tab.checkReleasesNow();
    expect(staleAreasOf(tab.state())).toEqual(['mfe_jobs']);

    // Moved on: the tab runs the new release, from its entry, and remembers the old one's folder.
    expect(tab.adopt('mfe_jobs')).toBe(releaseEntry('mfe_jobs', 'J2'));
    expect(tab.adopt('mfe_jobs')).toBeNull();
    expect(staleAreasOf(tab.state())).toEqual([]);
    expect(tab.entryOf('mfe_jobs')).toBe(releaseEntry('mfe_jobs', 'J2'));
    expect(
      tab
        .knownEntries()
        .filter(({ remote }) => remote === 'mfe_jobs')
        .map(({ releaseId }) => releaseId),
    ).toEqual(['J1', 'J2']);
  });
});

describe('a navigation', () => {
  const currentReleases = jest.spyOn(api, 'currentReleases');

  function Site() {
    useReleasesOnNavigation();
    return (
      <>
        <nav>
          <Link to="/en/tasks">Tasks</Link>
          <Link to="/en/job/5">A job</Link>
          <Link to="/en/faq">Questions</Link>
          <Link to="/en/about">About</Link>
          <Link to="/en/contact" state={{ isSent: true }}>
            Message sent
          </Link>
        </nav>
        <form aria-label="Post" onSubmit={(event) => event.preventDefault()}>
          <label>
            Title <input />
          </label>
          <button type="submit">Publish</button>
        </form>
        <Routes>{pageRoutes()}</Routes>
      </>
    );
  }

  const renderSite = (path: string) =>
    render(
      <MemoryRouter future={ROUTER_FUTURE} initialEntries={[path]}>
        <Site />
      </MemoryRouter>,
    );

  beforeEach(async () => {
    fakeFederationRuntime(load, register);
    fullLoad.mockReset();
    currentReleases.mockReset();
    await act(() => setUpI18n('en'));
  });

  it('into a remote released anew moves it on in place, never under its page on screen', async () => {
    renderSite('/en/tasks');
    expect(await screen.findByRole('heading', { name: 'mfe_jobs/TasksPage from the page’s entry' })).toBeInTheDocument();

    await serverReleases(currentReleases, { mfe_jobs: 'J2' });
    // Within the remote the visitor stays on the release on screen.
    await userEvent.click(screen.getByRole('link', { name: 'A job' }));
    expect(await screen.findByRole('heading', { name: 'mfe_jobs/JobPage from the page’s entry' })).toBeInTheDocument();
    expect(register).not.toHaveBeenCalled();

    // Back into it from another area: registered anew at its new entry, and its pages loaded anew.
    await userEvent.click(screen.getByRole('link', { name: 'Questions' }));
    await screen.findByRole('heading', { name: /^mfe_content\/FaqPage/ });
    await userEvent.click(screen.getByRole('link', { name: 'Tasks' }));
    const newEntry = releaseEntry('mfe_jobs', 'J2');
    expect(await screen.findByRole('heading', { name: `mfe_jobs/TasksPage from ${newEntry}` })).toBeInTheDocument();
    expect(register).toHaveBeenCalledTimes(1);
    expect(register).toHaveBeenCalledWith([{ name: 'mfe_jobs', entry: newEntry }], { force: true });
    expect(load.mock.calls.filter(([id]) => id === 'mfe_jobs/TasksPage')).toHaveLength(2);
    expect(tabReleases.releaseOf('mfe_jobs')).toBe('J2');
    expect(fullLoad).not.toHaveBeenCalled();
  });

  it('into a remote released while the visitor was elsewhere takes the new release at once', async () => {
    renderSite('/en/tasks');
    await screen.findByRole('heading', { name: /^mfe_jobs\/TasksPage/ });
    await serverReleases(currentReleases, { mfe_jobs: 'J2', mfe_content: 'C2' });
    await userEvent.click(screen.getByRole('link', { name: 'Questions' }));
    expect(
      await screen.findByRole('heading', { name: `mfe_content/FaqPage from ${releaseEntry('mfe_content', 'C2')}` }),
    ).toBeInTheDocument();
    expect(register).toHaveBeenCalledWith([{ name: 'mfe_content', entry: releaseEntry('mfe_content', 'C2') }], { force: true });
  });

  // Last: the shell, once stale, stays stale for the rest of this file (it never moves on in place).
  it('after the shell was released anew loads the next page in full, but not while a form holds unsaved input', async () => {
    renderSite('/en/about');
    await screen.findByRole('heading', { name: /^mfe_content\/AboutPage/ });
    await serverReleases(currentReleases, { shell: 'S2', mfe_jobs: 'J2', mfe_content: 'C2' });

    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'Moving a sofa');
    await userEvent.click(screen.getByRole('link', { name: 'Tasks' }));
    expect(await screen.findByRole('heading', { name: /^mfe_jobs\/TasksPage/ })).toBeInTheDocument();
    expect(fullLoad).not.toHaveBeenCalled();

    // A state only this document holds stays in place.
    await userEvent.click(screen.getByRole('link', { name: 'Message sent' }));
    expect(fullLoad).not.toHaveBeenCalled();

    // Typed, then sent: nothing unsaved.
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), ' to Haifa');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await userEvent.click(screen.getByRole('link', { name: 'A job' }));
    expect(fullLoad).toHaveBeenCalledWith('/en/job/5');
    expect(fullLoad).toHaveBeenCalledTimes(1);
  });
});
