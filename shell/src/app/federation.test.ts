// The shell's federation watch on the federation runtime installed here: a real host instance, and remotes
// whose containers are stand-ins handed over through the runtime's documented `loadEntry` hook (no script to
// fetch in jsdom). Each remote runs its own runtime instance, as a built remote does, initialised on the
// host's share scope.
import { createInstance, registerGlobalPlugins, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { BUILD_INFO_FILE, BUILDS_GLOBAL as FACTORY_BUILDS_GLOBAL } from '../../../shared/build/createFederatedConfig.cjs';
import { BUILDS_GLOBAL, createFederationWatch, VersionSkewError, type BuildRecord } from './federation';

type Builds = Partial<Record<string, BuildRecord>>;
type RemoteEntryExports = Awaited<ReturnType<NonNullable<ModuleFederationRuntimePlugin['loadEntry']>>>;

// An entry URL per test: the runtime keeps a loaded entry for the page's life, across instances.
let release = 0;
const entryOf = (remote: string) => `https://cdn.example/mfe/${remote}/${release}/remoteEntry.js`;
const shareConfig = (requiredVersion: string) => ({ singleton: true, strictVersion: true, requiredVersion });
/** The shell's copy is in the page (`lib`); a remote's own is a fallback fetched only if chosen (`get`), as webpack builds them. */
const shellCore = (version: string) => ({
  version,
  lib: () => ({ version }),
  strategy: 'loaded-first' as const,
  shareConfig: shareConfig(`^${version}`),
});
const remoteCore = (needs: string) => {
  const version = needs.replace(/^\^/, '');
  return { version, get: () => Promise.resolve(() => ({ version })), strategy: 'loaded-first' as const, shareConfig: shareConfig(needs) };
};

/** A built remote in miniature: `init` starts its own runtime on the host's share scope, `get` consumes the shared core. */
function builtRemote(name: string, needs: string, calls: { init: number }): RemoteEntryExports {
  let runtime: ReturnType<typeof createInstance> | undefined;
  return {
    init(shareScope) {
      calls.init += 1;
      runtime = createInstance({ name, remotes: [], shared: { '@tasko/shared': remoteCore(needs) } });
      runtime.initShareScopeMap('default', shareScope);
    },
    get() {
      return async () => {
        await runtime?.loadShare('@tasko/shared');
        return { default: 'Page' };
      };
    },
  };
}

/** The host, as the shell's runtime is: the shared core loaded from it, the watch among its plugins. */
async function shellWith(remote: string, entries: () => RemoteEntryExports, sharedVersion = '1.0.0') {
  const entryPlugin: ModuleFederationRuntimePlugin = { name: 'stand-in-entries', loadEntry: () => entries() };
  const host = createInstance({
    name: 'shell',
    remotes: [{ name: remote, entry: entryOf(remote) }],
    shared: { '@tasko/shared': shellCore(sharedVersion) },
    plugins: [watch.plugin, entryPlugin],
  });
  await host.loadShare('@tasko/shared');
  return host;
}

let builds: Builds;
const watch = createFederationWatch(() => builds);
// As registerFederationWatch does: every runtime created from now on (the remotes') gets the watch.
registerGlobalPlugins([watch.plugin]);

beforeEach(() => {
  release += 1;
  builds = { shell: { federationVersion: '2.9.2' }, mfe_content: { federationVersion: '2.9.2' }, mfe_jobs: { federationVersion: '2.9.2' } };
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('the shell’s federation watch', () => {
  it('reads the build records the webpack factory writes, under the same name', () => {
    expect(BUILDS_GLOBAL).toBe(FACTORY_BUILDS_GLOBAL);
    expect(BUILD_INFO_FILE).toBe('build-info.json');
  });

  it('refuses a remote built with another federation minor before its container starts, naming both versions', async () => {
    builds.mfe_content = { federationVersion: '2.10.0' };
    const calls = { init: 0 };
    const host = await shellWith('mfe_content', () => builtRemote('mfe_content', '^1.0.0', calls));
    const loading = host.loadRemote('mfe_content/FaqPage');
    await expect(loading).rejects.toBeInstanceOf(VersionSkewError);
    await expect(loading).rejects.toThrow(
      'mfe_content was built with @module-federation/enhanced 2.10.0, but this page runs @module-federation/enhanced 2.9.2 from shell: build both with the same major and minor (release shell with 2.10 first, or roll mfe_content back)',
    );
    expect(calls.init).toBe(0);
    expect(watch.hasContainerStarted('mfe_content')).toBe(false);
  });

  it('runs a remote built with another federation patch', async () => {
    builds.mfe_content = { federationVersion: '2.9.7' };
    const host = await shellWith('mfe_content', () => builtRemote('mfe_content', '^1.0.0', { init: 0 }));
    await expect(host.loadRemote('mfe_content/FaqPage')).resolves.toEqual({ default: 'Page' });
  });

  it('names both versions of a shared singleton the remote needs newer than the page has, from what the runtime resolved', async () => {
    const host = await shellWith('mfe_content', () => builtRemote('mfe_content', '^1.99.0', { init: 0 }));
    const loading = host.loadRemote('mfe_content/BlogsPage');
    await expect(loading).rejects.toBeInstanceOf(VersionSkewError);
    await expect(loading).rejects.toThrow(
      'mfe_content needs @tasko/shared ^1.99.0, but this page runs @tasko/shared 1.0.0 from shell: release shell with @tasko/shared 1.99.0 or newer first, or roll mfe_content back',
    );
  });

  it('asks for the remote to be rebuilt, not for the page to go back a major, when the page’s shared module is a newer major than the remote needs', async () => {
    const host = await shellWith('mfe_content', () => builtRemote('mfe_content', '^1.0.0', { init: 0 }), '2.0.0');
    const loading = host.loadRemote('mfe_content/FaqPage');
    await expect(loading).rejects.toBeInstanceOf(VersionSkewError);
    await expect(loading).rejects.toThrow(
      'mfe_content needs @tasko/shared ^1.0.0, but this page runs @tasko/shared 2.0.0 from shell: rebuild and release mfe_content against @tasko/shared 2.0.0 (or roll shell back)',
    );
  });

  it('knows whether a remote’s container started, and loads a remote whose entry failed again once registered anew', async () => {
    let attempts = 0;
    const host = await shellWith('mfe_jobs', () => {
      attempts += 1;
      if (attempts === 1) throw Object.assign(new Error(`Failed to load script "${entryOf('mfe_jobs')}"`), { name: 'ScriptNetworkError' });
      return builtRemote('mfe_jobs', '^1.0.0', { init: 0 });
    });
    await expect(host.loadRemote('mfe_jobs/HomePage')).rejects.toThrow('Failed to load script');
    expect(watch.hasContainerStarted('mfe_jobs')).toBe(false);

    host.registerRemotes([{ name: 'mfe_jobs', entry: entryOf('mfe_jobs') }], { force: true });
    await expect(host.loadRemote('mfe_jobs/HomePage')).resolves.toEqual({ default: 'Page' });
    expect(attempts).toBe(2);
    expect(watch.hasContainerStarted('mfe_jobs')).toBe(true);
  });
});
