import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { PAGE_ROUTES } from '@tasko/shared/domain';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { buildId, meetsCaret, publishRelease, ReleaseError, rollbackRelease } from '../src/releases/releases.js';
import { LocalReleaseStore, S3ReleaseStore } from '../src/releases/releaseStores.js';
import { S3Bucket } from '../src/s3Bucket.js';
import { makeFixtureSite } from './fixtureSite.js';
import { startTestServer, type TestServer } from './testServer.js';

const CONTENT_MODULES = PAGE_ROUTES.filter((route) => route.remote === 'mfe_content').map((route) => route.module);

/** What `npm run release` builds, in miniature: mfe-content's entry, its federation manifest and its page chunks. */
function builtContentRemote(version: string, options: { missing?: string } = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasko-built-'));
  const chunk = (module: string) => `${module.toLowerCase()}.${version.padStart(8, '0')}.js`;
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), `var mfe_content; /* ${version} */`);
  fs.writeFileSync(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify({
      shared: [],
      exposes: CONTENT_MODULES.map((module) => ({ name: module, path: `./${module}`, assets: { js: { sync: [chunk(module)], async: [] }, css: { sync: [], async: [] } } })),
    }),
  );
  for (const module of CONTENT_MODULES) if (chunk(module) !== options.missing) fs.writeFileSync(path.join(dir, chunk(module)), `/* ${module} ${version} */`);
  return dir;
}

const tasko = (html: string) => JSON.parse(/<script id="tasko-config" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? '{}') as { remotes: Record<string, string> };
const id = (n: number) => buildId(new Date(Date.UTC(2026, 10, 25, 12, 0, n)), `${n}`.padStart(8, 'a'));

describe('releases of one remote on local disk', () => {
  const distRoot = makeFixtureSite();
  let database: DatabaseHandle;
  let server: TestServer;
  let store: LocalReleaseStore;

  before(async () => {
    database = await openDatabase({ pgliteDir: 'memory' });
    server = await startTestServer(database, { DIST_ROOT: distRoot });
    store = new LocalReleaseStore(path.join(server.dataDir, 'releases'));
  });
  after(async () => {
    await server.close();
    await database.close();
    fs.rmSync(distRoot, { recursive: true, force: true });
  });

  it('serves the build in dist until a release, then the release from the next page, with no restart', async () => {
    const before = await server.app.inject('/en/faq');
    assert.equal(tasko(before.body).remotes.mfe_content, '/mfe/content/remoteEntry.js');
    assert.match(before.body, /href="\/mfe\/content\/faq\.66666666\.js"/);

    await publishRelease(store, 'mfe_content', builtContentRemote('1'), id(1));
    const page = await server.app.inject('/en/faq');
    const entry = `/mfe/releases/content/${id(1)}/remoteEntry.js`;
    assert.equal(tasko(page.body).remotes.mfe_content, entry);
    assert.equal(tasko(page.body).remotes.mfe_jobs, '/mfe/jobs/remoteEntry.js', 'the other remotes did not move');
    // The page's own chunks are hinted from the release, not from dist.
    assert.match(page.body, new RegExp(`href="/mfe/releases/content/${id(1)}/faqpage\\.00000001\\.js"`));

    const served = await server.app.inject(entry);
    assert.equal(served.statusCode, 200);
    assert.equal(served.headers['cache-control'], 'no-cache');
    const chunk = await server.app.inject(`/mfe/releases/content/${id(1)}/faqpage.00000001.js`);
    assert.equal(chunk.headers['cache-control'], 'public, max-age=31536000, immutable');
    // The pointer file is the server's, not a file to serve.
    assert.equal((await server.app.inject('/mfe/releases/manifest.json')).statusCode, 404);
  });

  it('keeps the earlier release’s files for open tabs, and rolls back to it in one step', async () => {
    await publishRelease(store, 'mfe_content', builtContentRemote('2'), id(2));
    assert.equal(tasko((await server.app.inject('/faq')).body).remotes.mfe_content, `/mfe/releases/content/${id(2)}/remoteEntry.js`);
    // A tab opened before the release still gets the chunk it asks for.
    assert.equal((await server.app.inject(`/mfe/releases/content/${id(1)}/faqpage.00000001.js`)).statusCode, 200);

    assert.equal(await rollbackRelease(store, 'mfe_content'), id(1));
    assert.equal(tasko((await server.app.inject('/faq')).body).remotes.mfe_content, `/mfe/releases/content/${id(1)}/remoteEntry.js`);
    await assert.rejects(rollbackRelease(store, 'mfe_content'), (error: Error) => error instanceof ReleaseError && /only one release/.test(error.message));
    await assert.rejects(rollbackRelease(store, 'mfe_jobs'), (error: Error) => error instanceof ReleaseError && /no release/.test(error.message));
  });

  it('does not point at a release whose smoke check fails, and says what is wrong', async () => {
    await assert.rejects(publishRelease(store, 'mfe_content', builtContentRemote('3', { missing: 'faqpage.00000003.js' }), id(3)), (error: Error) => {
      assert.ok(error instanceof ReleaseError);
      assert.match(error.message, /faqpage\.00000003\.js is listed by mf-manifest\.json but missing/);
      return true;
    });
    const broken = builtContentRemote('4');
    fs.writeFileSync(path.join(broken, 'mf-manifest.json'), JSON.stringify({ shared: [], exposes: [] }));
    await assert.rejects(publishRelease(store, 'mfe_content', broken, id(4)), /the page FaqPage \(route faq\) is not exposed/);
    // Built against a shared core the shell does not have: it would fail on every page, so it never goes live.
    const skewed = builtContentRemote('6');
    const manifest = JSON.parse(fs.readFileSync(path.join(skewed, 'mf-manifest.json'), 'utf8')) as { shared: object[] };
    manifest.shared = [{ name: '@tasko/shared', version: '1.99.0', requiredVersion: '^1.99.0', assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } } }];
    fs.writeFileSync(path.join(skewed, 'mf-manifest.json'), JSON.stringify(manifest));
    const shellShared = [{ name: '@tasko/shared', version: '1.4.2', assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } } }];
    await assert.rejects(publishRelease(store, 'mfe_content', skewed, id(6), { shell: { shared: shellShared } }), /it needs @tasko\/shared \^1\.99\.0, and the shell provides 1\.4\.2/);
    assert.equal(tasko((await server.app.inject('/faq')).body).remotes.mfe_content, `/mfe/releases/content/${id(1)}/remoteEntry.js`);
  });

  it('lets MFE_<NAME>_URL win over the release manifest', async () => {
    const pinned = await startTestServer(database, { DIST_ROOT: distRoot, DATA_DIR: server.dataDir, MFE_CONTENT_URL: 'http://127.0.0.1:1/content/' });
    try {
      assert.equal(tasko((await pinned.app.inject('/faq')).body).remotes.mfe_content, 'http://127.0.0.1:1/content/remoteEntry.js');
    } finally {
      await pinned.app.close();
    }
  });
});

