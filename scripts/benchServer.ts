// The API in its own process for the benchmarks, on a free loopback port (the caller kills it), and what the
// benchmarks share: sessions, a listing's form, a load of requests.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort } from './cluster/processes.js';

export { freePort };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A load's throughput, latency and failures (non-2xx answers included). */
export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** `connections` requests at a time at `url` for `seconds`, after a second of warm-up. */
export async function loadFigures(url: string, connections: number, seconds: number): Promise<LoadFigures> {
  await autocannon({ url, connections, duration: 1 });
  const result = await autocannon({ url, connections, duration: seconds });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/**
 * The real server (api/src/main.ts) with `env`, answering its health check; demo data off, warnings only.
 * `tree`: another checkout's root (the bench's `--baseline`), served with its own code and packages.
 */
export async function startServer(env: Record<string, string>, tree = root): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(tree, 'api', 'src', 'main.ts')], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEMO_DATA: 'off' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // tsx compiles the server first: on two busy cores that alone can take most of a minute.
  for (let attempt = 0; attempt < 450; attempt += 1) {
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('the server did not start within 90 s');
}

/** A session through the local identity provider, as the sign-in page does it: nonce, ID token, login. */
export async function benchSession(url: string, email: string): Promise<string> {
  const nonceAnswer = await fetch(`${url}/api/v1/auth/nonce`, { method: 'POST' });
  const cookie = (nonceAnswer.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const { nonce } = (await nonceAnswer.json()) as { nonce: string };
  const token = await fetch(`${url}/dev-idp/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, name: 'Bench', nonce }),
  });
  const { id_token: idToken } = (await token.json()) as { id_token: string };
  const login = await fetch(`${url}/api/v1/auth/google/login`, { method: 'POST', headers: { authorization: `Bearer ${idToken}`, cookie } });
  const { accessToken } = (await login.json()) as { accessToken: string };
  await fetch(`${url}/api/v1/user/age-confirmation`, { method: 'POST', headers: { authorization: `Bearer ${accessToken}` } });
  return accessToken;
}

/** A multipart payload of these fields, as the posting form sends them. */
export function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

/** The multipart post payload of a valid listing, as the posting form sends it. */
export function listingForm(title: string): FormData {
  return formOf({
    jobTitle: title,
    description: 'Carrying a sofa up three floors.',
    category: 'homeServices',
    paymentType: 'fixed',
    amount: '150',
    contactPersonName: 'Bench',
    phone: '054-1234-567',
    location: JSON.stringify({ city: 'Haifa', address: '' }),
    offerType: 'job',
  });
}

/**
 * A database of the bench's own on the PostgreSQL server (`BENCH_DATABASE_URL`, `DATABASE_URL`, or the local
 * one), named after `purpose`, dropped by `drop()`; null (and a line saying so, for `title`) without a server.
 */
export async function createBenchDatabase(purpose: string, title: string): Promise<{ url: string; drop(): Promise<void> } | null> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const admin = new pg.Client({ connectionString: serverUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`\n${title}: skipped, no PostgreSQL at ${serverUrl.replace(/\/\/[^@]*@/, '//')} (${(error as Error).message})`);
    return null;
  }
  const name = `tasko_bench_${purpose}_${process.pid}`;
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
