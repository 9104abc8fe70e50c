// A canary cannot be steered (docs/releases.md, "How a canary counts"; docs/security.md, "Canaries"): through the
// real routes, forged buckets, forged error reports, reports for other releases, replayed tokens and one address
// posing as many visitors move no verdict, while honest visitors' loads and errors still do. On PGlite, and on
// PostgreSQL too when DATABASE_URL is set.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { RELEASE_BUCKET_COOKIE, type PageCanary, type ReleaseArea } from '@tasko/shared/domain';
import { rowsOf, type DatabaseHandle } from '../src/db/client.js';
import { serverSecret } from '../src/db/serverSecret.js';
import { CANARY_KEY_NAME, CanaryCounts, CanaryKey, PAGE_TOKEN_LIFETIME_MS, signedBucketCookie } from '../src/releases/canaryCounts.js';
import { canaryTrial, type ReleaseStats } from '../src/releases/releases.js';
import { judgeCanaries, publishRelease, rollbackRelease } from '../src/releases/releaseActions.js';
import { LocalReleaseStore } from '../src/releases/releaseStores.js';
import { makeFixtureSite } from './fixtureSite.js';
import { configRefusal, emptyDatabase, startTestServer, testDatabases, useScratchDirs, type TestServer } from './testServer.js';

const tempDir = useScratchDirs();

/** mfe-content's build in miniature: its entry, its federation manifest and the FAQ page's chunk. */
function builtContent(n: number): string {
  const dir = tempDir('tasko-canary-content-');
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), `var mfe_content; /* ${n} */`);
  const exposes = [
    { name: 'FaqPage', path: './FaqPage', assets: { js: { sync: [`faq.${n}.js`], async: [] }, css: { sync: [], async: [] } } },
  ];
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ shared: [], exposes }));
  fs.writeFileSync(path.join(dir, `faq.${n}.js`), `/* faq ${n} */`);
  return dir;
}

/** A shell release without its page template: a page served with it fails on the server. */
function brokenShell(n: number): string {
  const dir = tempDir('tasko-canary-shell-');
  fs.writeFileSync(path.join(dir, `main.${n}.js`), `/* shell ${n} */`);
  return dir;
}

const at = (n: number) => new Date(Date.UTC(2026, 10, 26, 9, 0, n));
const hashOf = (n: number) => `${n}`.padStart(8, 'c');

