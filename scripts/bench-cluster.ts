// `npm run bench -- --cluster`: the figures of two of everything (docs/deploy.md#figures), on the loopback
// topology `npm run test:cluster` proves: the public search through nginx with one and with two instances, beside
// one instance without the proxy (req/s, p50, p99, and the ratios); the replica's lag while 4 writers post; and
// how long a rolling restart takes. Reports only; no figure fails it.
import crypto from 'node:crypto';
import pg from 'pg';
import { benchSession, listingForm, loadFigures, type LoadFigures } from './benchServer.js';
import { startCluster } from './cluster/topology.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 16;
const WRITERS = 4;
const LISTINGS = 400;

const load = (url: string) => loadFigures(url, CONNECTIONS, SECONDS);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
};

const cluster = await startCluster({ env: { WRITE_RATE_LIMIT: '100000', SIGN_IN_RATE_LIMIT: '100000', SHUTDOWN_DELAY_MS: '2000' } });
try {
  const token = await benchSession(cluster.proxyOrigin, 'bench@cluster.test');
  // Enough listings that a search reads pages of them, posted through the API like everyone's.
  for (let n = 0; n < LISTINGS; n += 1) {
    const answer = await fetch(`${cluster.proxyOrigin}/api/v1/jobs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: listingForm(`Sofa ${n} carrying`),
    });
    await answer.arrayBuffer();
  }
  await cluster.replica.waitForReplay();
  const search = '/api/v1/jobs?q=sofa&pageSize=20';
  const [first, second] = cluster.instances;

  const direct = await load(`${first.origin}${search}`);
  const two = await load(`${cluster.proxyOrigin}${search}`);
  await second.stop('SIGTERM', { graceMs: 30_000 });
  const one = await load(`${cluster.proxyOrigin}${search}`);
  await second.start();

  // Replica lag while 4 writers post as fast as the primary takes them: the replay position against the primary's.
  const writers = await Promise.all(
    Array.from({ length: WRITERS }, (_, n) => benchSession(cluster.proxyOrigin, `writer${n}@cluster.test`)),
  );
  let isWriting = true;
  let posts = 0;
  const writing = writers.map(async (writer) => {
    while (isWriting) {
      const answer = await fetch(`${cluster.proxyOrigin}/api/v1/jobs`, {
        method: 'POST',
        headers: { authorization: `Bearer ${writer}`, 'idempotency-key': crypto.randomUUID() },
        body: listingForm('Garden tidying'),
      });
      await answer.arrayBuffer();
      if (answer.status === 201) posts += 1;
    }
  });
  // psql would add its own start to every sample: one connection to each server instead.
  const primary = new pg.Client({ connectionString: cluster.primary.url });
  const replica = new pg.Client({ connectionString: cluster.replica.url });
  await Promise.all([primary.connect(), replica.connect()]);
  const lagMs: number[] = [];
  const writingUntil = Date.now() + SECONDS * 1000;
  while (Date.now() < writingUntil) {
    // Written on the primary at `before`; the lag is how long until the replica has replayed that position.
    const { rows } = await primary.query<{ position: string }>('select pg_current_wal_lsn()::text as position');
    const before = performance.now();
    for (let tries = 0; tries < 2_000; tries += 1) {
      const caughtUp = await replica.query<{ done: boolean }>('select pg_last_wal_replay_lsn() >= $1::pg_lsn as done', [rows[0]?.position]);
      if (caughtUp.rows[0]?.done) break;
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    lagMs.push(Math.round(performance.now() - before));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await Promise.all([primary.end(), replica.end()]);
  isWriting = false;
  await Promise.all(writing);

  // A rolling restart: each instance stopped (SIGTERM, its drain included) and started again until ready.
  const restartMs: number[] = [];
  for (const instance of cluster.instances) {
    const started = Date.now();
    await instance.stop('SIGTERM', { graceMs: 30_000 });
    await instance.start();
    restartMs.push(Date.now() - started);
  }

  const row = (name: string, figures: LoadFigures) => `| ${name} | ${figures.rps} | ${figures.p50} | ${figures.p99} | ${figures.errors} |`;
  console.log(`\nPublic search (${search}), ${CONNECTIONS} connections, ${SECONDS} s each, ${LISTINGS} listings, replica reads:`);
  console.log('| where | req/s | p50 ms | p99 ms | errors |\n|---|---|---|---|---|');
  console.log(row('one instance, no proxy', direct));
  console.log(row('nginx, one instance', one));
  console.log(row('nginx, two instances', two));
  console.log(
    `two instances / one through nginx: ${(two.rps / one.rps).toFixed(2)}×; nginx and one instance / one instance alone: ${(one.rps / direct.rps).toFixed(2)}×`,
  );
  console.log(
    `replica lag during ${WRITERS} writers (${posts} posts in ${SECONDS} s): median ${median(lagMs)} ms, p99 ${percentile(lagMs, 99)} ms, max ${Math.max(...lagMs)} ms over ${lagMs.length} samples`,
  );
  console.log(
    `rolling restart: ${restartMs.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(' + ')} = ${(restartMs.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s (each: drain, exit, start, migrate, ready)`,
  );
} finally {
  await cluster.stop();
}
