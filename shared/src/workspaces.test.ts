/**
 * @jest-environment node
 */
// The package lists and the remotes' federation `exposes` that builds, jest and the e2e specs derive from
// the repository (shared/build/workspaces.cjs): a page left out of `exposes` would fail only at run time.
import { federatedPackages, pageExposes, remotePackages } from '../build/workspaces.cjs';
import { PAGE_ROUTES, REMOTES, REMOTE_NAMES } from './domain/routes';

describe('workspaces', () => {
  it('lists the shell first, then a package for each remote of the route table', () => {
    expect(federatedPackages()[0]).toBe('shell');
    expect(federatedPackages().slice(1)).toEqual(remotePackages());
    expect([...remotePackages()].sort()).toEqual(REMOTE_NAMES.map((name) => `mfe-${REMOTES[name].folder}`).sort());
  });

  it("exposes each of a remote's pages from its folder", () => {
    expect(pageExposes('mfe_jobs')).toEqual({
      './HomePage': './src/pages/HomePage/HomePage.tsx',
      './TasksPage': './src/pages/TasksPage/TasksPage.tsx',
      './JobPage': './src/pages/JobPage/JobPage.tsx',
      './UserProfilePage': './src/pages/UserProfilePage/UserProfilePage.tsx',
    });
  });

  it.each(REMOTE_NAMES)('exposes every module the route table loads from %s', (remote) => {
    const exposed = Object.keys(pageExposes(remote));
    for (const route of PAGE_ROUTES.filter((r) => r.remote === remote)) expect(exposed).toContain(`./${route.module}`);
  });

  it('refuses a remote without routes', () => {
    expect(() => pageExposes('mfe_unknown')).toThrow(/no route of PAGE_ROUTES .* "mfe_unknown"/);
  });
});
