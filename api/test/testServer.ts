import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import { after, before } from 'node:test';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, type AppConfig } from '../src/config.js';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { buildServer } from '../src/server.js';
import { multipartBody, validPostFields } from './multipart.js';

export interface TestDatabase {
  name: string;
  open(): Promise<DatabaseHandle>;
}

/** PGlite always; the real PostgreSQL too when DATABASE_URL is set (CI gives a fresh database). */
export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [{ name: 'PGlite', open: () => openDatabase({ pgliteDir: 'memory' }) }];
  const url = process.env.DATABASE_URL;
  if (url) list.push({ name: 'PostgreSQL', open: () => openDatabase({ databaseUrl: url, pgliteDir: 'memory' }) });
  return list;
}

/** Empties every table but the server's generated secrets, so each suite starts from nothing. */
export async function emptyDatabase(handle: DatabaseHandle): Promise<void> {
  await handle.db.execute(
    sql`truncate table user_events, event_tickets, member_blocks, deal_mail_opt_outs, content_reports, reviews, messages, conversations, applications, analytics_events, listing_views, moderation_actions, reports, listings, sessions, users, rate_limits, idempotency_keys, canary_visitors, canary_page_loads, canary_address_visitors restart identity cascade`,
  );
}

export interface TestServer {
  app: FastifyInstance;
  config: AppConfig;
  dataDir: string;
  close(): Promise<void>;
}

/** A server on the given database, with its own temporary data folder (keys, uploads). */
export async function startTestServer(database: DatabaseHandle, env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasko-api-'));
  // A worker's own Redis keys (scripts/test.mjs runs the API suites side by side on one Redis).
  const workerPrefix = process.env.REDIS_KEY_PREFIX ? { REDIS_KEY_PREFIX: process.env.REDIS_KEY_PREFIX } : {};
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_ORIGIN: 'http://tasko.test',
    DEMO_DATA: 'off',
    ...workerPrefix,
    ...env,
  });
  const app = await buildServer(config, { database });
  await app.ready();
  return {
    app,
    config,
    dataDir,
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `run` against a server of its own on `handle` (with `env`), closed afterwards whatever happens. */
export async function withServer(
  handle: DatabaseHandle,
  env: Record<string, string>,
  run: (server: TestServer) => Promise<void>,
): Promise<void> {
  const server = await startTestServer(handle, env);
  try {
    await run(server);
  } finally {
    await server.close();
  }
}

/** Why the server refuses to start with these settings (its message), or null when it starts. */
export function configRefusal(env: Record<string, string>): string | null {
  try {
    loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/tasko-config-test', ...env });
    return null;
  } catch (error) {
    assert.ok(error instanceof ConfigError, String(error));
    return error.message;
  }
}

/**
 * Whether something accepts connections at the URL's host and port (a live Redis, for the tests that need one).
 * No Redis refuses at once; a slow answer is a busy machine, not a missing Redis, so the bound is generous: a
 * short one skipped the Redis tests whenever the machine was loaded.
 */
export function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379), timeout: 15_000 });
    const answer = (isUp: boolean) => {
      socket.destroy();
      resolve(isUp);
    };
    socket.once('connect', () => answer(true));
    socket.once('error', () => answer(false));
    socket.once('timeout', () => answer(false));
  });
}

/** POST /api/v1/jobs: a valid listing (with `fields` changed) by `token`'s user, from a fresh client address. */
export function postListing(app: FastifyInstance, token: string, fields: Record<string, string> = {}) {
  const body = multipartBody(validPostFields(fields));
  return app.inject({
    method: 'POST',
    url: '/api/v1/jobs',
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    remoteAddress: freshClientAddress(),
  });
}

/** A listing published by `token`'s user (`postListing`, which must answer 201): its id. */
export async function publishListing(app: FastifyInstance, token: string, fields: Record<string, string> = {}): Promise<number> {
  const answer = await postListing(app, token, fields);
  assert.equal(answer.statusCode, 201, answer.body);
  return answer.json().job_id as number;
}

/** What a suite's tests run against, filled in by the `before` hook that `useServerOn` registers. */
export interface SuiteServer {
  handle: DatabaseHandle;
  server: TestServer;
}

/**
 * Before a suite's tests: opens `database`, empties it, starts a server on it (with `env`), then runs
 * `prepare` (sign-ins the suite needs, say); after them, closes both. One hook, so the order is certain.
 */
export function useServerOn(database: TestDatabase, env: Record<string, string> = {}, prepare?: () => Promise<void>): SuiteServer {
  const suite = {} as SuiteServer;
  before(async () => {
    suite.handle = await database.open();
    await emptyDatabase(suite.handle);
    suite.server = await startTestServer(suite.handle, env);
    await prepare?.();
  });
  after(async () => {
    await suite.server?.close();
    await suite.handle?.close();
  });
  return suite;
}

let clientCounter = 0;
/** A different client address per call (in 10/8, or 127/8 for loopback), so tests do not trip the per-client limits meant for abuse. */
export function freshClientAddress(network: '10' | '127' = '10'): string {
  clientCounter += 1;
  return `${network}.${(clientCounter >> 16) & 255}.${(clientCounter >> 8) & 255}.${clientCounter & 255}`;
}

/** What a browser holds after asking for a nonce and signing in at the provider: the ID token and its nonce cookie. */
export interface ProviderSignIn {
  idToken: string;
  /** The Cookie header the browser sends with the login (`tasko_nonce=…`). */
  cookie: string;
}

/** The nonce call, then an ID token from the local provider carrying that nonce, as the sign-in page does it. */
export async function providerSignIn(app: FastifyInstance, email: string, name = email.split('@')[0] ?? 'User'): Promise<ProviderSignIn> {
  const nonceAnswer = await app.inject({ method: 'POST', url: '/api/v1/auth/nonce', remoteAddress: freshClientAddress() });
  const setCookie = String(nonceAnswer.headers['set-cookie'] ?? '');
  // The provider answers loopback only, and limits its tokens per address: a loopback address of its own.
  const token = await app.inject({
    method: 'POST',
    url: '/dev-idp/token',
    payload: { email, name, nonce: nonceAnswer.json().nonce },
    remoteAddress: freshClientAddress('127'),
  });
  return { idToken: token.json().id_token as string, cookie: setCookie.split(';')[0] ?? '' };
}

/** POST /auth/google/login with what `providerSignIn` gave, from a fresh client address unless told. */
export function exchange(app: FastifyInstance, signInState: ProviderSignIn, remoteAddress = freshClientAddress()) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/google/login',
    headers: { authorization: `Bearer ${signInState.idToken}`, cookie: signInState.cookie },
    remoteAddress,
  });
}

/** A session token through the local provider; the user has confirmed being 18 or older unless told otherwise. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  name = email.split('@')[0] ?? 'User',
  options: { confirmAge?: boolean } = {},
): Promise<string> {
  const login = await exchange(app, await providerSignIn(app, email, name));
  if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.body}`);
  const accessToken = login.json().accessToken as string;
  if (options.confirmAge ?? true) {
    await app.inject({ method: 'POST', url: '/api/v1/user/age-confirmation', headers: { authorization: `Bearer ${accessToken}` } });
  }
  return accessToken;
}

/** Temporary folders a test file makes (`tempDir('prefix-')`), all removed when the file's tests are over. */
export function useScratchDirs(): (prefix: string) => string {
  const scratch: string[] = [];
  after(() => {
    for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
  });
  return (prefix) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    scratch.push(dir);
    return dir;
  };
}
