import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { MemoryRouter, Routes } from '@tasko/shared/router';
import { api, ROUTER_FUTURE } from '@tasko/shared';
import { setUpI18n } from '../../../shared/test/renderWithProviders';
import { pageRoutes } from '../app/routeTable';
import { reloadPage } from '../app/reloadPage';
import { ReleaseNotice } from './ReleaseNotice';
import { useReleasesOnNavigation } from './useReleasesOnNavigation';
import { fakeFederationRuntime, releaseEntry, serverReleases } from './releaseFakes';

jest.mock('@module-federation/enhanced/runtime', () => ({
  ...jest.requireActual<object>('@module-federation/enhanced/runtime'),
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));
jest.mock('../app/reloadPage', () => ({ reloadPage: jest.fn(), loadDocument: jest.fn() }));

const load = loadRemote as jest.MockedFunction<typeof loadRemote>;
const register = registerRemotes as jest.MockedFunction<typeof registerRemotes>;
const reload = reloadPage as jest.MockedFunction<typeof reloadPage>;
const currentReleases = jest.spyOn(api, 'currentReleases');

function Layout() {
  useReleasesOnNavigation();
  return (
    <main id="main" tabIndex={-1}>
      <ReleaseNotice />
      <Routes>{pageRoutes()}</Routes>
    </main>
  );
}

async function renderPage(path: string, heading: RegExp) {
  const view = render(
    <MemoryRouter future={ROUTER_FUTURE} initialEntries={[path]}>
      <Layout />
    </MemoryRouter>,
  );
  await screen.findByRole('heading', { name: heading });
  return view;
}

/** The notice's live region: the only status left once the page has loaded. */
const notice = () => screen.getByRole('status');

beforeEach(async () => {
  fakeFederationRuntime(load, register);
  reload.mockReset();
  currentReleases.mockReset();
  await act(() => setUpI18n('en'));
});

describe('ReleaseNotice', () => {
  it('is a polite status, said only when the page on screen has a new release, and "Reload page" renders it anew in place', async () => {
    await renderPage('/en/faq', /^mfe_content\/FaqPage/);
    expect(notice()).toBeEmptyDOMElement();

    // Another area's release is none of this page's business.
    await serverReleases(currentReleases, { mfe_jobs: 'J2' });
    expect(notice()).toBeEmptyDOMElement();
    expect(screen.queryByRole('button', { name: 'Reload page' })).toBeNull();

    await serverReleases(currentReleases, { mfe_jobs: 'J2', mfe_content: 'C2' });
    expect(notice()).toHaveTextContent('A new version of this page is available.');
    // Nothing moves by itself: the page on screen is the one loaded before.
    expect(screen.getByRole('heading', { name: 'mfe_content/FaqPage from the page’s entry' })).toBeInTheDocument();
    expect(register).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Reload page' }));
    const newEntry = releaseEntry('mfe_content', 'C2');
    expect(await screen.findByRole('heading', { name: `mfe_content/FaqPage from ${newEntry}` })).toBeInTheDocument();
    expect(register).toHaveBeenCalledWith([{ name: 'mfe_content', entry: newEntry }], { force: true });
    expect(reload).not.toHaveBeenCalled();
    expect(notice()).toBeEmptyDOMElement();
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('closes until the next release', async () => {
    await renderPage('/en/about', /^mfe_content\/AboutPage/);
    await serverReleases(currentReleases, { mfe_jobs: 'J2', mfe_content: 'C3' });
    expect(notice()).toHaveTextContent('A new version of this page is available.');

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(notice()).toBeEmptyDOMElement();
    await serverReleases(currentReleases, { mfe_jobs: 'J2', mfe_content: 'C3' });
    expect(notice()).toBeEmptyDOMElement();

    await serverReleases(currentReleases, { mfe_jobs: 'J2', mfe_content: 'C4' });
    expect(notice()).toHaveTextContent('A new version of this page is available.');
    expect(register).not.toHaveBeenCalled();
  });

  it('shows on every page when the shell has a new release, whose "Reload page" loads the page anew from the server', async () => {
    // Coming from the content pages before, into mfe_jobs (released in the first test): it moves on as the page opens.
    await renderPage('/en/tasks', /^mfe_jobs\/TasksPage/);
    expect(register).toHaveBeenCalledWith([{ name: 'mfe_jobs', entry: releaseEntry('mfe_jobs', 'J2') }], { force: true });
    expect(notice()).toBeEmptyDOMElement();

    await serverReleases(currentReleases, { shell: 'S2', mfe_jobs: 'J2', mfe_content: 'C4' });
    expect(notice()).toHaveTextContent('A new version of this page is available.');
    await userEvent.click(screen.getByRole('button', { name: 'Reload page' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(register).toHaveBeenCalledTimes(1);
  });
});
