/**
 * @jest-environment node
 */
// The webpack factory every package builds with: what a remote's dev server needs to run inside the real shell.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import {
  BUILD_INFO_FILE,
  BUILDS_GLOBAL,
  BuildInfoPlugin,
  ChunkGroupsManifestPlugin,
  createFederatedConfig,
  federationOf,
  SINGLETONS,
} from '../build/createFederatedConfig.cjs';
import sharedPackage from '../package.json';
import { PAGE_ROUTES } from './domain/routes';

const REPO_ROOT = path.join(__dirname, '..', '..');
const installed = (name: string) =>
  (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

interface DevConfig {
  devtool: string | false;
  resolve: { alias?: object };
  devServer: { port: number; proxy: { context: string[]; target: string }[] };
  plugins: object[];
}

interface SharedConfig {
  singleton: boolean;
  strictVersion: boolean;
  requiredVersion: string;
  version: string;
}

/** What the config hands the federation plugin: the `exposes` and `shared` a build is made with. */
function federationOptionsOf(config: DevConfig): { exposes: Record<string, string>; shared: Record<string, SharedConfig> } {
  const plugin = config.plugins.find((p) => p.constructor.name === 'ModuleFederationPlugin') as
    { _options: { exposes: Record<string, string>; shared: Record<string, SharedConfig> } } | undefined;
  if (!plugin) throw new Error('no ModuleFederationPlugin in the config');
  return plugin._options;
}

const remoteConfig = (mode: 'development' | 'production') =>
  createFederatedConfig({ dir: path.join(__dirname, '..', '..', 'mfe-content'), kind: 'remote', name: 'mfe_content', port: 3004 })(
    undefined,
    { mode },
  ) as unknown as DevConfig;

describe('createFederatedConfig', () => {
  const saved = { TASKO_API_URL: process.env.TASKO_API_URL, TASKO_SHARED_VERSION: process.env.TASKO_SHARED_VERSION };
  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it("writes source maps the shell's CSP accepts in development (no eval) and none in production", () => {
    expect(remoteConfig('development').devtool).not.toMatch(/eval/);
    expect(remoteConfig('development').devtool).toContain('source-map');
    expect(remoteConfig('production').devtool).toBe(false);
  });

  it("sends the dev server's API calls to npm start on this machine, or to TASKO_API_URL", () => {
    delete process.env.TASKO_API_URL;
    const local = remoteConfig('development').devServer;
    expect(local.port).toBe(3004);
    expect(local.proxy[0]).toMatchObject({ context: ['/api', '/uploads', '/dev-idp'], target: 'http://127.0.0.1:8080' });
    process.env.TASKO_API_URL = 'http://127.0.0.1:9090';
    expect(remoteConfig('development').devServer.proxy[0]?.target).toBe('http://127.0.0.1:9090');
  });

  it('exposes the pages the route table gives the remote', () => {
    const { exposes } = federationOptionsOf(remoteConfig('production'));
    expect(exposes['./FaqPage']).toBe('./src/pages/FaqPage/FaqPage.tsx');
    expect(Object.keys(exposes)).toHaveLength(PAGE_ROUTES.filter((route) => route.remote === 'mfe_content').length);
  });

  it('shares the stateful core once per page, every minor of its major, and fails loudly on a newer one', () => {
    const { shared } = federationOptionsOf(remoteConfig('production'));
    expect(Object.keys(shared).sort()).toEqual([...SINGLETONS, '@tasko/shared'].sort());
    for (const config of Object.values(shared)) expect(config).toMatchObject({ singleton: true, strictVersion: true });
    expect(shared.react?.requiredVersion).toBe('^18.0.0');
    expect(shared['@tasko/shared']).toMatchObject({ version: sharedPackage.version, requiredVersion: `^${sharedPackage.version}` });
    // Stateless helpers are bundled by each remote that uses them: no page runs another remote's copy.
    expect(shared['@tasko/shared/listing']).toBeUndefined();
    expect(shared['@tasko/shared/validation']).toBeUndefined();
  });

  it("shares the router as @tasko/shared/router with react-router-dom's version, and not react-router-dom itself, with no alias into its files", () => {
    const config = remoteConfig('production');
    const { shared } = federationOptionsOf(config);
    const routerVersion = installed('react-router-dom');
    expect(shared['@tasko/shared/router']).toMatchObject({
      singleton: true,
      strictVersion: true,
      version: routerVersion,
      requiredVersion: `^${routerVersion.split('.')[0]}.0.0`,
    });
    expect(shared['react-router-dom']).toBeUndefined();
    expect(config.resolve.alias).toBeUndefined();
    expect(sharedPackage.exports['./router']).toBe('./src/router/index.ts');
  });

  it('builds each package with the federation plugin its own folder resolves, so one remote can upgrade alone', () => {
    const contentDir = path.join(REPO_ROOT, 'mfe-content');
    const config = remoteConfig('production');
    expect(config.plugins[0]).toBeInstanceOf(federationOf(contentDir).ModuleFederationPlugin);
    expect(federationOf(contentDir).version).toBe(installed('@module-federation/enhanced'));

    // A remote whose own node_modules holds another version gets that one.
    const upgraded = fs.mkdtempSync(path.join(os.tmpdir(), 'tasko-upgraded-remote-'));
    try {
      const own = path.join(upgraded, 'node_modules', '@module-federation', 'enhanced');
      fs.mkdirSync(own, { recursive: true });
      fs.writeFileSync(
        path.join(own, 'package.json'),
        JSON.stringify({ name: '@module-federation/enhanced', version: '2.10.0', exports: { './webpack': './webpack.js' } }),
      );
      fs.writeFileSync(path.join(own, 'webpack.js'), 'exports.ModuleFederationPlugin = class UpgradedModuleFederationPlugin {};');
      const federation = federationOf(upgraded);
      expect(federation.version).toBe('2.10.0');
      expect(federation.ModuleFederationPlugin.name).toBe('UpgradedModuleFederationPlugin');
    } finally {
      fs.rmSync(upgraded, { recursive: true, force: true });
    }
  });

  it('lets a build claim another contract version of shared (how the skew test makes a remote the shell cannot serve)', () => {
    process.env.TASKO_SHARED_VERSION = '1.99.0';
    expect(federationOptionsOf(remoteConfig('production')).shared['@tasko/shared']).toMatchObject({
      version: '1.99.0',
      requiredVersion: '^1.99.0',
    });
  });
});

describe('what a build records beside its files (a real webpack build of a small host)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasko-host-build-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** A host that shares react, loads it behind an async boundary, and is built with the installed webpack and federation. */
  async function buildHost(cache: webpack.Configuration['cache'] = false): Promise<(file: string) => string> {
    fs.mkdirSync(path.join(dir, 'src'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'src', 'index.js'), "import('./bootstrap');\n");
    fs.writeFileSync(path.join(dir, 'src', 'bootstrap.js'), "import React from 'react';\nconsole.log(React.version);\n");
    const federation = federationOf(REPO_ROOT);
    const shared = { react: { singleton: true, requiredVersion: '^18.0.0', version: installed('react') } };
    const compiler = webpack({
      mode: 'development',
      devtool: false,
      context: dir,
      entry: { main: './src/index.js' },
      output: { path: path.join(dir, 'dist'), publicPath: '/', uniqueName: 'host' },
      cache,
      resolve: { modules: [path.join(REPO_ROOT, 'node_modules')] },
      plugins: [
        new federation.ModuleFederationPlugin({
          name: 'host',
          remotes: {},
          shared,
          dts: false,
          manifest: false,
        }) as webpack.WebpackPluginInstance,
        new ChunkGroupsManifestPlugin(shared),
        new BuildInfoPlugin({ name: 'host', entry: 'main', federationVersion: federation.version }),
      ],
    });
    await new Promise<void>((resolve, reject) =>
      compiler.run((error, stats) => {
        // Closing writes the persistent cache, when there is one: the next build must find it.
        compiler.close(() => {
          if (error || stats?.hasErrors()) reject(error ?? new Error(stats?.toString('errors-only')));
          else resolve();
        });
      }),
    );
    return (file) => fs.readFileSync(path.join(dir, 'dist', file), 'utf8');
  }

  it("names the files of each shared module it provides, from webpack's public stats, and the federation version it was built with", async () => {
    const read = await buildHost();
    const groups = JSON.parse(read('chunk-groups.json')) as Record<string, string[]>;
    expect(groups['provided:react']?.length).toBeGreaterThan(0);
    expect(groups['provided:react']?.map(read).join('\n')).toContain('react.development.js');
    expect(JSON.parse(read(BUILD_INFO_FILE))).toEqual({
      name: 'host',
      federation: { package: '@module-federation/enhanced', version: installed('@module-federation/enhanced') },
    });
    // The page learns it from the entry script's first line, before anything of the build runs.
    expect(read('main.js').split('\n')[0]).toBe(
      `(self.${BUILDS_GLOBAL}=self.${BUILDS_GLOBAL}||{})["host"]={"federationVersion":"${installed('@module-federation/enhanced')}"};`,
    );
  }, 60_000);

  it("names them as well when webpack's persistent cache restored the modules (a release's build)", async () => {
    const cache = { type: 'filesystem' as const, cacheDirectory: path.join(dir, 'cache') };
    const cold = JSON.parse((await buildHost(cache))('chunk-groups.json')) as Record<string, string[]>;
    const warm = JSON.parse((await buildHost(cache))('chunk-groups.json')) as Record<string, string[]>;
    expect(fs.readdirSync(path.join(dir, 'cache')).length).toBeGreaterThan(0);
    expect(warm['provided:react']?.length).toBeGreaterThan(0);
    expect(warm).toEqual(cold);
  }, 60_000);
});
