import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { PAGE_ROUTES, RELEASE_BUCKET_COOKIE, type RemoteName } from '@tasko/shared/domain';
import { startBucketStandin, type BucketStandin } from '../../scripts/cluster/bucketStandin.js';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import {
  buildId,
  fileCheck,
  meetsCaret,
  ReleaseError,
  shellSkewWithRemotes,
  updateManifest,
  type BuildFacts,
  type ReleaseStats,
  type ReleaseStore,
} from '../src/releases/releases.js';
import {
  judgeCanaries,
  promoteCanary,
  pruneReleases,
  publishRelease,
  rollbackRelease,
  rollforwardRelease,
  type CanaryPolicy,
} from '../src/releases/releaseActions.js';
import { CanaryCounts, signedBucketCookie } from '../src/releases/canaryCounts.js';
import { LocalReleaseStore, S3ReleaseStore } from '../src/releases/releaseStores.js';
import { S3Bucket } from '../src/s3Bucket.js';
import { makeFixtureSite } from './fixtureSite.js';
import { startTestServer, useScratchDirs, type TestServer } from './testServer.js';

const CONTENT_MODULES = PAGE_ROUTES.filter((route) => route.remote === 'mfe_content').map((route) => route.module);
const tempDir = useScratchDirs();

const sharedEntry = (name: string, version: string, requiredVersion?: string) => ({
  name,
  version,
  ...(requiredVersion ? { requiredVersion } : {}),
  assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } },
});

/** What `npm run release` builds, in miniature: mfe-content's entry, its federation manifest and its page chunks. */
function builtContentRemote(version: string, options: { missing?: string; needsShared?: string } = {}): string {
  const dir = tempDir('tasko-built-');
  const chunk = (module: string) => `${module.toLowerCase()}.${version.padStart(8, '0')}.js`;
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), `var mfe_content; /* ${version} */`);
  fs.writeFileSync(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify({
      shared: options.needsShared ? [sharedEntry('@tasko/shared', options.needsShared.slice(1), options.needsShared)] : [],
      exposes: CONTENT_MODULES.map((module) => ({
        name: module,
        path: `./${module}`,
        assets: { js: { sync: [chunk(module)], async: [] }, css: { sync: [], async: [] } },
      })),
    }),
  );
  for (const module of CONTENT_MODULES)
    if (chunk(module) !== options.missing) fs.writeFileSync(path.join(dir, chunk(module)), `/* ${module} ${version} */`);
  return dir;
}

