#!/usr/bin/env node
// `npm run bench [-- --listings N]`: builds what is stale, then runs each benchmark in turn with the same
// arguments (`npm run` would hand them to the last command only). Benchmarks report; none fails on a figure.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const steps = [
  [process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--if-stale']],
  ...['bench-pages.ts', 'bench-lighthouse.ts', 'bench-api.ts', 'bench-alerts.ts'].map((file) => [process.execPath, ['--import', 'tsx', path.join(root, 'scripts', file), ...args]]),
];
for (const [command, commandArgs] of steps) {
  const { status } = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}
