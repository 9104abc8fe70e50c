// `npm run bench` (API part): GET /api/v1/jobs, first page, with 1,000 listings in the database, measured
// with autocannon over loopback against the real server in its own process, on PGlite and on PostgreSQL.
// Bounded: each run lasts BENCH_SECONDS (default 10) and stops by itself.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { CATEGORIES } from '@tasko/shared/domain';
import { openDatabase } from '../api/src/db/client.js';
import { listings, users } from '../api/src/db/schema.js';
import { startServer } from './benchServer.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const LISTINGS = 1000;

async function seed(options: { databaseUrl?: string; pgliteDir: string }): Promise<void> {
  const handle = await openDatabase(options);
  await handle.db.execute(sql`truncate table listings, sessions, users, rate_limits restart identity cascade`);
  const [user] = await handle.db.insert(users).values({ email: 'bench@tasko.local', name: 'Bench' }).returning();
  const rows = Array.from({ length: LISTINGS }, (_, i) => ({
    publisherId: user!.id,
    offerType: i % 4 === 0 ? 'service' : 'job',
    title: `Listing ${i}: help with a small task`,
    description: 'A realistic description of a small paid task, long enough to look like the real thing. '.repeat(3),
    category: CATEGORIES[i % CATEGORIES.length]!,
    paymentType: i % 3 === 0 ? 'hourly' : 'fixed',
    amount: 20 + ((i * 37) % 2000),
    contactPersonName: `Person ${i}`,
    phone: '0500000000',
    city: ['Haifa', 'Tel Aviv-Yafo', 'Jerusalem', 'Beersheba'][i % 4]!,
    address: `Street ${i}`,
    createdAt: new Date(Date.now() - i * 60_000),
  }));
  for (let i = 0; i < rows.length; i += 250) await handle.db.insert(listings).values(rows.slice(i, i + 250));
  await handle.db.execute(sql`analyze listings`);
  await handle.close();
}

async function measure(name: string, env: Record<string, string>, seedOptions: { databaseUrl?: string; pgliteDir: string }) {
  await seed(seedOptions);
  const { url, child } = await startServer({ ...env, NODE_ENV: 'production' });
  try {
    const target = `${url}/api/v1/jobs?page=1&pageSize=12`;
    const first = (await (await fetch(target)).json()) as { total: number };
    if (first.total !== LISTINGS) throw new Error(`expected ${LISTINGS} listings, got ${first.total}`);
    await autocannon({ url: target, connections: CONNECTIONS, duration: 2 }); // warm-up
    const result = await autocannon({ url: target, connections: CONNECTIONS, duration: SECONDS });
    return {
      name,
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx,
    };
  } finally {
    child.kill();
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasko-bench-'));
const results = [];
try {
  const pgliteDir = path.join(dataDir, 'pglite');
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  // With the 2 s search micro-cache (the default), and without it (every request queries the database).
  for (const [label, cache] of [['', '2000'], [', no cache', '0']] as const) {
    results.push(await measure(`PGlite${label}`, { DATA_DIR: dataDir, PGLITE_DIR: pgliteDir, DATABASE_URL: '', SEARCH_CACHE_MS: cache }, { pgliteDir }));
    try {
      results.push(await measure(`PostgreSQL${label}`, { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SEARCH_CACHE_MS: cache }, { databaseUrl, pgliteDir: 'memory' }));
    } catch (error) {
      console.log(`PostgreSQL skipped: ${(error as Error).message}`);
    }
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

console.log(`\nGET /api/v1/jobs (first page of 12, ${LISTINGS} listings), ${CONNECTIONS} connections, ${SECONDS} s, ${os.cpus().length} cores`);
console.log('database               req/s    p50 ms  p99 ms  errors');
for (const r of results) console.log(`${r.name.padEnd(21)}  ${String(r.rps).padStart(6)}  ${String(r.p50).padStart(6)}  ${String(r.p99).padStart(6)}  ${r.errors}`);
