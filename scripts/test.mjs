#!/usr/bin/env node
// `npm test`: every check, in four lanes that run side by side on the machine's cores (docs/operations.md#tests-and-ci):
//   static    translations (and the check's own tests), types, lint, the format, unit tests (jest);
//   api       the API fuzz, then the API suites, several files at once, each on a database of its own;
//   e2e       the end-to-end specs of the Playwright project `site`, in parallel workers;
//   releases  the release specs (Playwright project `releases`), then the cluster on loopback.
// The production build starts at once, beside the static lane; the lanes that need it wait for it. A step starts
// only when the cores it keeps busy are free (`TEST_CORES`, the machine's by default): the lanes fill the machine
// without crowding it, so a page under test loads as fast as on a machine of its own. Each step's
// output is printed when it ends (all of it when it fails), then a table of the lanes' times and one line,
// "N passed, N failed", summed from each runner's machine-readable report. `npm test -- <part>` runs some parts
// only: i18n, types, lint, format, unit, fuzz, api, e2e, releases, cluster (`api` includes the fuzz).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PARTS = ['i18n', 'types', 'lint', 'format', 'unit', 'fuzz', 'api', 'e2e', 'releases', 'cluster'];
const only = process.argv.slice(2);
const unknown = only.filter((part) => !PARTS.includes(part));
if (unknown.length) {
  console.error(`Unknown part: ${unknown.join(', ')}. The parts: ${PARTS.join(', ')}.`);
  process.exit(2);
}
const wants = (part) => only.length === 0 || only.includes(part);
/** API test files run at once, each in a process with a database of its own (api/test/ownDatabase.ts). */
const API_WORKERS = process.env.API_WORKERS ?? '2';
/** Playwright workers of the project `site`, each with a site of its own (e2e/playwright.config.ts). */
const E2E_WORKERS = process.env.E2E_WORKERS ?? '2';
const E2E_FAILURES = (project) => path.join(root, 'e2e', 'test-results', 'failures', project);

/**
 * The cores the steps share. A step asks for the cores it keeps busy (a runner with two workers, two) and waits
 * until they are free; the waiting steps are served in the order of `LANE_ORDER`, the lanes of the longest steps
 * first, and a waiting step is never passed by a later one, so a step asking for two cores is not starved by
 * steps asking for one. Crowding two cores with every lane at once made pages under test take over 30 s to load.
 */
const CORES = Math.max(1, Number(process.env.TEST_CORES ?? os.availableParallelism()));
const LANE_ORDER = ['build', 'e2e', 'releases', 'api', 'static'];
let freeCores = CORES;
const waiting = [];
function coresFor(lane, wanted) {
  const cores = Math.min(wanted, CORES);
  return new Promise((resolve) => {
    waiting.push({ rank: LANE_ORDER.indexOf(lane), cores, resolve });
    waiting.sort((a, b) => a.rank - b.rank);
    serveWaiting();
  }).then(() => () => {
    freeCores += cores;
    serveWaiting();
  });
}
function serveWaiting() {
  while (waiting.length > 0 && waiting[0].cores <= freeCores) {
    const next = waiting.shift();
    freeCores -= next.cores;
    next.resolve();
  }
}

/** Every step that ran: what it counted and how long it took. */
const steps = [];
const started = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

/**
 * Runs one step of a lane and answers whether it passed. Its output is kept and printed when it ends, so lanes
 * running side by side do not interleave. `count` reads the passed and failed tests from what the step wrote;
 * without it the step counts as one check.
 */
async function step(lane, label, command, args, { cwd = root, env = {}, count, cores = 1 } = {}) {
  const release = await coresFor(lane, cores);
  const startedAt = Date.now();
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => (output += `\n${error.message}\n`));
    child.on('close', (code) => {
      const ms = Date.now() - startedAt;
      const counted = count ? count(output) : { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1 };
      // A runner that ended badly without counting a failure (it crashed, or a hook failed) still fails.
      if (code !== 0 && counted.failed === 0) counted.failed = 1;
      const ok = code === 0 && counted.failed === 0;
      steps.push({ lane, label, ms, ok, ...counted });
      const verdict = ok ? 'passed' : 'FAILED';
      const skipped = counted.skipped ? `, ${counted.skipped} skipped` : '';
      console.log(`\n━━ [${lane}] ${label}: ${verdict} in ${seconds(ms)} (${counted.passed} passed, ${counted.failed} failed${skipped})`);
      if (!ok || process.env.TEST_VERBOSE) console.log(output.trimEnd());
      release();
      resolve(ok);
    });
  });
}