describe('which shared versions a release may need', () => {
  it('accepts a newer minor or patch of the same major, and nothing else', () => {
    assert.equal(meetsCaret('1.4.2', '^1.4.0'), true);
    assert.equal(meetsCaret('1.5.0', '^1.4.9'), true);
    assert.equal(meetsCaret('1.4.2', '^1.4.3'), false);
    assert.equal(meetsCaret('1.3.9', '^1.4.0'), false);
    assert.equal(meetsCaret('2.0.0', '^1.4.0'), false);
  });
});

describe('releases in S3-compatible object storage', () => {
  const distRoot = makeFixtureSite();
  const objects = new Map<string, { body: Buffer; type: string }>();
  let bucketServer: http.Server;
  let origin = '';
  let database: DatabaseHandle;

  before(async () => {
    // A stand-in for the bucket on loopback: PUT stores, GET answers, as path-style S3 and as its public URL.
    bucketServer = http.createServer((req, res) => {
      const key = decodeURIComponent((req.url ?? '').replace(/^\/tasko-site\//, ''));
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (req.method === 'PUT') {
          objects.set(key, { body: Buffer.concat(chunks), type: String(req.headers['content-type']) });
          res.end();
          return;
        }
        const object = objects.get(key);
        res.statusCode = object ? 200 : 404;
        res.setHeader('Content-Type', object?.type ?? 'text/plain');
        res.end(object?.body ?? 'NoSuchKey');
      });
    });
    await new Promise<void>((resolve) => bucketServer.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(bucketServer.address() as AddressInfo).port}`;
    database = await openDatabase({ pgliteDir: 'memory' });
  });
  after(async () => {
    await database.close();
    await new Promise((resolve) => bucketServer.close(resolve));
    fs.rmSync(distRoot, { recursive: true, force: true });
  });

  it('uploads the release under releases/, apart from the photos, and running servers follow the pointer there without a restart', async () => {
    const settings = { endpoint: origin, bucket: 'tasko-site', region: 'il-central-1', accessKeyId: 'AKIDTEST', secretAccessKey: 'secret', publicUrl: `${origin}/tasko-site` };
    const server = await startTestServer(database, {
      DIST_ROOT: distRoot,
      S3_ENDPOINT: origin,
      S3_BUCKET: 'tasko-site',
      S3_REGION: 'il-central-1',
      S3_ACCESS_KEY_ID: 'AKIDTEST',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PUBLIC_URL: `${origin}/tasko-site`,
    });
    const csp = async () => String((await server.app.inject('/en/faq')).headers['content-security-policy']);
    assert.match(await csp(), /script-src 'self';/, 'no remote elsewhere yet');

    await publishRelease(new S3ReleaseStore(new S3Bucket(settings)), 'mfe_content', builtContentRemote('5'), id(5));
    assert.ok(objects.has('releases/manifest.json'));
    assert.ok(objects.has(`releases/content/${id(5)}/faqpage.00000005.js`));
    assert.ok(![...objects.keys()].some((key) => key.endsWith('.br') || key.endsWith('.gz')), 'a bucket gets the plain files only');
    // The running server reads the bucket's pointer again within 5 s: the new origin is allowed without a restart.
    const deadline = Date.now() + 8_000;
    while (!(await csp()).includes(`script-src 'self' ${origin}`) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    try {
      const page = await server.app.inject('/en/faq');
      const entry = `${origin}/tasko-site/releases/content/${id(5)}/remoteEntry.js`;
      assert.equal(tasko(page.body).remotes.mfe_content, entry);
      // The bucket's origin is allowed to run scripts, and the page's chunks are hinted from its federation manifest.
      assert.match(String(page.headers['content-security-policy']), new RegExp(`script-src 'self' ${origin}`));
      assert.match(page.body, new RegExp(`href="${origin}/tasko-site/releases/content/${id(5)}/faqpage\\.00000005\\.js"`));
    } finally {
      await server.close();
    }
  });
});
