// Stand-ins the release tests share (never imported by the site's code): what the server says is current, and
// a federation runtime whose pages say which entry they were loaded from.
import { act } from '@testing-library/react';
import type { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  api,
  RELEASE_AREAS,
  REMOTE_NAMES,
  REMOTES,
  siteRemoteEntry,
  type CurrentReleases,
  type ReleaseArea,
  type RemoteName,
} from '@tasko/shared';
import { tabReleases } from './tabReleases';

export const releaseEntry = (remote: RemoteName, id: string) =>
  `https://cdn.example/mfe/releases/${REMOTES[remote].folder}/${id}/remoteEntry.js`;

/** What the server says is current: release zero everywhere (as the page was served), but for the areas given. */
export function currentWith(changes: Partial<Record<ReleaseArea, string>>): CurrentReleases {
  const releases = Object.fromEntries(RELEASE_AREAS.map((area) => [area, changes[area] ?? 'dist'])) as Record<ReleaseArea, string>;
  const remotes = Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, changes[name] ? releaseEntry(name, changes[name]) : siteRemoteEntry(name)]),
  ) as Record<RemoteName, string>;
  return { releases, remotes };
}

/**
 * The runtime's two calls, mocked: a page renders an h1 naming the entry its remote was registered at last
 * (or the page's own), so a test sees which release a page came from. Answers that record of entries.
 */
export function fakeFederationRuntime(
  load: jest.MockedFunction<typeof loadRemote>,
  register: jest.MockedFunction<typeof registerRemotes>,
): Partial<Record<string, string>> {
  const registered: Partial<Record<string, string>> = {};
  load.mockReset().mockImplementation(async (id) => {
    const release = registered[id.split('/')[0] ?? ''] ?? 'the page’s entry';
    return { default: () => <h1>{`${id} from ${release}`}</h1> };
  });
  register.mockReset().mockImplementation((remotes) => {
    for (const remote of remotes) if ('entry' in remote) registered[remote.name] = remote.entry;
  });
  return registered;
}

/** The server answers the tab's next check with these changes (through `api.currentReleases`, spied on), and the tab checks now. */
export async function serverReleases(
  currentReleases: jest.SpiedFunction<typeof api.currentReleases>,
  changes: Partial<Record<ReleaseArea, string>>,
): Promise<void> {
  currentReleases.mockResolvedValueOnce(currentWith(changes));
  await act(() => tabReleases.checkReleasesNow());
}
