// `npm run test:cluster`: the site as two of everything on loopback (docs/deploy.md#how-this-is-proved): nginx
// in front of two API instances, a PostgreSQL primary with a streaming replica, Redis and an S3 stand-in, all
// started here in a temporary folder and stopped at the end. Each check fails on a wrong answer; every loop is
// bounded in count and time, and every wait is for a condition, never for a fixed time: on a busy machine
// everything takes longer. A check that stops a piece starts it again however it ends, and the checks after
// it wait until the cluster is whole again, so one failure does not fail the next.
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { ALERT_QUEUE_SCHEMA, ALERT_QUEUES } from '../../api/src/plugins/alerts/alertService.js';
import type { Readiness } from '../../api/src/plugins/health/health.routes.js';
import { S3Bucket } from '../../api/src/s3Bucket.js';
import { S3ReleaseStore } from '../../api/src/releases/releaseStores.js';
import { publishRelease } from '../../api/src/releases/releaseActions.js';
import { benchSession as signIn, listingForm } from '../benchServer.js';
import { tailOf } from './processes.js';
import { startCluster, waitFor, type Cluster, type ExitInfo, type Instance } from './topology.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const REPLICA_MAX_LAG_MS = 5_000;
const APPLICATION_RATE_LIMIT = 4;
/** A search or a readiness answer slower than this is a failure, not a wait without end. */
const ANSWER_TIMEOUT_MS = 20_000;

let cluster: Cluster;

/** POST /jobs as the posting form sends it; `photo` adds one JPEG. */
function postListing(origin: string, token: string, title: string, options: { key?: string; photo?: Buffer } = {}): Promise<Response> {
  const form = listingForm(title);
  if (options.photo) form.append('photos', new Blob([new Uint8Array(options.photo)], { type: 'image/jpeg' }), 'photo.jpg');
  return fetch(`${origin}/api/v1/jobs`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...(options.key ? { 'idempotency-key': options.key } : {}) },
    body: form,
  });
}

async function published(
  origin: string,
  token: string,
  title: string,
  options: { photo?: Buffer } = {},
): Promise<{ job_id: number; image_url: string[] }> {
  const answer = await postListing(origin, token, title, options);
  assert.equal(answer.status, 201, await answer.clone().text());
  return (await answer.json()) as { job_id: number; image_url: string[] };
}

