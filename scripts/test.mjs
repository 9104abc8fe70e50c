#!/usr/bin/env node
// `npm test`: every check, in the order that fails fastest: translations (and the check's own tests), types,
// lint, the format, unit tests (jest), the API fuzz, the production build, API tests, end-to-end tests and the cluster on
// loopback (node's test runner). Ends with one line, "N passed, N failed", counted over every suite. `npm test --
// lint` (or i18n, types, format, unit, api, fuzz, e2e, cluster) runs one part; `api` includes the fuzz.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.slice(2);
const totals = { passed: 0, failed: 0 };
const failures = [];

function run(label, command, args, options = {}) {
  return new Promise((resolve) => {
    console.log(`\n━━ ${label}`);
    let output = '';
    const child = spawn(command, args, {
      cwd: options.cwd ?? root,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d) => {
      output += d;
      process.stdout.write(d);
    });
    child.stderr.on('data', (d) => {
      output += d;
      process.stderr.write(d);
    });
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** A step that is one check: it passes or fails as a whole. */
async function check(label, command, args, options) {
  const { code } = await run(label, command, args, options);
  if (code === 0) totals.passed += 1;
  else {
    totals.failed += 1;
    failures.push(label);
  }
  return code === 0;
}

/** node --test with the TAP reporter: its summary lines give the counts. */
async function nodeTests(label, cwd, files) {
  const { code, output } = await run(
    label,
    process.execPath,
    ['--test', '--test-concurrency=1', '--test-reporter=tap', '--import', 'tsx', ...files],
    { cwd },
  );
  const passed = Number(/^# pass (\d+)/m.exec(output)?.[1] ?? 0);
  const failed = Number(/^# fail (\d+)/m.exec(output)?.[1] ?? 0);
  totals.passed += passed;
  totals.failed += failed;
  if (code !== 0 || failed > 0) failures.push(label);
  if (code !== 0 && failed === 0) totals.failed += 1; // crashed before counting
}

async function jest() {
  const report = path.join(os.tmpdir(), `tasko-jest-${process.pid}.json`);
  const { code } = await run('unit tests (jest)', process.execPath, [
    path.join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
    '--ci',
    '--json',
    `--outputFile=${report}`,
  ]);
  const result = fs.existsSync(report) ? JSON.parse(fs.readFileSync(report, 'utf8')) : { numPassedTests: 0, numFailedTests: 0 };
  totals.passed += result.numPassedTests;
  totals.failed += result.numFailedTests;
  if (code !== 0) {
    failures.push('unit tests (jest)');
    if (result.numFailedTests === 0) totals.failed += 1;
  }
}

const testFiles = (dir, sub, pattern = /\.(test|spec)\.ts$/) =>
  fs.existsSync(path.join(root, dir, sub))
    ? fs
        .readdirSync(path.join(root, dir, sub))
        .filter((f) => pattern.test(f))
        .sort()
        .map((f) => `${sub}/${f}`)
    : [];
const wants = (step) => only.length === 0 || only.includes(step);

if (wants('i18n')) {
  await check('translations in four languages (scripts/i18n-check.mjs)', process.execPath, [path.join(root, 'scripts', 'i18n-check.mjs')]);
  await nodeTests('the translation check’s own tests', root, ['scripts/i18n-check.test.mjs']);
}
if (wants('types')) await check('types (tsc --noEmit, every package)', 'npm', ['run', '--silent', 'typecheck']);
if (wants('lint')) await check('lint (eslint)', 'npm', ['run', '--silent', 'lint']);
if (wants('format')) await check('format (prettier --check)', 'npm', ['run', '--silent', 'format:check']);
if (wants('unit')) await jest();
// The fuzz needs no build (a fixture site stands in for the pages): it runs before it, and fails faster.
if (wants('fuzz') || wants('api'))
  await nodeTests('the schema-driven fuzz (api/fuzz, fixed seed)', path.join(root, 'api'), testFiles('api', 'fuzz', /\.fuzz\.ts$/));
if (wants('api') || wants('e2e') || wants('cluster')) {
  const built = await check('production build (if stale)', process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--if-stale']);
  if (!built) {
    console.error('The build failed: API and end-to-end tests need it.');
  } else {
    if (wants('api')) await nodeTests('API tests', path.join(root, 'api'), testFiles('api', 'test'));
    if (wants('e2e')) await nodeTests('end-to-end tests (Chromium)', path.join(root, 'e2e'), testFiles('e2e', 'specs'));
    // Two of everything (docs/deploy.md#how-this-is-proved): its own PostgreSQL pair, Redis, bucket and nginx.
    if (wants('cluster'))
      await nodeTests('the cluster on loopback (two instances, a replica, nginx)', root, [
        'scripts/cluster/recipe.test.ts',
        'scripts/cluster/cluster.test.ts',
      ]);
  }
}

console.log('');
if (failures.length) console.log(`Failed: ${failures.join('; ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 || failures.length > 0 ? 1 : 0);
