import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { loadConfig } from '../../api/src/config.js';
import { buildServer } from '../../api/src/server.js';
import { openDatabase, type DatabaseHandle } from '../../api/src/db/client.js';

// One copy of the Chromium launch for the specs, the benchmarks and the release check.
export { CHROMIUM_FLAGS, chromiumPath, launchBrowser } from '../../scripts/release/chromium.js';

export interface RunningSite {
  origin: string;
  app: FastifyInstance;
  /** The site's database: a spec signs a canary bucket with the key in server_secrets (docs/releases.md). */
  database: DatabaseHandle;
  stop(): Promise<void>;
}

/** The production build served by the real server on a free loopback port, with a throwaway data folder. */
export async function startSite(env: Record<string, string> = {}): Promise<RunningSite> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasko-e2e-'));
  // Every browser in these tests comes from 127.0.0.1: the per-client limits are raised so journeys are not
  // throttled as one abusive client would be (the limits themselves are tested in api/).
  // The embedded database in the throwaway folder, even when DATABASE_URL is set for the API tests: each
  // spec starts from an empty site, not from what other tests left in a shared database.
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: '',
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    SIGN_IN_RATE_LIMIT: '1000',
    WRITE_RATE_LIMIT: '1000',
    ...env,
  });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    replicaUrl: config.databaseReplicaUrl,
    replicaMaxLagMs: config.replicaMaxLagMs,
    pgliteDir: config.pgliteDir,
  });
  const app = await buildServer(config, { database });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    app,
    database,
    async stop() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface PageProblems {
  /** Uncaught errors and console errors, other than the failures a test provokes on purpose. */
  errors: string[];
}

/**
 * The page's uncaught errors and console errors, from now on, so a test can assert there were none (other than
 * the failures it provokes on purpose).
 */
export function recordErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** A fresh context (fresh storage) and page that records script errors, so a test can assert there were none. */
export async function newPage(
  browser: Browser,
  options: { locale?: string; viewport?: { width: number; height: number } } = {},
): Promise<{ context: BrowserContext; page: Page; problems: PageProblems }> {
  const context = await browser.newContext({
    locale: options.locale ?? 'en-US',
    viewport: options.viewport ?? { width: 1200, height: 900 },
  });
  const page = await context.newPage();
  const problems: PageProblems = { errors: recordErrors(page) };
  return { context, page, problems };
}

/** The phone the walks are taken on, and the narrowest window a page must fit without scrolling sideways (WCAG 1.4.10). */
export const PHONE = { width: 390, height: 844 };
export const NARROW_PHONE = { width: 320, height: 640 };

/**
 * A touch phone in a fresh context, its page recording script errors. `hasAnsweredBanner`: the cookie banner
 * already answered (declined), as on a second visit.
 */
export async function newPhone(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; hasAnsweredBanner?: boolean } = {},
): Promise<{ page: Page; close: () => Promise<void>; errors: string[] }> {
  const context = await browser.newContext({ viewport: options.viewport ?? PHONE, isMobile: true, hasTouch: true, locale: 'en-US' });
  if (options.hasAnsweredBanner) await context.addInitScript(() => localStorage.setItem('tasko.cookieConsent', 'declined'));
  const page = await context.newPage();
  return { page, close: () => context.close(), errors: recordErrors(page) };
}