/** The ids an anonymous search (the replica's, while it is fresh) finds for a word. */
async function searchIds(origin: string, word: string, token?: string): Promise<number[]> {
  const answer = await fetch(`${origin}/api/v1/jobs?q=${encodeURIComponent(word)}&pageSize=50`, {
    signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
  assert.equal(answer.status, 200, await answer.clone().text());
  return ((await answer.json()) as { jobs: { job_id: number }[] }).jobs.map((job) => job.job_id);
}

const readinessOf = async (instance: Instance) =>
  (await (await fetch(`${instance.origin}/health/ready`, { signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS) })).json()) as Readiness;

/** A word no other listing has: searches for it find only what the test posted. */
const uniqueWord = () => `harmonica${crypto.randomBytes(3).toString('hex')}`;

before(async () => {
  cluster = await startCluster({
    // Both at once: the migrations race, and the advisory lock must make them run once.
    together: true,
    replicaMaxLagMs: REPLICA_MAX_LAG_MS,
    // The drain compose.yaml sets (docs/deploy.md#the-proxy).
    env: {
      APPLICATION_RATE_LIMIT: String(APPLICATION_RATE_LIMIT),
      SIGN_IN_RATE_LIMIT: '100000',
      WRITE_RATE_LIMIT: '100000',
      SHUTDOWN_DELAY_MS: '2000',
    },
  });
});

after(async () => {
  await cluster?.stop();
});

describe('two instances behind a proxy, as one site', () => {
  let poster = '';
  before(async () => {
    poster = await signIn(cluster.proxyOrigin, 'poster@cluster.test');
  });

  it('ran the migrations once though both instances started together', async () => {
    const journal = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'api', 'drizzle', 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const applied = await cluster.primary.query('select count(*), count(distinct hash) from drizzle.__drizzle_migrations');
    assert.equal(applied, `${journal.entries.length}|${journal.entries.length}`);
    for (const instance of cluster.instances) assert.equal((await readinessOf(instance)).checks.migrations, 'applied');
  });

  it('finds a listing posted through one instance through the other and the proxy; with replay paused, its owner at once and the public within the lag allowed', async () => {
    const [first, second] = cluster.instances;
    const word = uniqueWord();
    const { job_id: id } = await published(first.origin, poster, `Sofa ${word}`);
    assert.equal((await fetch(`${second.origin}/api/v1/jobs/${id}`)).status, 200);
    await waitFor(async () => (await searchIds(cluster.proxyOrigin, word)).includes(id) || null, {
      timeoutMs: 3_000,
      what: 'the listing in a public search through the proxy',
    });

    await cluster.replica.pauseReplay();
    try {
      const later = uniqueWord();
      const { job_id: paused } = await published(cluster.proxyOrigin, poster, `Sofa ${later}`);
      const started = Date.now();
      const own = await fetch(`${second.origin}/api/v1/jobs/${paused}`, { headers: { authorization: `Bearer ${poster}` } });
      assert.equal(own.status, 200, 'its owner reads the primary');
      assert.equal(((await own.json()) as { viewer_is_owner: boolean }).viewer_is_owner, true);
      assert.deepEqual(await searchIds(second.origin, later, poster), [paused], "its owner's search reads the primary too");
      await waitFor(async () => (await searchIds(cluster.proxyOrigin, later)).includes(paused) || null, {
        timeoutMs: REPLICA_MAX_LAG_MS + 1_000,
        intervalMs: 100,
        what: 'the public search to find it (the lag fallback)',
      });
      const waited = Date.now() - started;
      assert.ok(waited <= REPLICA_MAX_LAG_MS + 1_000, `found after ${waited} ms`);
    } finally {
      await cluster.replica.resumeReplay();
    }
  });

  it('counts a limit once across both instances', async () => {
    const seeker = await signIn(cluster.proxyOrigin, 'seeker@cluster.test');
    const ids: number[] = [];
    for (let n = 0; n <= APPLICATION_RATE_LIMIT; n += 1)
      ids.push((await published(cluster.proxyOrigin, poster, `Task ${uniqueWord()}`)).job_id);
    const statuses: number[] = [];
    for (const [n, id] of ids.entries()) {
      const instance = cluster.instances[n % 2]!;
      const answer = await fetch(`${instance.origin}/api/v1/jobs/${id}/applications`, {
        method: 'POST',
        headers: { authorization: `Bearer ${seeker}`, 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'I can do it tomorrow.' }),
      });
      statuses.push(answer.status);
    }
    assert.deepEqual(statuses, [...Array<number>(APPLICATION_RATE_LIMIT).fill(201), 429]);
  });

  it('sends one alert email per match with both instances working the queue', async () => {
    const watcher = await signIn(cluster.proxyOrigin, 'watcher@cluster.test');
    const word = uniqueWord();
    const saved = await fetch(`${cluster.instances[1].origin}/api/v1/me/alerts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${watcher}`, 'content-type': 'application/json' },
      body: JSON.stringify({ offerType: 'job', q: word, frequency: 'instant' }),
    });
    assert.equal(saved.status, 201, await saved.clone().text());
    await published(cluster.instances[0].origin, poster, `Garden ${word}`);
    const mailsToWatcher = () =>
      fs.existsSync(cluster.outboxDir)
        ? fs
            .readdirSync(cluster.outboxDir)
            .filter(
              (file) =>
                file.endsWith('.eml') && /^To: watcher@cluster\.test/m.test(fs.readFileSync(path.join(cluster.outboxDir, file), 'utf8')),
            )
        : [];
    await waitFor(() => mailsToWatcher().length > 0 || null, { timeoutMs: 30_000, intervalMs: 250, what: 'the alert email' });
    // Every alert job settled, none waiting, retrying or running on either instance: a job worked twice, or a
    // match queued twice, would have sent its second email by then.
    const queues = [ALERT_QUEUES.listingVisible, ALERT_QUEUES.email].map((name) => `'${name}'`).join(',');
    await waitFor(
      async () =>
        (await cluster.primary.query(
          `select count(*) from ${ALERT_QUEUE_SCHEMA}.job where name in (${queues}) and state in ('created', 'retry', 'active')`,
        )) === '0' || null,
      { timeoutMs: 30_000, intervalMs: 250, what: 'the alert jobs settled' },
    );
    assert.equal(mailsToWatcher().length, 1);
  });

  it('serves a remote released once into the bucket from both instances within 5 s', async () => {
    const store = new S3ReleaseStore(
      new S3Bucket({
        endpoint: cluster.bucket.origin,
        bucket: 'tasko',
        region: 'us-east-1',
        accessKeyId: 'cluster',
        secretAccessKey: 'cluster-secret',
        publicUrl: `${cluster.bucket.origin}/tasko`,
      }),
    );
    const built = path.join(REPO_ROOT, 'mfe-content', 'dist');
    assert.ok(fs.existsSync(path.join(built, 'remoteEntry.js')), 'mfe-content is built (npm run build)');
    const outcome = await publishRelease(store, 'mfe_content', built, crypto.randomBytes(8).toString('hex'), { check: async () => [] });
    assert.equal(outcome.kind, 'published');
    const releasedAt = Date.now();
    const seenBy = await Promise.all(
      cluster.instances.map(async (instance) => {
        await waitFor(
          async () => {
            const current = (await (await fetch(`${instance.origin}/api/v1/releases/current`)).json()) as {
              releases: Record<string, string>;
              remotes: Record<string, string>;
            };
            return current.releases.mfe_content === outcome.id ? current : null;
          },
          { timeoutMs: 8_000, intervalMs: 100, what: `${instance.name} to serve the release` },
        );
        return Date.now() - releasedAt;
      }),
    );
    for (const ms of seenBy) assert.ok(ms <= 5_500, `served after ${ms} ms`);
    const current = (await (await fetch(`${cluster.proxyOrigin}/api/v1/releases/current`)).json()) as { remotes: Record<string, string> };
    const entry = await fetch(current.remotes.mfe_content ?? '');
    assert.equal(entry.status, 200, 'the remote entry is read from the bucket');
  });

  it('serves a photo uploaded through one instance from the other: it is in the bucket', async () => {
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#3a7' } })
      .jpeg()
      .toBuffer();
    const listing = await published(cluster.instances[0].origin, poster, `Photo ${uniqueWord()}`, { photo });
    const seen = (await (await fetch(`${cluster.instances[1].origin}/api/v1/jobs/${listing.job_id}`)).json()) as { image_url: string[] };
    assert.equal(seen.image_url.length, 1);
    assert.ok(seen.image_url[0]!.startsWith(`${cluster.bucket.origin}/tasko/`), seen.image_url[0]);
    const image = await fetch(seen.image_url[0]!);
    assert.equal(image.status, 200);
    assert.equal(image.headers.get('content-type'), 'image/jpeg');
    assert.equal(fs.existsSync(path.join(cluster.dataDir, 'uploads')), false, 'no instance kept it on its own disk');
  });

  it('carries a message of the deal to the event stream held by the other instance', async () => {
    const buyer = await signIn(cluster.proxyOrigin, 'buyer@cluster.test');
    const { job_id: id } = await published(cluster.proxyOrigin, poster, `Dog walk ${uniqueWord()}`);
    const [first, second] = cluster.instances;
    const applied = await fetch(`${first.origin}/api/v1/jobs/${id}/applications`, {
      method: 'POST',
      headers: { authorization: `Bearer ${buyer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'I walk dogs every morning.' }),
    });
    assert.equal(applied.status, 201, await applied.clone().text());
    const { application } = (await applied.json()) as { application: { conversationId: number } };

    const stopStream = new AbortController();
    const stream = await fetch(`${second.origin}/api/v1/me/events`, {
      headers: { authorization: `Bearer ${poster}` },
      signal: stopStream.signal,
    });
    assert.equal(stream.status, 200);
    let heard = '';
    const reading = (async () => {
      const decoder = new TextDecoder();
      for await (const chunk of stream.body as unknown as AsyncIterable<Uint8Array>) heard += decoder.decode(chunk, { stream: true });
    })().catch(() => undefined);
    try {
      const text = `Is 7 am fine? ${uniqueWord()}`;
      const sent = await fetch(`${first.origin}/api/v1/conversations/${application.conversationId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${buyer}`, 'content-type': 'application/json' },
        body: JSON.stringify({ text }),
      });
      assert.equal(sent.status, 201, await sent.clone().text());
      await waitFor(() => heard.includes(text) || null, {
        timeoutMs: 5_000,
        intervalMs: 50,
        what: 'the message on the other instance’s stream',
      });
      assert.match(heard, /event: message/);
    } finally {
      stopStream.abort();
      await reading;
    }
  });
});

/** A member's listing under a word of its own, replayed on the replica: what an outage check searches for. */
async function replayedListing(email: string, noun: string): Promise<{ poster: string; word: string; id: number }> {
  const poster = await signIn(cluster.proxyOrigin, email);
  const word = uniqueWord();
  const { job_id: id } = await published(cluster.proxyOrigin, poster, `${noun} ${word}`);
  await cluster.replica.waitForReplay();
  return { poster, word, id };
}

/** Neither instance died of an outage: a server that goes away must fail requests, not end the process. */
function assertBothRun() {
  for (const instance of cluster.instances)
    assert.ok(instance.isRunning, `${instance.name} still runs; its log ends with:\n${tailOf(instance.logFile)}`);
}

describe('outages', () => {
  beforeEach(() => cluster.whole());

  it('goes on searching from the primary when the replica stops, and from the replica when the primary stops, where writes answer 503', async () => {
    const { poster, word, id } = await replayedListing('outage@cluster.test', 'Fence');
    const searchBurst = async (times: number) => {
      for (let n = 0; n < times; n += 1) assert.deepEqual(await searchIds(cluster.proxyOrigin, word), [id]);
    };

    const stopping = cluster.replica.stop();
    try {
      await searchBurst(20);
      await stopping;
      await searchBurst(20);
      // Each instance's next reading of the replica finds it gone: within its check's 2 s.
      for (const instance of cluster.instances)
        await waitFor(async () => (await readinessOf(instance)).checks.replica === 'down' || null, {
          timeoutMs: 5_000,
          intervalMs: 100,
          what: `${instance.name} reporting the replica down`,
        });
      assertBothRun();
    } finally {
      await stopping.catch(() => undefined);
      await cluster.replica.start();
    }
    // One outage at a time: both instances read the replica again before the primary stops.
    await cluster.whole();

    await cluster.primary.stop();
    try {
      const refused = await postListing(cluster.proxyOrigin, poster, `Fence ${uniqueWord()}`);
      assert.equal(refused.status, 503);
      const problem = (await refused.json()) as { messageKey: string };
      assert.equal(problem.messageKey, 'serviceUnavailable');
      for (const language of ['he', 'ar', 'ru', 'en']) {
        const texts = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'shared', 'src', 'locales', language, 'common.json'), 'utf8')) as {
          errors: Record<string, string>;
        };
        assert.ok(texts.errors[problem.messageKey], `${language} says what ${problem.messageKey} means`);
      }
      await searchBurst(20);
      const ready = await readinessOf(cluster.instances[0]);
      assert.deepEqual([ready.ready, ready.checks.primary], [true, 'down'], 'still ready: it can serve public reads');
      assertBothRun();
    } finally {
      await cluster.primary.start();
    }
    await waitFor(async () => (await postListing(cluster.proxyOrigin, poster, `Fence ${uniqueWord()}`)).status === 201 || null, {
      timeoutMs: 20_000,
      intervalMs: 500,
      what: 'writes after the primary is back',
    });
  });

  it('keeps public reads on both instances while Redis is down and limited actions answer 503, and counts again once it is back', async () => {
    const { poster, word, id } = await replayedListing('redis@cluster.test', 'Shelf');
    await cluster.redis.stop();
    try {
      for (const instance of cluster.instances) {
        assert.deepEqual(await searchIds(instance.origin, word), [id]);
        const refused = await postListing(instance.origin, poster, `Shelf ${uniqueWord()}`);
        assert.equal(refused.status, 503);
        assert.equal(((await refused.json()) as { messageKey: string }).messageKey, 'serviceUnavailable');
        const ready = await readinessOf(instance);
        assert.deepEqual([ready.ready, ready.checks.redis], [true, 'down'], 'still ready: public reads need no Redis');
      }
      assertBothRun();
    } finally {
      await cluster.redis.start();
    }
    await waitFor(async () => (await postListing(cluster.proxyOrigin, poster, `Shelf ${uniqueWord()}`)).status === 201 || null, {
      timeoutMs: 15_000,
      intervalMs: 300,
      what: 'posting once Redis is back',
    });
  });
});

/** What a load run saw: every search's outcome and every writer's posts. */
interface LoadTally {
  searches: number;
  /** When each search that answered 200 had its answer. */
  answeredAt: number[];
  failedSearches: { at: number; status: number | string }[];
  /** Each post that answered 201: its key, its listing, how many sends it took, and when. */
  posted: { key: string; id: number; sends: number; at: number }[];
  /** Posts given up after their sends (each with the last answer): a clear error, retried with its key. */
  gaveUp: { key: string; last: string }[];
}

/** The load while it runs: `until` waits, bounded, for what the load has done so far. */
interface Load {
  /** What the load has done so far. */
  tally: LoadTally;
  until(what: string, condition: (tally: LoadTally) => boolean, timeoutMs?: number): Promise<void>;
}

const SEARCHERS = 16;
const WRITERS = 4;
const SENDS_PER_POST = 20;
/** A writer sends a post again this long after a failure: the site's client waits too before it resends. */
const RESEND_AFTER_MS = 250;

/** Searches and posts through the proxy from every searcher and writer: the load is running. */
const isRunning = (tally: LoadTally) => tally.answeredAt.length >= SEARCHERS * 2 && tally.posted.length >= WRITERS;

/**
 * 16 searchers and 4 writers through the proxy while `during` runs. A writer sends each post with its own
 * Idempotency-Key and sends it again, same key, after a failure, as the site's client does.
 */
async function underLoad(writerTokens: string[], word: string, during: (load: Load) => Promise<void>): Promise<LoadTally> {
  const tally: LoadTally = { searches: 0, answeredAt: [], failedSearches: [], posted: [], gaveUp: [] };
  let isStopping = false;
  const searcher = async () => {
    while (!isStopping) {
      try {
        const answer = await fetch(`${cluster.proxyOrigin}/api/v1/jobs?q=${word}&pageSize=10`, { signal: AbortSignal.timeout(10_000) });
        await answer.arrayBuffer();
        if (answer.status === 200) tally.answeredAt.push(Date.now());
        else tally.failedSearches.push({ at: Date.now(), status: answer.status });
      } catch (error) {
        tally.failedSearches.push({ at: Date.now(), status: String(error) });
      }
      tally.searches += 1;
    }
  };
  const writer = async (token: string) => {
    while (!isStopping) {
      const key = crypto.randomUUID();
      let last = '';
      let isDone = false;
      for (let send = 1; send <= SENDS_PER_POST && !isDone; send += 1) {
        try {
          const answer = await postListing(cluster.proxyOrigin, token, `Load ${word} ${key.slice(0, 8)}`, { key });
          const body = await answer.text();
          if (answer.status === 201) {
            tally.posted.push({ key, id: (JSON.parse(body) as { job_id: number }).job_id, sends: send, at: Date.now() });
            isDone = true;
          } else last = `${answer.status} ${body.slice(0, 120)}`;
        } catch (error) {
          last = String(error);
        }
        if (!isDone) await delay(RESEND_AFTER_MS);
      }
      if (!isDone) tally.gaveUp.push({ key, last });
    }
  };
  const loops = [...Array.from({ length: SEARCHERS }, searcher), ...writerTokens.map(writer)];
  const load: Load = {
    tally,
    until: (what, condition, timeoutMs = 60_000) =>
      waitFor(() => condition(tally) || null, { timeoutMs, intervalMs: 50, what }).then(() => undefined),
  };
  try {
    await during(load);
  } finally {
    isStopping = true;
    await Promise.all(loops);
  }
  return tally;
}

/** Listings the writers' members have stored. */
async function storedBy(emails: string[]): Promise<number> {
  const list = emails.map((email) => `'${email}'`).join(',');
  return Number(
    await cluster.primary.query(`select count(*) from listings l join users u on u.id = l.publisher_id where u.email in (${list})`),
  );
}

/** A connection to `instance` that sends nothing, as a client leaves one it opened ahead of use. */
function unusedConnection(instance: Instance): Promise<net.Socket> {
  const { hostname, port } = new URL(instance.origin);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    socket.once('error', reject);
    socket.once('connect', () => {
      // Ended by the instance as it drains: no error of ours.
      socket.on('error', () => undefined);
      resolve(socket);
    });
  });
}

describe('restarts under load', () => {
  const writerEmails = Array.from({ length: WRITERS }, (_, n) => `writer${n + 1}@cluster.test`);
  let writers: string[] = [];
  before(async () => {
    writers = await Promise.all(writerEmails.map((email) => signIn(cluster.proxyOrigin, email)));
  });
  beforeEach(() => cluster.whole());
  // An instance a failed check left stopped is started again, for the checks after it.
  const startStopped = async () => {
    for (const instance of cluster.instances) if (!instance.isRunning) await instance.start();
  };

  it('fails no search and loses or doubles no post while each instance in turn is stopped (SIGTERM) and started again', async (t) => {
    t.after(startStopped);
    const before = await storedBy(writerEmails);
    const restarts: { instance: Instance; exit: ExitInfo; readyMs: number }[] = [];
    const tally = await underLoad(writers, uniqueWord(), async (load) => {
      await load.until('the load running', isRunning);
      for (const instance of cluster.instances) {
        // Node's own fetch leaves such a connection after an aborted request; browsers and load balancers open
        // them ahead of need. The drain must not wait for its first request.
        const unused = await unusedConnection(instance);
        const exit = await instance.stop('SIGTERM', { graceMs: 30_000 }).finally(() => unused.destroy());
        const stoppedAt = Date.now();
        await instance.start();
        restarts.push({ instance, exit, readyMs: Date.now() - stoppedAt });
        // Ready, and back in nginx's rotation (its fail_timeout after the last refused connection) before the
        // next one stops: else nginx could have both marked down at once.
        await cluster.proxyReaches(instance);
      }
      const searchesSoFar = load.tally.answeredAt.length;
      const postsSoFar = load.tally.posted.length;
      await load.until(
        'the load going on through both instances again',
        (now) => now.answeredAt.length >= searchesSoFar + SEARCHERS * 2 && now.posted.length >= postsSoFar + WRITERS,
      );
    });
    const drains = restarts.map(({ instance, exit, readyMs }) => `${instance.name} drained in ${exit.ms} ms, ready ${readyMs} ms later`);
    console.log(
      `rolling restart: ${drains.join('; ')}; ${tally.searches} searches, ${tally.posted.length} posts (${tally.posted.filter((p) => p.sends > 1).length} sent more than once)`,
    );
    for (const { instance, exit } of restarts)
      assert.deepEqual(
        [exit.exitCode, exit.signal],
        [0, null],
        `${instance.name} exited cleanly after ${exit.ms} ms; its log ends with:\n${tailOf(instance.logFile)}`,
      );
    assert.deepEqual(tally.failedSearches, []);
    assert.deepEqual(tally.gaveUp, []);
    assert.ok(tally.searches > 100 && tally.posted.length > 10, 'the load ran');
    assert.equal(new Set(tally.posted.map((post) => post.id)).size, tally.posted.length, 'each post is its own listing');
    assert.equal((await storedBy(writerEmails)) - before, tally.posted.length, 'stored listings = successful posts');
  });

  it('loses nothing acknowledged, doubles no post and fails no read after the first second when an instance is killed (kill -9)', async (t) => {
    t.after(startStopped);
    const before = await storedBy(writerEmails);
    const victim = cluster.instances[0];
    let killedAt = 0;
    const tally = await underLoad(writers, uniqueWord(), async (load) => {
      await load.until('the load running', isRunning);
      killedAt = Date.now();
      await victim.stop('SIGKILL');
      // Enough of the load after the first second to see a read fail there, were any to.
      await load.until(
        'searches and posts after the first second',
        (now) =>
          now.answeredAt.filter((at) => at > killedAt + 1_000).length >= SEARCHERS * 8 &&
          now.posted.filter((post) => post.at > killedAt + 1_000).length >= WRITERS,
      );
    });
    try {
      const late = tally.failedSearches.filter((failure) => failure.at > killedAt + 1_000);
      console.log(
        `kill -9: ${tally.searches} searches, ${tally.failedSearches.length} failed (${late.length} after the first second), ${tally.posted.length} posts, ${tally.gaveUp.length} given up`,
      );
      assert.deepEqual(late, []);
      const ids = tally.posted.map((post) => post.id).join(',');
      assert.equal(
        Number(await cluster.primary.query(`select count(*) from listings where id in (${ids})`)),
        tally.posted.length,
        'every acknowledged post is stored',
      );
      // A post's key is answered in its listing's transaction: one cut off by the kill either committed (and its
      // resend is answered from the key) or left nothing behind (and is given up after 409s or made anew).
      assert.equal((await storedBy(writerEmails)) - before, tally.posted.length, 'stored listings = successful posts');
    } finally {
      if (!victim.isRunning) await victim.start();
    }
    assert.equal((await readinessOf(victim)).ready, true);
  });
});
