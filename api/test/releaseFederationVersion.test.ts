// `npm run release` refuses a remote built with another federation major or minor than the shell the site
// serves (scripts/release.ts reads the shell's build-info.json and hands it to publishRelease).
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { PAGE_ROUTES } from '@tasko/shared/domain';
import { BUILD_INFO_FILE, currentRelease, fileCheck, ReleaseError, type BuildInfo } from '../src/releases/releases.js';
import { publishRelease } from '../src/releases/releaseActions.js';
import { LocalReleaseStore } from '../src/releases/releaseStores.js';
import { readBuild } from '../src/plugins/site/assets.js';

const CONTENT_MODULES = PAGE_ROUTES.filter((route) => route.remote === 'mfe_content').map((route) => route.module);
const FEDERATION = '@module-federation/enhanced';
const scratch: string[] = [];
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  scratch.push(dir);
  return dir;
};

/** mfe-content's build in miniature, with the build-info.json the webpack factory writes (or none: a build from before it). */
function builtContentRemote(federationVersion: string | null): string {
  const dir = tempDir('tasko-built-');
  const chunk = (module: string) => `${module.toLowerCase()}.00000001.js`;
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), 'var mfe_content;');
  fs.writeFileSync(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify({
      shared: [],
      exposes: CONTENT_MODULES.map((module) => ({
        name: module,
        path: `./${module}`,
        assets: { js: { sync: [chunk(module)], async: [] }, css: { sync: [], async: [] } },
      })),
    }),
  );
  for (const module of CONTENT_MODULES) fs.writeFileSync(path.join(dir, chunk(module)), `/* ${module} */`);
  if (federationVersion) {
    const info: BuildInfo = { name: 'mfe_content', federation: { package: FEDERATION, version: federationVersion } };
    fs.writeFileSync(path.join(dir, BUILD_INFO_FILE), JSON.stringify(info));
  }
  return dir;
}

const shellBuiltWith = (version: string) => ({ federation: { package: FEDERATION, version } });

/** Publishes a build as `npm run release` does, with the checks of its files and versions (not its rendering). */
function publish(store: LocalReleaseStore, dir: string, n: number, shell: ReturnType<typeof shellBuiltWith>) {
  return publishRelease(store, 'mfe_content', dir, `${n}`.padStart(8, 'b'), {
    now: new Date(Date.UTC(2026, 10, 26, 12, 0, n)),
    check: (id) => fileCheck(store, 'mfe_content', id, { shell }),
  });
}

after(() => {
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the federation version of a release', () => {
  const store = new LocalReleaseStore(path.join(tempDir('tasko-releases-'), 'releases'));

  it('goes live when the remote was built with the shell’s federation major and minor, whatever the patch', async () => {
    const { id } = await publish(store, builtContentRemote('2.9.7'), 1, shellBuiltWith('2.9.2'));
    assert.equal(currentRelease((await store.readManifest()).manifest, 'mfe_content'), id);
  });

  it('is refused, naming both versions, when the minor or the major differs, and the site keeps its release', async () => {
    for (const [n, remoteVersion] of [
      [2, '2.10.0'],
      [3, '3.0.0'],
      [4, '2.8.9'],
    ] as const) {
      await assert.rejects(publish(store, builtContentRemote(remoteVersion), n, shellBuiltWith('2.9.2')), (error: Error) => {
        assert.ok(error instanceof ReleaseError);
        assert.match(
          error.message,
          new RegExp(
            `it was built with @module-federation/enhanced ${remoteVersion.replace(/\./g, '\\.')}, and the shell with @module-federation/enhanced 2\\.9\\.2`,
          ),
        );
        return true;
      });
    }
    assert.match(currentRelease((await store.readManifest()).manifest, 'mfe_content'), /-bbbbbbb1$/);
  });

  it('is refused when the release does not say which federation version built it', async () => {
    await assert.rejects(publish(store, builtContentRemote(null), 5, shellBuiltWith('2.9.2')), /build-info\.json is missing or unreadable/);
  });

  it('is compared with what the shell’s own build recorded, as `npm run release` reads it from its dist', () => {
    const shellDist = tempDir('tasko-shell-dist-');
    fs.writeFileSync(
      path.join(shellDist, BUILD_INFO_FILE),
      JSON.stringify({ name: 'shell', federation: { package: FEDERATION, version: '2.9.2' } }),
    );
    assert.deepEqual(readBuild(shellDist).buildInfo, { name: 'shell', federation: { package: FEDERATION, version: '2.9.2' } });
    assert.equal(readBuild(tempDir('tasko-unbuilt-')).buildInfo, null);
  });

  it('is written by the webpack factory under the name the release reads', () => {
    const factory = createRequire(import.meta.url)('../../shared/build/createFederatedConfig.cjs') as { BUILD_INFO_FILE: string };
    assert.equal(factory.BUILD_INFO_FILE, BUILD_INFO_FILE);
  });
});