// Every client a distinct address unless a test says otherwise: one address brings only a few visitors.
let addressCounter = 0;
const freshAddress = () => {
  addressCounter += 1;
  return `10.77.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

interface ServedPage {
  status: number;
  canary: PageCanary | undefined;
  releases: Record<string, string>;
  /** The bucket cookie the visitor holds after the page: the one sent, or the one the server gave. */
  cookie: string | undefined;
  isCookieGiven: boolean;
}

const ENV = {
  DIST_ROOT: '',
  // Judged by the tests themselves (judge() below), as every server's flush would.
  RELEASE_STATS_FLUSH_MS: '3600000',
  CANARY_MIN_LOADS: '6',
  CANARY_MIN_VISITORS: '6',
  CANARY_MAX_VISITORS_PER_ADDRESS: '3',
  CANARY_MAX_EXCESS: '25',
  CLIENT_ERROR_RATE_LIMIT: '10000',
};

for (const database of testDatabases()) {
  describe(`a canary that nobody can steer, on ${database.name}`, () => {
    const distRoot = makeFixtureSite();
    let handle: DatabaseHandle;
    let server: TestServer;
    let store: LocalReleaseStore;
    let counts: CanaryCounts;
    let key: CanaryKey;
    let n = 0;

    before(async () => {
      handle = await database.open();
      await emptyDatabase(handle);
      server = await startTestServer(handle, { ...ENV, DIST_ROOT: distRoot });
      store = new LocalReleaseStore(path.join(server.dataDir, 'releases'));
      counts = await CanaryCounts.open(handle.db, server.config.canary.maxVisitorsPerAddress);
      key = new CanaryKey(await serverSecret(handle.db, CANARY_KEY_NAME));
    });
    after(async () => {
      await server.close();
      await handle.close();
      fs.rmSync(distRoot, { recursive: true, force: true });
    });

    /** A current release of mfe-content and a canary of it at `share` %: a fresh trial whose counts start from nothing. */
    async function freshCanary(share = 50): Promise<{ current: string; canary: string }> {
      n += 1;
      const current = await publishRelease(store, 'mfe_content', builtContent(n), hashOf(n), { now: at(n), check: async () => [] });
      n += 1;
      const canary = await publishRelease(store, 'mfe_content', builtContent(n), hashOf(n), {
        now: at(n),
        canaryShare: share,
        check: async () => [],
      });
      return { current: current.id, canary: canary.id };
    }

    async function openPage(address: string, cookie?: string, url = '/en/faq'): Promise<ServedPage> {
      const page = await server.app.inject({
        url,
        remoteAddress: address,
        headers: cookie === undefined ? {} : { cookie: `${RELEASE_BUCKET_COOKIE}=${encodeURIComponent(cookie)}` },
      });
      const config = JSON.parse(/<script id="tasko-config" type="application\/json">(.*?)<\/script>/.exec(page.body)?.[1] ?? '{}') as {
        canary?: PageCanary;
        releases?: Record<string, string>;
      };
      const given = new RegExp(`${RELEASE_BUCKET_COOKIE}=([^;]+)`).exec(String(page.headers['set-cookie'] ?? ''))?.[1];
      return {
        status: page.statusCode,
        canary: config.canary,
        releases: config.releases ?? {},
        cookie: given ? decodeURIComponent(given) : cookie,
        isCookieGiven: given !== undefined,
      };
    }

    /** What the page's script does once it ran: `POST /page-loads` with the page's token. */
    const tellLoads = (address: string, token: string, areas: ReleaseArea[] = ['shell', 'mfe_content']) =>
      server.app.inject({ method: 'POST', url: '/api/v1/page-loads', payload: { token, areas }, remoteAddress: address });

    const reportError = (address: string, releaseId: string, token?: string, remote: ReleaseArea = 'mfe_content') =>
      server.app.inject({
        method: 'POST',
        url: '/api/v1/client-errors',
        payload: {
          releaseId,
          remote,
          route: 'faq',
          kind: 'renderFailed',
          message: 'TypeError: x is undefined',
          ...(token === undefined ? {} : { token }),
        },
        remoteAddress: address,
      });

    /** An honest visitor in `bucket`: opens the page at their own address, their script tells the load, and reports an error if it met one. */
    async function honestVisit(bucket: number, options: { hasError?: boolean; address?: string } = {}): Promise<ServedPage> {
      const address = options.address ?? freshAddress();
      const page = await openPage(address, await signedBucketCookie(handle.db, bucket));
      assert.ok(page.canary, 'a page carries its token while a canary runs');
      assert.equal((await tellLoads(address, page.canary.token)).statusCode, 204);
      if (options.hasError) assert.equal((await reportError(address, page.releases.mfe_content ?? '', page.canary.token)).statusCode, 204);
      return page;
    }

    /** What any server's flush does: the figures into the manifest, and the verdict. */
    const judge = () => judgeCanaries(store, (area, trial) => counts.figures(area, trial), server.config.canary);

    async function armsOf(releases: {
      current: string;
      canary: string;
    }): Promise<{ canary: ReleaseStats | undefined; current: ReleaseStats | undefined; isRunning: boolean }> {
      await judge();
      const area = (await store.readManifest()).manifest.areas.mfe_content;
      return {
        canary: area?.stats[releases.canary],
        current: area?.stats[releases.current],
        isRunning: area?.canary?.id === releases.canary,
      };
    }

    it('gives buckets only the server signed: a forged, edited or unsigned one is replaced, and /releases/current ignores it', async () => {
      const releases = await freshCanary(50);
      const armOf = (page: ServedPage) => (page.releases.mfe_content === releases.canary ? 'canary' : 'current');
      const bucketOf = (cookie: string | undefined) => Number(cookie?.split('.')[0]);

      const signedCanary = await openPage(freshAddress(), await signedBucketCookie(handle.db, 0));
      assert.equal(signedCanary.isCookieGiven, false, 'a signed bucket is kept');
      assert.equal(armOf(signedCanary), 'canary');
      const signedCurrent = await openPage(freshAddress(), await signedBucketCookie(handle.db, 99));
      assert.equal(armOf(signedCurrent), 'current');

      // The number the attacker sent (0, inside the canary's share) is not the one served: the server deals anew.
      const edited = (await signedBucketCookie(handle.db, 99)).replace(/^99\./, '0.');
      for (const forged of ['0', '00', '0.AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA', edited]) {
        const page = await openPage(freshAddress(), forged);
        assert.equal(page.isCookieGiven, true, `${forged} is replaced`);
        assert.match(page.cookie ?? '', /^\d{1,2}\.[\w-]{22}\.[\w-]{22}$/);
        assert.equal(armOf(page), bucketOf(page.cookie) < 50 ? 'canary' : 'current', 'the page follows the bucket the server gave');
        const answer = await server.app.inject({
          url: '/api/v1/releases/current',
          headers: { cookie: `${RELEASE_BUCKET_COOKIE}=${encodeURIComponent(forged)}` },
        });
        assert.equal(
          answer.json<{ releases: Record<string, string> }>().releases.mfe_content,
          releases.current,
          'a forged bucket is no bucket',
        );
      }
      // Only a visitor the server gave a bucket gets it back: HttpOnly, for a year.
      const first = await server.app.inject({ url: '/en/faq', remoteAddress: freshAddress() });
      assert.match(String(first.headers['set-cookie']), /HttpOnly; SameSite=Lax/);
    });

    it('counts a page load only when its script tells it, once per token and once a minute per visitor', async () => {
      const releases = await freshCanary(50);
      const address = freshAddress();
      const cookie = await signedBucketCookie(handle.db, 3);
      // A crawler's or a script's GETs: pages served, nothing counted.
      const first = await openPage(address, cookie);
      await openPage(address, cookie);
      assert.deepEqual((await armsOf(releases)).canary, { loads: 0, errored: 0, visitors: 0, rate: 0 });
      assert.deepEqual(first.canary?.areas, ['mfe_content'], 'only the areas a canary runs in count');

      const token = first.canary?.token ?? '';
      for (let i = 0; i < 4; i += 1) assert.equal((await tellLoads(address, token)).statusCode, 204);
      // A second page of the same visitor within the minute: its load does not count either.
      const second = await openPage(address, cookie);
      await tellLoads(address, second.canary?.token ?? '');
      assert.deepEqual((await armsOf(releases)).canary, { loads: 1, errored: 0, visitors: 1, rate: 0 });

      // A token past its life, one signed with another key, one whose content was edited: nothing.
      const visitor = key.visitorOf(await signedBucketCookie(handle.db, 4));
      assert.ok(visitor);
      const expired = key.pageToken(visitor, { mfe_content: releases.canary }, Date.now() - PAGE_TOKEN_LIFETIME_MS - 1_000);
      const foreign = new CanaryKey(Buffer.alloc(32, 7)).pageToken(visitor, { mfe_content: releases.canary });
      const [body = '', signature = ''] = key.pageToken(visitor, { mfe_content: releases.canary }).split('.');
      const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { l: string };
      const edited = `${Buffer.from(JSON.stringify({ ...payload, l: 'another-load' })).toString('base64url')}.${signature}`;
      for (const forged of [expired, foreign, edited, 'not-a-token'])
        assert.equal((await tellLoads(freshAddress(), forged)).statusCode, 204);
      assert.equal((await armsOf(releases)).canary?.loads, 1);
    });

    it('counts an error only with a valid token, once per page load, for a release that token names', async () => {
      const releases = await freshCanary(50);
      const address = freshAddress();
      const page = await honestVisit(10, { address });
      const token = page.canary?.token ?? '';
      // Today's shape from a shell released before tokens, a report for the other arm's release, for an area the
      // token does not name, with a token that is not one: each 204, none counted.
      for (const answer of [
        await reportError(address, releases.canary),
        await reportError(address, releases.current, token),
        await reportError(address, 'dist', token),
        await reportError(address, page.releases.shell ?? 'dist', token, 'shell'),
        await reportError(address, releases.canary, `${token}x`),
      ]) {
        assert.equal(answer.statusCode, 204);
      }
      assert.deepEqual((await armsOf(releases)).canary, { loads: 1, errored: 0, visitors: 1, rate: 0 });
      // The real one counts, once however often it is sent.
      for (let i = 0; i < 3; i += 1) assert.equal((await reportError(address, releases.canary, token)).statusCode, 204);
      assert.deepEqual((await armsOf(releases)).canary, { loads: 1, errored: 1, visitors: 1, rate: 1 });
      // A report whose load was never told still proves the script ran: the load and its error count together.
      const other = freshAddress();
      const unannounced = await openPage(other, await signedBucketCookie(handle.db, 11));
      await reportError(other, releases.canary, unannounced.canary?.token);
      assert.deepEqual((await armsOf(releases)).canary, { loads: 2, errored: 2, visitors: 2, rate: 1 });
    });

    it('counts one address posing as many visitors as a few of them, even when they all come at once', async () => {
      const releases = await freshCanary(50);
      const address = freshAddress();
      // Fresh cookies each time (the server deals them), their loads told at once, each with an error.
      const pages = await Promise.all(Array.from({ length: 12 }, () => openPage(address)));
      await Promise.all(pages.map((page) => reportError(address, page.releases.mfe_content ?? '', page.canary?.token)));
      const arms = await armsOf(releases);
      assert.equal((arms.canary?.visitors ?? 0) + (arms.current?.visitors ?? 0), 3, JSON.stringify(arms));
      assert.equal((arms.canary?.errored ?? 0) + (arms.current?.errored ?? 0), 3);
      // The next visitor from another address counts.
      await honestVisit(20);
      assert.equal((await armsOf(releases)).canary?.visitors, (arms.canary?.visitors ?? 0) + 1);
    });

    it('admits no more than the allowance from one address when many count at the same moment (as several instances would)', async () => {
      const address = `address-${crypto.randomUUID()}`;
      const outcomes = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          counts.count({
            loadId: crypto.randomUUID(),
            area: 'mfe_jobs',
            arm: { trial: `race@${address}`, releaseId: 'dist' },
            visitorKey: `visitor-${i}`,
            addressKey: address,
            expiresAt: new Date(Date.now() + 60_000),
            withError: false,
          }),
        ),
      );
      assert.equal(outcomes.filter((outcome) => outcome.isLoadCounted).length, 3);
    });

    it('moves no verdict with forged error reports: a healthy canary stays', async () => {
      const releases = await freshCanary(50);
      for (let i = 0; i < 6; i += 1) {
        await honestVisit(i);
        await honestVisit(50 + i);
      }
      const attacker = freshAddress();
      // An attacker's page in the current arm: a real token, but for the current release, not the canary's.
      let page = await openPage(attacker);
      while (page.releases.mfe_content !== releases.current) page = await openPage(attacker);
      const forgedBody = Buffer.from(
        JSON.stringify({ v: '0.AAAAAAAAAAAAAAAAAAAAAA', l: 'x', e: Date.now() + 60_000, r: { mfe_content: releases.canary } }),
      ).toString('base64url');
      for (let i = 0; i < 10; i += 1) {
        await reportError(attacker, releases.canary);
        await reportError(attacker, releases.canary, page.canary?.token);
        await reportError(attacker, releases.canary, `${forgedBody}.AAAAAAAAAAAAAAAAAAAAAA`);
      }
      const arms = await armsOf(releases);
      assert.equal(arms.isRunning, true);
      assert.deepEqual(arms.canary, { loads: 6, errored: 0, visitors: 6, rate: 0 });
      assert.deepEqual(arms.current, { loads: 6, errored: 0, visitors: 6, rate: 0 }, 'nor against the release the token names');
    });

    it('moves no verdict with one address posing as many visitors: they weigh as a few of the canary’s visitors', async () => {
      const releases = await freshCanary(50);
      for (let i = 0; i < 12; i += 1) {
        await honestVisit(i);
        await honestVisit(50 + i);
      }
      // Ten visitors of the canary's arm from one address, each with an error: 10 of 22 would be 45 %.
      const attacker = freshAddress();
      let found = 0;
      while (found < 10) {
        const page = await openPage(attacker);
        if (page.releases.mfe_content !== releases.canary) continue;
        found += 1;
        await tellLoads(attacker, page.canary?.token ?? '');
        await reportError(attacker, releases.canary, page.canary?.token);
      }
      const arms = await armsOf(releases);
      assert.equal(arms.canary?.visitors, 15, 'the address brought three');
      assert.ok((arms.canary?.rate ?? 1) <= 3 / 15 + 1e-9, String(arms.canary?.rate));
      assert.equal(arms.isRunning, true, `${server.config.canary.maxExcessPoints} points allowed`);
    });

    it('moves no verdict with forged reports against the current release: a failing canary still rolls back', async () => {
      const releases = await freshCanary(50);
      const attacker = freshAddress();
      let canaryPage = await openPage(attacker);
      while (canaryPage.releases.mfe_content !== releases.canary) canaryPage = await openPage(attacker);
      // 20 reports against the current release: none with a token that names it.
      for (let i = 0; i < 20; i += 1) {
        await reportError(attacker, releases.current);
        await reportError(attacker, releases.current, canaryPage.canary?.token);
      }
      for (let i = 0; i < 6; i += 1) {
        await honestVisit(i, { hasError: true });
        await honestVisit(50 + i);
      }
      const rolled = await judge();
      assert.equal(rolled.length, 1, 'the failing canary rolled back');
      assert.match(
        rolled[0]?.reason ?? '',
        /its error rate was 100\.0 % over 6 page loads from 6 visitors, against 0\.0 % over 6 page loads from 6 visitors/,
      );
    });

    it('moves no verdict of a quiet canary: 50 page loads and 2 reports from one address are three visitors', async () => {
      const releases = await freshCanary(50);
      const attacker = freshAddress();
      const tokens: string[] = [];
      for (let i = 0; i < 50; i += 1) {
        const page = await openPage(attacker, i % 2 ? '0' : undefined);
        tokens.push(page.canary?.token ?? '');
        await tellLoads(attacker, page.canary?.token ?? '');
      }
      await reportError(attacker, releases.canary, tokens[0]);
      await reportError(attacker, releases.canary, tokens[1]);
      const arms = await armsOf(releases);
      assert.equal(arms.isRunning, true);
      assert.ok((arms.canary?.visitors ?? 0) + (arms.current?.visitors ?? 0) <= 3, JSON.stringify(arms));
    });

    it('counts a page the server failed to send against its release, with no report', async () => {
      await freshCanary(50);
      n += 1;
      const { id: shellCanary } = await publishRelease(store, 'shell', brokenShell(n), hashOf(n), {
        now: at(n),
        canaryShare: 50,
        check: async () => [],
      });
      try {
        const failed = await openPage(freshAddress(), await signedBucketCookie(handle.db, 1));
        assert.equal(failed.status, 503);
        const served = await openPage(freshAddress(), await signedBucketCookie(handle.db, 90));
        assert.equal(served.status, 200);
        await judge();
        const shell = (await store.readManifest()).manifest.areas.shell;
        assert.deepEqual(shell?.stats[shellCanary], { loads: 1, errored: 1, visitors: 1, rate: 1 });
        assert.deepEqual(
          shell?.stats.dist,
          { loads: 0, errored: 0, visitors: 0, rate: 0 },
          'a page served counts only once its script tells it',
        );
      } finally {
        await rollbackRelease(store, 'shell');
      }
    });

    it('sweeps expired tokens, old address allowances and the visitors of canaries that ended', async () => {
      const releases = await freshCanary(50);
      await honestVisit(5);
      const running = `mfe_content|${canaryTrial({ id: releases.canary, share: 50, since: at(n).toISOString() })}`;
      const rows = async () => {
        const count = async (table: string) =>
          Number(rowsOf<{ n: number | string }>(await handle.db.execute(sql.raw(`select count(*) as n from ${table}`)))[0]?.n ?? 0);
        return {
          visitors: await count('canary_visitors'),
          loads: await count('canary_page_loads'),
          addresses: await count('canary_address_visitors'),
        };
      };
      const before = await rows();
      assert.ok(before.visitors > 1 && before.loads > 1 && before.addresses > 1, JSON.stringify(before));
      await handle.db.execute(sql`update canary_visitors set last_load_at = now() - interval '2 hours'`);
      await handle.db.execute(sql`update canary_page_loads set expires_at = now() - interval '1 second'`);
      await handle.db.execute(sql`update canary_address_visitors set seen_at = now() - interval '61 minutes'`);
      await counts.sweep([running]);
      assert.deepEqual(await rows(), { visitors: 1, loads: 0, addresses: 0 }, 'only the running canary’s visitor is kept');
    });
  });
}

describe('the canary settings', () => {
  it('are checked at start like the others', () => {
    assert.match(
      configRefusal({ CANARY_MIN_VISITORS: 'twenty' }) ?? '',
      /CANARY_MIN_VISITORS="twenty": expected a whole number from 1 to 1000000/,
    );
    assert.match(configRefusal({ CANARY_MAX_VISITORS_PER_ADDRESS: '0' }) ?? '', /CANARY_MAX_VISITORS_PER_ADDRESS="0": expected at least 1/);
    assert.equal(configRefusal({ CANARY_MIN_VISITORS: '20', CANARY_MAX_VISITORS_PER_ADDRESS: '3' }), null);
  });
});

describe('buckets and tokens signed with the key in server_secrets', () => {
  const key = new CanaryKey(Buffer.alloc(32, 1));

  it('reads back what it signed and nothing else', () => {
    const visitor = key.newVisitor();
    assert.deepEqual(key.visitorOf(key.bucketCookie(visitor)), visitor);
    assert.equal(key.visitorOf(key.bucketCookie(visitor).replace(/^\d+/, (bucket) => String((Number(bucket) + 1) % 100))), null);
    assert.equal(new CanaryKey(Buffer.alloc(32, 2)).visitorOf(key.bucketCookie(visitor)), null);
    const token = key.pageToken(visitor, { mfe_jobs: 'dist' });
    assert.deepEqual(key.readPageToken(token)?.releases, { mfe_jobs: 'dist' });
    assert.deepEqual(key.readPageToken(token)?.visitor, visitor);
    // A bucket cookie is not a token, nor a token a bucket cookie: each is signed for its purpose.
    assert.equal(key.readPageToken(key.bucketCookie(visitor)), null);
    assert.equal(key.visitorOf(token), null);
    assert.ok(token.length < 300, `${token.length} characters`);
  });
});
