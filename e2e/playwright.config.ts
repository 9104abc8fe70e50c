// The end-to-end specs on Playwright Test and the system Chromium (docs/operations.md#tests-and-ci). Two
// projects: `site` (every journey, in parallel workers, one server per worker) and `releases` (the specs that
// build and publish releases of an area, one at a time: each builds webpack several times).
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/release/chromium.js';

const RELEASE_SPECS = /(releases|independent-deploy)\.spec\.ts$/;
const jsonReport = process.env.E2E_JSON_REPORT;

export default defineConfig({
  testDir: 'specs',
  // A spec's tests run in order, in one worker, against its server; the specs are spread over the workers.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // A flaky test is a bug to fix, never one to retry.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // Bounds that fail a hung test, never measures: the longest journeys (the deal, every content page in four
  // languages) have run past 90 s on two busy cores (docs/operations.md, Tests and CI).
  timeout: 180_000,
  expect: { timeout: 30_000 },
  reporter: [['list'], ...(jsonReport ? ([['json', { outputFile: jsonReport }]] as const) : [])],
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1200, height: 900 },
    locale: 'en-US',
    launchOptions: chromiumLaunchOptions(),
    actionTimeout: 30_000,
    navigationTimeout: 60_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  // Traces and screenshots of failed tests only, a folder per project: npm test runs the two projects side by
  // side, and each run empties its project's folder as it starts. npm test prints the folder when a test fails.
  projects: [
    { name: 'site', testIgnore: RELEASE_SPECS, outputDir: 'test-results/failures/site' },
    { name: 'releases', testMatch: RELEASE_SPECS, workers: 1, timeout: 300_000, outputDir: 'test-results/failures/releases' },
  ],
});
