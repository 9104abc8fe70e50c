// The webpack factory every package builds with: what a remote's dev server needs to run inside the real shell.
import path from 'node:path';
import { createFederatedConfig } from '../build/createFederatedConfig.cjs';

interface DevConfig {
  devtool: string | false;
  devServer: { port: number; proxy: { context: string[]; target: string }[] };
}

const remoteConfig = (mode: 'development' | 'production') =>
  createFederatedConfig({ dir: path.join(__dirname, '..', '..', 'mfe-content'), kind: 'remote', name: 'mfe_content', port: 3004, exposes: { './FaqPage': './src/pages/FaqPage/FaqPage.tsx' } })(undefined, { mode }) as unknown as DevConfig;

describe('createFederatedConfig', () => {
  const saved = process.env.TASKO_API_URL;
  afterEach(() => {
    if (saved === undefined) delete process.env.TASKO_API_URL;
    else process.env.TASKO_API_URL = saved;
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
});
