/**
 * @jest-environment node
 */
// The webpack factory every package builds with: what a remote's dev server needs to run inside the real shell.
import path from 'node:path';
import { createFederatedConfig, SINGLETONS } from '../build/createFederatedConfig.cjs';
import sharedPackage from '../package.json';
import { PAGE_ROUTES } from './domain/routes';

interface DevConfig {
  devtool: string | false;
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
function federationOf(config: DevConfig): { exposes: Record<string, string>; shared: Record<string, SharedConfig> } {
  const plugin = config.plugins.find((p) => p.constructor.name === 'ModuleFederationPlugin') as { _options: { exposes: Record<string, string>; shared: Record<string, SharedConfig> } } | undefined;
  if (!plugin) throw new Error('no ModuleFederationPlugin in the config');
  return plugin._options;
}

const remoteConfig = (mode: 'development' | 'production') =>
  createFederatedConfig({ dir: path.join(__dirname, '..', '..', 'mfe-content'), kind: 'remote', name: 'mfe_content', port: 3004 })(undefined, { mode }) as unknown as DevConfig;

describe('createFederatedConfig', () => {
  const saved = { TASKO_API_URL: process.env.TASKO_API_URL, TASKO_SHARED_VERSION: process.env.TASKO_SHARED_VERSION };
  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it('writes source maps the shell\'s CSP accepts in development (no eval) and none in production', () => {
    expect(remoteConfig('development').devtool).not.toMatch(/eval/);
    expect(remoteConfig('development').devtool).toContain('source-map');
    expect(remoteConfig('production').devtool).toBe(false);
  });

  it('sends the dev server\'s API calls to npm start on this machine, or to TASKO_API_URL', () => {
    delete process.env.TASKO_API_URL;
    const local = remoteConfig('development').devServer;
    expect(local.port).toBe(3004);
    expect(local.proxy[0]).toMatchObject({ context: ['/api', '/uploads', '/dev-idp'], target: 'http://127.0.0.1:8080' });
    process.env.TASKO_API_URL = 'http://127.0.0.1:9090';
    expect(remoteConfig('development').devServer.proxy[0]?.target).toBe('http://127.0.0.1:9090');
  });

  it('exposes the pages the route table gives the remote', () => {
    const { exposes } = federationOf(remoteConfig('production'));
    expect(exposes['./FaqPage']).toBe('./src/pages/FaqPage/FaqPage.tsx');
    expect(Object.keys(exposes)).toHaveLength(PAGE_ROUTES.filter((route) => route.remote === 'mfe_content').length);
  });

  it('shares the stateful core once per page, every minor of its major, and fails loudly on a newer one', () => {
    const { shared } = federationOf(remoteConfig('production'));
    expect(Object.keys(shared).sort()).toEqual([...SINGLETONS, '@tasko/shared'].sort());
    for (const config of Object.values(shared)) expect(config).toMatchObject({ singleton: true, strictVersion: true });
    expect(shared.react?.requiredVersion).toBe('^18.0.0');
    expect(shared['@tasko/shared']).toMatchObject({ version: sharedPackage.version, requiredVersion: `^${sharedPackage.version}` });
    // Stateless helpers are bundled by each remote that uses them: no page runs another remote's copy.
    expect(shared['@tasko/shared/listing']).toBeUndefined();
    expect(shared['@tasko/shared/validation']).toBeUndefined();
  });

  it('lets a build claim another contract version of shared (how the skew test makes a remote the shell cannot serve)', () => {
    process.env.TASKO_SHARED_VERSION = '1.99.0';
    expect(federationOf(remoteConfig('production')).shared['@tasko/shared']).toMatchObject({ version: '1.99.0', requiredVersion: '^1.99.0' });
  });
});