/** A shell build in miniature: its page template, chunk groups, first-paint styles and what it provides. */
function builtShell(version: string, provides = '2.3.0'): string {
  const dir = tempDir('tasko-built-shell-');
  const hash = version.padStart(8, '0');
  // As the minifier writes it: no quotes around the attributes.
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html lang=he dir=rtl><head><meta charset=utf-8><title>Tasko</title><link rel=icon href=/favicon.svg><script defer src=/mfe/shell/main.${hash}.js></script></head><body><div id=root></div></body></html>`,
  );
  fs.writeFileSync(path.join(dir, `main.${hash}.js`), `/* shell ${version} */`);
  fs.writeFileSync(path.join(dir, `bootstrap.${hash}.css`), `.site-header{--release:"${version}"}`);
  fs.writeFileSync(path.join(dir, 'chunk-groups.json'), JSON.stringify({ bootstrap: [`bootstrap.${hash}.css`] }));
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ shared: [sharedEntry('@tasko/shared', provides)], exposes: [] }));
  return dir;
}

const tasko = (html: string) =>
  JSON.parse(/<script id="tasko-config" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? '{}') as {
    remotes: Record<string, string>;
    releases: Record<string, string>;
  };
const at = (n: number) => new Date(Date.UTC(2026, 10, 25, 12, 0, n));
const hashOf = (n: number) => `${n}`.padStart(8, 'a');
const id = (n: number) => buildId(at(n), hashOf(n));

/** Publishes build `n` of an area, with the checks of its files and versions (`render` stands in for Chromium's). */
function publish(
  store: ReleaseStore,
  area: 'shell' | RemoteName,
  dir: string,
  n: number,
  options: { canaryShare?: number; context?: Parameters<typeof fileCheck>[3]; render?: string[]; hash?: string } = {},
) {
  return publishRelease(store, area, dir, options.hash ?? hashOf(n), {
    now: at(n),
    ...(options.canaryShare ? { canaryShare: options.canaryShare } : {}),
    check: async (releaseId) => [...(await fileCheck(store, area, releaseId, options.context ?? {})), ...(options.render ?? [])],
  });
}

describe('releases of one area on local disk', () => {
  const distRoot = makeFixtureSite();
  let database: DatabaseHandle;
  let server: TestServer;
  let store: LocalReleaseStore;

  before(async () => {
    database = await openDatabase({ pgliteDir: 'memory' });
    server = await startTestServer(database, { DIST_ROOT: distRoot, RELEASE_STATS_FLUSH_MS: '0' });
    store = new LocalReleaseStore(path.join(server.dataDir, 'releases'));
  });
  after(async () => {
    await server.close();
    await database.close();
    fs.rmSync(distRoot, { recursive: true, force: true });
  });

  it('serves the build in dist (release zero) until a release, then the release from the next page, with no restart', async () => {
    const before = await server.app.inject('/en/faq');
    assert.equal(tasko(before.body).remotes.mfe_content, '/mfe/content/remoteEntry.js');
    assert.equal(tasko(before.body).releases.mfe_content, 'dist');
    assert.match(before.body, /href="\/mfe\/content\/faq\.66666666\.js"/);

    assert.deepEqual(await publish(store, 'mfe_content', builtContentRemote('1'), 1), { kind: 'published', id: id(1) });
    const page = await server.app.inject('/en/faq');
    const entry = `/mfe/releases/content/${id(1)}/remoteEntry.js`;
    assert.equal(tasko(page.body).remotes.mfe_content, entry);
    assert.equal(tasko(page.body).releases.mfe_content, id(1));
    assert.equal(tasko(page.body).remotes.mfe_jobs, '/mfe/jobs/remoteEntry.js', 'the other remotes did not move');
    assert.match(page.body, new RegExp(`href="/mfe/releases/content/${id(1)}/faqpage\\.00000001\\.js"`));

    const served = await server.app.inject(entry);
    assert.equal(served.statusCode, 200);
    assert.equal(served.headers['cache-control'], 'no-cache');
    assert.equal(
      (await server.app.inject(`/mfe/releases/content/${id(1)}/faqpage.00000001.js`)).headers['cache-control'],
      'public, max-age=31536000, immutable',
    );
    assert.equal((await server.app.inject('/mfe/releases/manifest.json')).statusCode, 404, 'the pointer file is the server’s');
    // The same content again is the same release.
    assert.deepEqual(await publish(store, 'mfe_content', builtContentRemote('1'), 1), { kind: 'alreadyCurrent', id: id(1) });
  });

  it('refuses a release whose checks fail, deletes its files and never serves them', async () => {
    await assert.rejects(publish(store, 'mfe_content', builtContentRemote('3', { missing: 'faqpage.00000003.js' }), 3), (error: Error) => {
      assert.ok(error instanceof ReleaseError);
      assert.match(error.message, /faqpage\.00000003\.js is listed by mf-manifest\.json but missing/);
      return true;
    });
    // A shared module's fallback the manifest lists but the build lacks (a page falls back to it on an older shell).
    const withoutFallback = builtContentRemote('6');
    const manifestFile = path.join(withoutFallback, 'mf-manifest.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { shared: object[] };
    manifest.shared = [
      {
        ...sharedEntry('jotai', '2.20.1', '^2.0.0'),
        assets: { js: { sync: ['jotai.00000006.js'], async: [] }, css: { sync: [], async: [] } },
      },
    ];
    fs.writeFileSync(manifestFile, JSON.stringify(manifest));
    await assert.rejects(
      publish(store, 'mfe_content', withoutFallback, 6),
      /jotai\.00000006\.js is listed by mf-manifest\.json but missing/,
    );
    // A page that throws when it renders (the smoke check's Chromium says so): refused with the page and error.
    await assert.rejects(
      publish(store, 'mfe_content', builtContentRemote('4'), 4, {
        render: ['/he/faq: TypeError: boom\n    at FaqPage (faqpage.00000004.js:1:1)'],
      }),
      /\/he\/faq: TypeError: boom/,
    );
    assert.equal(fs.existsSync(store.releaseDir('mfe_content', id(4))), false, 'a refused release’s files are gone');
    assert.equal((await server.app.inject(`/mfe/releases/content/${id(4)}/remoteEntry.js`)).statusCode, 404);
    // Stored but not (yet) in the manifest, as while it is checked: not served either.
    fs.cpSync(builtContentRemote('5'), store.releaseDir('mfe_content', id(5)), { recursive: true });
    assert.equal((await server.app.inject(`/mfe/releases/content/${id(5)}/remoteEntry.js`)).statusCode, 404);
    assert.equal(tasko((await server.app.inject('/faq')).body).releases.mfe_content, id(1));
  });

  it('rolls back and forward by moving a pointer over release zero and the history; identical content moves it too', async () => {
    await publish(store, 'mfe_content', builtContentRemote('2'), 2);
    const current = async () => tasko((await server.app.inject('/faq')).body).releases.mfe_content;
    assert.equal(await current(), id(2));
    // A tab opened before the release still gets the chunk it asks for.
    assert.equal((await server.app.inject(`/mfe/releases/content/${id(1)}/faqpage.00000001.js`)).statusCode, 200);
    assert.deepEqual(await rollbackRelease(store, 'mfe_content'), { id: id(1) });
    assert.equal(await current(), id(1));
    assert.deepEqual(await rollbackRelease(store, 'mfe_content'), { id: 'dist' });
    assert.equal(tasko((await server.app.inject('/faq')).body).remotes.mfe_content, '/mfe/content/remoteEntry.js');
    await assert.rejects(rollbackRelease(store, 'mfe_content'), /at release zero/);
    assert.equal(await rollforwardRelease(store, 'mfe_content'), id(1));
    assert.equal(await rollforwardRelease(store, 'mfe_content'), id(2));
    await assert.rejects(rollforwardRelease(store, 'mfe_content'), /nothing to roll forward to/);
    // Releasing what release 1 was again: one release, the pointer moves back to it.
    assert.deepEqual(await publish(store, 'mfe_content', builtContentRemote('1'), 9, { hash: hashOf(1) }), { kind: 'movedTo', id: id(1) });
    assert.equal(await current(), id(1));
  });

  it('serves a shell release’s page template, styles and files from its folder, with no restart', async () => {
    const { id: shellId } = await publish(store, 'shell', builtShell('7'), 7);
    const page = await server.app.inject('/en/faq');
    assert.equal(tasko(page.body).releases.shell, shellId);
    assert.match(page.body, new RegExp(`<script defer src=/mfe/releases/shell/${shellId}/main\\.00000007\\.js>`));
    assert.match(page.body, /<link rel=icon href=\/favicon\.svg>/, 'what is not the shell’s own stays as it is');
    assert.match(page.body, /<style data-href="bootstrap\.00000007\.css">\.site-header\{--release:"7"\}/);
    assert.equal((await server.app.inject(`/mfe/releases/shell/${shellId}/main.00000007.js`)).statusCode, 200);
    await rollbackRelease(store, 'shell');
    assert.match((await server.app.inject('/en/faq')).body, /src=\/mfe\/shell\/main\.0123abcd\.js/);
  });

  it('gives a canary to its share of visitors by a sticky cookie the server signs, and promotes it', async () => {
    const { id: canary } = await publish(store, 'mfe_content', builtContentRemote('8'), 8, { canaryShare: 30 });
    const first = await server.app.inject('/en/faq');
    const cookie = String(first.headers['set-cookie']);
    const value = decodeURIComponent(new RegExp(`${RELEASE_BUCKET_COOKIE}=([^;]+)`).exec(cookie)?.[1] ?? '');
    const bucket = Number(value.split('.')[0]);
    assert.ok(bucket >= 0 && bucket < 100, cookie);
    assert.match(cookie, /HttpOnly/);
    const again = await server.app.inject({ url: '/en/faq', headers: { cookie: `${RELEASE_BUCKET_COOKIE}=${encodeURIComponent(value)}` } });
    assert.equal(again.headers['set-cookie'], undefined, 'the same visitor keeps their bucket');
    const signed = async (b: number) => `${RELEASE_BUCKET_COOKIE}=${encodeURIComponent(await signedBucketCookie(database.db, b))}`;
    const releaseFor = async (b: number) =>
      tasko((await server.app.inject({ url: '/en/faq', headers: { cookie: await signed(b) } })).body).releases.mfe_content;
    assert.equal(await releaseFor(29), canary);
    assert.equal(await releaseFor(30), id(1));
    const current = await server.app.inject({ url: '/api/v1/releases/current', headers: { cookie: await signed(3) } });
    assert.equal(current.json<{ releases: Record<string, string> }>().releases.mfe_content, canary);
    assert.equal(current.headers['cache-control'], 'no-store');
    assert.equal(await promoteCanary(store, 'mfe_content'), canary);
    assert.equal(await releaseFor(99), canary);
    await assert.rejects(promoteCanary(store, 'mfe_content'), /no canary/);
  });

  it('keeps the newest releases and the current one when pruned, deleting the others’ files', async () => {
    const pruned = await pruneReleases(store, 'mfe_content', 1);
    assert.ok(pruned.includes(id(2)) && !pruned.includes(id(8)), pruned.join());
    assert.equal(fs.existsSync(store.releaseDir('mfe_content', id(2))), false);
    assert.equal(fs.existsSync(store.releaseDir('mfe_content', id(8))), true);
  });
});

describe('a canary judged by its error rate', () => {
  const policy: CanaryPolicy = { minLoads: 10, minVisitors: 5, maxExcessPoints: 2 };

  it('rolls back by itself once each arm has its loads and visitors and it errs more than the allowed points above the current release', async () => {
    const store = new LocalReleaseStore(path.join(tempDir('tasko-canary-'), 'releases'));
    await publish(store, 'mfe_services', builtServices('1'), 1);
    const { id: canary } = await publish(store, 'mfe_services', builtServices('2'), 2, { canaryShare: 10 });
    let figures: Record<string, ReleaseStats> = {};
    const judge = () => judgeCanaries(store, async () => figures, policy);
    const busyCurrent = { loads: 100, errored: 5, visitors: 50, rate: 0.05 };
    // Too few loads, too few visitors, or a current release with too few loads: not judged, however bad.
    const unjudged: [ReleaseStats, ReleaseStats][] = [
      [{ loads: 9, errored: 9, visitors: 9, rate: 1 }, busyCurrent],
      [{ loads: 40, errored: 40, visitors: 4, rate: 1 }, busyCurrent],
      [
        { loads: 40, errored: 40, visitors: 20, rate: 1 },
        { loads: 9, errored: 0, visitors: 9, rate: 0 },
      ],
    ];
    for (const [canaryArm, currentArm] of unjudged) {
      figures = { [canary]: canaryArm, [id(1)]: currentArm };
      assert.deepEqual(await judge(), []);
      assert.deepEqual((await store.readManifest()).manifest.areas.mfe_services?.stats[canary], canaryArm, 'the figures as last judged');
    }
    // 10 % (the mean of its visitors' own rates) against 5 %: 5 points above, more than 2.
    figures = { [canary]: { loads: 12, errored: 2, visitors: 10, rate: 0.1 }, [id(1)]: busyCurrent };
    const rolled = await judge();
    assert.equal(rolled.length, 1);
    assert.match(
      rolled[0]?.reason ?? '',
      /10\.0 % over 12 page loads from 10 visitors, against 5\.0 % over 100 page loads from 50 visitors/,
    );
    const { manifest } = await store.readManifest();
    assert.equal(manifest.areas.mfe_services?.canary, undefined);
    assert.equal(manifest.areas.mfe_services?.current, id(1));
    assert.equal(manifest.areas.mfe_services?.rolledBack[0]?.id, canary);
  });

  it('goes on while its error rate stays within the allowed points, and writes nothing when nothing changed', async () => {
    const store = new LocalReleaseStore(path.join(tempDir('tasko-canary-'), 'releases'));
    const { id: canary } = await publish(store, 'mfe_services', builtServices('3'), 3, { canaryShare: 50 });
    const figures = {
      [canary]: { loads: 100, errored: 2, visitors: 40, rate: 0.02 },
      dist: { loads: 100, errored: 1, visitors: 40, rate: 0.01 },
    };
    assert.deepEqual(await judgeCanaries(store, async () => figures, policy), []);
    const { manifest } = await store.readManifest();
    assert.equal(manifest.areas.mfe_services?.canary?.id, canary);
    assert.deepEqual(await judgeCanaries(store, async () => figures, policy), []);
    assert.equal((await store.readManifest()).manifest.version, manifest.version, 'the same figures again: no write');
  });
});

function builtServices(version: string): string {
  const dir = tempDir('tasko-built-services-');
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), `var mfe_services; /* ${version} */`);
  fs.writeFileSync(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify({
      shared: [],
      exposes: [{ name: 'ServicesPage', path: './ServicesPage', assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } } }],
    }),
  );
  return dir;
}

describe('refusals for versions', () => {
  it('refuses a remote that needs a newer shared core than the shell the site serves', async () => {
    const store = new LocalReleaseStore(path.join(tempDir('tasko-skew-'), 'releases'));
    const shell: BuildFacts = { shared: [sharedEntry('@tasko/shared', '1.4.2')] };
    await assert.rejects(
      publish(store, 'mfe_content', builtContentRemote('6', { needsShared: '^1.99.0' }), 6, { context: { shell } }),
      /it needs @tasko\/shared \^1\.99\.0, and the shell provides 1\.4\.2/,
    );
  });

  it('refuses a shell with a new major of the shared contract, naming every remote to release against it first', () => {
    const remote = (area: RemoteName, needed: string) => ({
      area,
      facts: { shared: [sharedEntry('@tasko/shared', needed.slice(1), needed)] },
    });
    const problems = shellSkewWithRemotes({ shared: [sharedEntry('@tasko/shared', '3.0.0')] }, [
      remote('mfe_jobs', '^2.3.0'),
      remote('mfe_services', '^2.2.0'),
      remote('mfe_content', '^3.0.0'),
    ]);
    assert.deepEqual(problems, [
      'this shell provides @tasko/shared 3.0.0, a new major: release these remotes against it first (built to accept 3.x): mfe-jobs (needs ^2.3.0), mfe-services (needs ^2.2.0)',
    ]);
    assert.match(
      shellSkewWithRemotes({ shared: [sharedEntry('@tasko/shared', '2.1.0')] }, [remote('mfe_jobs', '^2.3.0')])[0] ?? '',
      /older than current remote releases need: mfe-jobs \(needs \^2\.3\.0\)/,
    );
    assert.deepEqual(shellSkewWithRemotes({ shared: [sharedEntry('@tasko/shared', '2.4.1')] }, [remote('mfe_jobs', '^2.3.0')]), []);
  });

  it('accepts a newer minor or patch of the same major, and nothing else', () => {
    assert.equal(meetsCaret('1.4.2', '^1.4.0'), true);
    assert.equal(meetsCaret('1.5.0', '^1.4.9'), true);
    assert.equal(meetsCaret('1.4.2', '^1.4.3'), false);
    assert.equal(meetsCaret('1.3.9', '^1.4.0'), false);
    assert.equal(meetsCaret('2.0.0', '^1.4.0'), false);
  });
});

/** Two writers at once, many times: every change must land, none lost. */
async function concurrentWritesLand(store: ReleaseStore): Promise<void> {
  const writers = 12;
  await Promise.all(
    Array.from({ length: writers }, (_, n) =>
      updateManifest(store, (manifest) => ({
        ...manifest,
        areas: {
          ...manifest.areas,
          mfe_jobs: {
            history: [],
            current: 'dist',
            stats: { dist: { loads: (manifest.areas.mfe_jobs?.stats.dist?.loads ?? 0) + 1, errored: n } },
            rolledBack: [],
          },
        },
      })),
    ),
  );
  const { manifest } = await store.readManifest();
  assert.equal(manifest.areas.mfe_jobs?.stats.dist?.loads, writers);
  assert.equal(manifest.version, writers);
}

describe('the release manifest’s lock on local disk', () => {
  it('lets concurrent writers all land by compare-and-swap under an exclusive lock file', async () => {
    await concurrentWritesLand(new LocalReleaseStore(path.join(tempDir('tasko-lock-'), 'releases')));
  });

  it('refuses a write whose version is no longer the one read', async () => {
    const store = new LocalReleaseStore(path.join(tempDir('tasko-lock-'), 'releases'));
    const { manifest, tag } = await store.readManifest();
    assert.equal(await store.writeManifestIf({ ...manifest, version: 1 }, tag), true);
    assert.equal(
      await store.writeManifestIf({ ...manifest, version: 2 }, tag),
      false,
      'a writer that read before the first write must read again',
    );
  });

  it('waits for a lock held by another writer, and breaks one left by a writer that died', async () => {
    const store = new LocalReleaseStore(path.join(tempDir('tasko-lock-'), 'releases'));
    fs.mkdirSync(store.location, { recursive: true });
    const lock = `${store.manifestFile}.lock`;
    fs.writeFileSync(lock, '1');
    // An order, not a duration: the write cannot have finished before the holder let go.
    let isReleased = false;
    setTimeout(() => {
      isReleased = true;
      fs.rmSync(lock);
    }, 200);
    await updateManifest(store, (manifest) => manifest);
    assert.ok(isReleased, 'it waited for the holder');
    fs.writeFileSync(lock, '1');
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(lock, old, old);
    await updateManifest(store, (manifest) => manifest);
    assert.equal(fs.existsSync(lock), false);
  });
});

describe('releases in S3-compatible object storage', () => {
  const distRoot = makeFixtureSite();
  let bucket: BucketStandin;
  let database: DatabaseHandle;
  const settingsOf = (origin: string) => ({
    endpoint: origin,
    bucket: 'tasko-site',
    region: 'il-central-1',
    accessKeyId: 'AKIDTEST',
    secretAccessKey: 'secret',
    publicUrl: `${origin}/tasko-site`,
  });

  before(async () => {
    bucket = await startBucketStandin({ bucket: 'tasko-site' });
    database = await openDatabase({ pgliteDir: 'memory' });
  });
  after(async () => {
    await database.close();
    await bucket.close();
    fs.rmSync(distRoot, { recursive: true, force: true });
  });

  it('writes the manifest only if its ETag still matches, so concurrent writers all land', async () => {
    const store = new S3ReleaseStore(new S3Bucket(settingsOf(bucket.origin)), 'locks/');
    await concurrentWritesLand(store);
    const { manifest, tag } = await store.readManifest();
    assert.equal(await store.writeManifestIf({ ...manifest, version: manifest.version + 1 }, tag), true);
    assert.equal(await store.writeManifestIf({ ...manifest, version: manifest.version + 1 }, tag), false, 'the ETag read is stale now');
  });

  it('uploads the release under releases/, deletes a refused one, and running servers follow the pointer without a restart', async () => {
    const server = await startTestServer(database, {
      DIST_ROOT: distRoot,
      S3_ENDPOINT: bucket.origin,
      S3_BUCKET: 'tasko-site',
      S3_REGION: 'il-central-1',
      S3_ACCESS_KEY_ID: 'AKIDTEST',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PUBLIC_URL: `${bucket.origin}/tasko-site`,
    });
    const csp = async () => String((await server.app.inject('/en/faq')).headers['content-security-policy']);
    try {
      assert.match(await csp(), /script-src 'self';/, 'no remote elsewhere yet');
      const store = new S3ReleaseStore(new S3Bucket(settingsOf(bucket.origin)));
      await assert.rejects(publish(store, 'mfe_content', builtContentRemote('4'), 4, { render: ['/en/faq: it threw'] }), /it threw/);
      assert.ok(![...bucket.objects.keys()].some((key) => key.includes(id(4))), 'a refused release leaves nothing in the bucket');

      await publish(store, 'mfe_content', builtContentRemote('5'), 5);
      assert.ok(bucket.objects.has('releases/manifest.json'));
      assert.ok(bucket.objects.has(`releases/content/${id(5)}/faqpage.00000005.js`));
      // The running server reads the bucket's pointer again within 5 s: the new origin is allowed without a restart.
      // The bound only ends a wait that would never end.
      const deadline = Date.now() + 20_000;
      while (!(await csp()).includes(`script-src 'self' ${bucket.origin}`) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 250));
      const page = await server.app.inject('/en/faq');
      assert.equal(tasko(page.body).remotes.mfe_content, `${bucket.origin}/tasko-site/releases/content/${id(5)}/remoteEntry.js`);
      assert.match(page.body, new RegExp(`href="${bucket.origin}/tasko-site/releases/content/${id(5)}/faqpage\\.00000005\\.js"`));
    } finally {
      await server.close();
    }
  });
});

describe('error reports from pages', () => {
  const distRoot = makeFixtureSite();
  let database: DatabaseHandle;
  let server: TestServer;
  let store: LocalReleaseStore;
  let counts: CanaryCounts;
  const report = { releaseId: 'dist', remote: 'mfe_content', route: 'faq', kind: 'renderFailed', message: 'TypeError: x is undefined' };

  before(async () => {
    database = await openDatabase({ pgliteDir: 'memory' });
    server = await startTestServer(database, { DIST_ROOT: distRoot, RELEASE_STATS_FLUSH_MS: '60000', CLIENT_ERROR_RATE_LIMIT: '5' });
    store = new LocalReleaseStore(path.join(server.dataDir, 'releases'));
    counts = await CanaryCounts.open(database.db, server.config.canary.maxVisitorsPerAddress);
  });
  after(async () => {
    await server.close();
    await database.close();
    fs.rmSync(distRoot, { recursive: true, force: true });
  });

  it('answers 204 to a report of today’s shape, without the page’s token, and counts nothing by it', async () => {
    const { id: released } = await publish(store, 'mfe_content', builtContentRemote('1'), 1);
    await publish(store, 'mfe_content', builtContentRemote('2'), 2, { canaryShare: 50 });
    const answer = await server.app.inject({ method: 'POST', url: '/api/v1/client-errors', payload: { ...report, releaseId: released } });
    assert.equal(answer.statusCode, 204);
    await judgeCanaries(store, (area, trial) => counts.figures(area, trial), server.config.canary);
    assert.deepEqual((await store.readManifest()).manifest.areas.mfe_content?.stats[released], {
      loads: 0,
      errored: 0,
      visitors: 0,
      rate: 0,
    });
  });

  it('refuses what is not a report (an unknown route, a URL, a long message) and bodies over its limit', async () => {
    const post = (payload: object | string) =>
      server.app.inject({ method: 'POST', url: '/api/v1/client-errors', payload, headers: { 'content-type': 'application/json' } });
    assert.equal((await post({ ...report, route: '/en/faq?token=secret' })).statusCode, 400);
    assert.equal((await post({ ...report, message: 'x'.repeat(501) })).statusCode, 400);
    assert.equal((await post({ ...report, email: 'someone@example.com' })).statusCode, 400, 'nothing personal is taken');
    assert.equal((await post(JSON.stringify({ ...report, message: 'x'.repeat(4000) }))).statusCode, 413);
    // Past CLIENT_ERROR_RATE_LIMIT (5 here) from one address: each of these comes from an address of its own.
    const fresh = (() => {
      let n = 0;
      return () => `198.51.100.${(n += 1)}`;
    })();
    assert.equal(
      (
        await server.app.inject({
          method: 'POST',
          url: '/api/v1/client-errors',
          payload: { ...report, token: 'x'.repeat(1025) },
          remoteAddress: fresh(),
        })
      ).statusCode,
      400,
    );
    const beacon = (payload: object | string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/v1/page-loads',
        payload,
        headers: { 'content-type': 'application/json' },
        remoteAddress: fresh(),
      });
    assert.equal((await beacon({ token: 'x', areas: ['admin'] })).statusCode, 400);
    assert.equal((await beacon({ token: 'x', areas: [] })).statusCode, 400);
    assert.equal((await beacon({ token: 'x', areas: ['shell'], url: '/en/faq' })).statusCode, 400);
    assert.equal((await beacon(JSON.stringify({ token: 'x'.repeat(4000), areas: ['shell'] }))).statusCode, 413);
    assert.equal(
      (await beacon({ token: 'not a token', areas: ['shell'] })).statusCode,
      204,
      'a token that is not one counts nothing, quietly',
    );
  });

  it('answers 429 past the per-address limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1)
      statuses.push(
        (await server.app.inject({ method: 'POST', url: '/api/v1/client-errors', payload: report, remoteAddress: '192.0.2.77' }))
          .statusCode,
      );
    assert.deepEqual(statuses.slice(0, 5), [204, 204, 204, 204, 204]);
    assert.equal(statuses.at(-1), 429);
    // Page-load beacons have a count of their own per address.
    const beacons: number[] = [];
    for (let i = 0; i < 8; i += 1)
      beacons.push(
        (
          await server.app.inject({
            method: 'POST',
            url: '/api/v1/page-loads',
            payload: { token: 't.x', areas: ['shell'] },
            remoteAddress: '192.0.2.77',
          })
        ).statusCode,
      );
    assert.deepEqual(beacons.slice(0, 5), [204, 204, 204, 204, 204]);
    assert.equal(beacons.at(-1), 429);
  });
});
