// Playwright Test as the specs use it: one running site per worker (the production build on the real server,
// an embedded database in a throwaway folder), the page pointed at it, and the page's script errors recorded.
// A spec that needs other settings says `test.use({ siteEnv: { ... } })`: its tests get a worker, and a site,
// of their own. Specs share their worker's site, so each makes the members and listings it reads, with names
// and words of its own.
import { test as base, expect } from '@playwright/test';
import { recordErrors, startSite, type RunningSite } from './site.js';

export { expect };

/** How long a site may take to start: migrations on the embedded database, on two busy cores. */
const SITE_START_TIMEOUT_MS = 240_000;

interface WorkerFixtures {
  /** Settings for the worker's site, over the test defaults of `startSite`. */
  siteEnv: Record<string, string>;
  site: RunningSite;
}

interface TestFixtures {
  /** Uncaught errors and console errors of `page`, other than the failures a test provokes on purpose. */
  pageErrors: string[];
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  siteEnv: [{}, { scope: 'worker', option: true }],
  site: [
    async ({ siteEnv }, use) => {
      const site = await startSite(siteEnv);
      await use(site);
      await site.stop();
    },
    { scope: 'worker', timeout: SITE_START_TIMEOUT_MS },
  ],
  baseURL: async ({ site }, use) => {
    await use(site.origin);
  },
  pageErrors: async ({ page }, use) => {
    await use(recordErrors(page));
  },
});