/** node --test with the TAP reporter: its summary lines give the counts. */
const tapCount = (output) => ({
  passed: Number(/^# pass (\d+)/m.exec(output)?.[1] ?? 0),
  failed: Number(/^# fail (\d+)/m.exec(output)?.[1] ?? 0),
  skipped: Number(/^# skipped (\d+)/m.exec(output)?.[1] ?? 0),
});

function nodeTests(lane, label, cwd, files, { concurrency = '1', imports = [] } = {}) {
  const importArgs = ['tsx', ...imports].flatMap((module) => ['--import', module]);
  return step(
    lane,
    label,
    process.execPath,
    ['--test', `--test-concurrency=${concurrency}`, '--test-reporter=tap', ...importArgs, ...files],
    { cwd, count: tapCount, cores: Number(concurrency) },
  );
}

/** A JSON report in the temporary folder, read (and removed) once its step has ended. */
function jsonReport(name) {
  const file = path.join(os.tmpdir(), `tasko-${name}-${process.pid}.json`);
  return {
    file,
    read() {
      if (!fs.existsSync(file)) return null;
      const report = JSON.parse(fs.readFileSync(file, 'utf8'));
      fs.rmSync(file, { force: true });
      return report;
    },
  };
}

function jest() {
  const report = jsonReport('jest');
  return step(
    'static',
    'unit tests (jest)',
    process.execPath,
    [path.join(root, 'node_modules', 'jest', 'bin', 'jest.js'), '--ci', '--json', `--outputFile=${report.file}`],
    {
      count: () => {
        const result = report.read();
        return { passed: result?.numPassedTests ?? 0, failed: result?.numFailedTests ?? 0, skipped: result?.numPendingTests ?? 0 };
      },
    },
  );
}

/** One Playwright project; passed and failed come from its JSON reporter (a flaky test counts as failed: retries are 0). */
async function playwright(lane, label, project) {
  const report = jsonReport(`playwright-${project}`);
  const passed = await step(
    lane,
    label,
    process.execPath,
    [path.join(root, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', `--project=${project}`],
    {
      cwd: path.join(root, 'e2e'),
      env: { E2E_JSON_REPORT: report.file, E2E_WORKERS },
      // The project `releases` runs one spec at a time.
      cores: project === 'site' ? Number(E2E_WORKERS) : 1,
      count: () => {
        const stats = report.read()?.stats;
        return { passed: stats?.expected ?? 0, failed: (stats?.unexpected ?? 0) + (stats?.flaky ?? 0), skipped: stats?.skipped ?? 0 };
      },
    },
  );
  if (!passed) console.log(`Traces and screenshots of the failed tests: ${E2E_FAILURES(project)} (npx playwright show-trace <trace.zip>)`);
  return passed;
}

const testFiles = (dir, sub, pattern = /\.(test|spec)\.ts$/) =>
  fs.existsSync(path.join(root, dir, sub))
    ? fs
        .readdirSync(path.join(root, dir, sub))
        .filter((f) => pattern.test(f))
        .sort()
        .map((f) => `${sub}/${f}`)
    : [];

/** Drops the databases api/test/ownDatabase.ts made for the test files' processes. */
async function dropOwnDatabases() {
  if (!process.env.DATABASE_URL) return;
  const { default: pg } = await import('pg');
  const shared = decodeURIComponent(new URL(process.env.DATABASE_URL).pathname.slice(1));
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  try {
    await client.connect();
    const { rows } = await client.query('select datname from pg_database where datname like $1', [`${shared.replaceAll('_', '\\_')}\\_p%`]);
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
  } catch (error) {
    console.error(`The API test databases were not all dropped: ${error.message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const needsBuild = ['api', 'e2e', 'releases', 'cluster'].some(wants);
const build = needsBuild
  ? // scripts/build.mjs builds two packages at a time.
    step('build', 'production build (if stale)', process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--if-stale'], {
      cores: 2,
    })
  : Promise.resolve(true);
/** Waits for the build; a lane that needs it stops there when it failed. */
async function built(lane) {
  if (await build) return true;
  console.log(`\n━━ [${lane}] not run: the production build failed`);
  return false;
}

const lanes = {
  async static() {
    if (wants('i18n')) {
      await step('static', 'translations in four languages (scripts/i18n-check.mjs)', process.execPath, [
        path.join(root, 'scripts', 'i18n-check.mjs'),
      ]);
      await nodeTests('static', 'the translation check’s own tests', root, ['scripts/i18n-check.test.mjs']);
    }
    if (wants('types')) await step('static', 'types (tsc --noEmit, every package)', 'npm', ['run', '--silent', 'typecheck']);
    if (wants('lint')) await step('static', 'lint (eslint)', 'npm', ['run', '--silent', 'lint']);
    if (wants('format')) await step('static', 'format (prettier --check)', 'npm', ['run', '--silent', 'format:check']);
    if (wants('unit')) await jest();
  },
  async api() {
    // The fuzz needs no build (a fixture site stands in for the pages): it runs while the build does.
    if (wants('fuzz') || wants('api'))
      await nodeTests(
        'api',
        'the schema-driven fuzz (api/fuzz, fixed seed)',
        path.join(root, 'api'),
        testFiles('api', 'fuzz', /\.fuzz\.ts$/),
      );
    if (!wants('api') || !(await built('api'))) return;
    try {
      await nodeTests('api', `API tests (${API_WORKERS} files at a time)`, path.join(root, 'api'), testFiles('api', 'test'), {
        concurrency: API_WORKERS,
        imports: ['./test/ownDatabase.ts'],
      });
    } finally {
      await dropOwnDatabases();
    }
  },
  async e2e() {
    if (wants('e2e') && (await built('e2e'))) await playwright('e2e', 'end-to-end specs (Chromium, project site)', 'site');
  },
  async releases() {
    if (!(wants('releases') || wants('cluster')) || !(await built('releases'))) return;
    if (wants('releases')) await playwright('releases', 'release specs (Chromium, project releases)', 'releases');
    // Two of everything (docs/deploy.md#how-this-is-proved): its own PostgreSQL pair, Redis, bucket and nginx.
    if (wants('cluster'))
      await nodeTests('releases', 'the cluster on loopback (two instances, a replica, nginx)', root, [
        'scripts/cluster/recipe.test.ts',
        'scripts/cluster/cluster.test.ts',
      ]);
  },
};

const laneTimes = {};
await Promise.all(
  Object.entries(lanes).map(async ([name, run]) => {
    const laneStarted = Date.now();
    await run();
    laneTimes[name] = Date.now() - laneStarted;
  }),
);
await build;

console.log('\nLane       Wall time  Steps');
for (const lane of ['build', ...Object.keys(lanes)]) {
  const ofLane = steps.filter((s) => s.lane === lane);
  if (ofLane.length === 0) continue;
  const wall = lane === 'build' ? ofLane[0].ms : laneTimes[lane];
  console.log(
    `${lane.padEnd(10)} ${seconds(wall).padStart(9)}  ${ofLane.map((s) => `${s.label.split(' (')[0]} ${seconds(s.ms)}`).join(', ')}`,
  );
}
console.log(`${'all'.padEnd(10)} ${seconds(Date.now() - started).padStart(9)}`);
const failed = steps.filter((s) => !s.ok);
const totals = steps.reduce((sum, s) => ({ passed: sum.passed + s.passed, failed: sum.failed + s.failed }), { passed: 0, failed: 0 });
console.log('');
// A skip is a test that did not run (a service it needs was missing): said, so it is never mistaken for a pass.
const skipped = steps.filter((s) => s.skipped > 0);
if (skipped.length) console.log(`Skipped: ${skipped.map((s) => `${s.skipped} in ${s.label}`).join('; ')}`);
if (failed.length) console.log(`Failed: ${failed.map((s) => s.label).join('; ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(failed.length > 0 ? 1 : 0);
