#!/usr/bin/env node
// `npm run bench [-- --listings N] [-- --baseline <git ref>] [-- --cluster]`: builds what is stale, then runs each benchmark in
// turn with the same arguments (`npm run` would hand them to the last command only). Benchmarks report; none
// fails on a figure.
//
// `--baseline <ref>` also builds that commit in a folder of its own (.bench/baseline-<commit>, kept for the
// next run: `npm ci` and the build are done once per commit) and audits its pages beside this tree's in the
// same run, on the same machine, so the first-visit sizes and Lighthouse's Total Blocking Time compare as
// ratios: Lighthouse's simulated CPU scales with the host, and only figures taken side by side compare. The
// uploads bench starts that commit's API too, and times the same animated-GIF post on both.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const env = { ...process.env };

const baselineAt = args.indexOf('--baseline');
if (baselineAt !== -1) {
  const ref = args[baselineAt + 1];
  if (!ref || ref.startsWith('--')) {
    console.error('usage: npm run bench -- --baseline <git ref>');
    process.exit(2);
  }
  args.splice(baselineAt, 2);
  env.BENCH_BASELINE_DIR = prepareBaseline(ref);
  env.BENCH_BASELINE_REF = ref;
}

/** The commit's own tree, installed from its own lockfile and built: its pages are served from there. */
function prepareBaseline(ref) {
  const commit = execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { cwd: root, encoding: 'utf8' }).trim();
  const dir = path.join(root, '.bench', `baseline-${commit.slice(0, 12)}`);
  const built = path.join(dir, '.built');
  if (!fs.existsSync(built)) {
    console.log(`baseline ${ref} (${commit.slice(0, 12)}): unpacking, installing and building in ${path.relative(root, dir)}`);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    execFileSync('sh', ['-c', `git -C "${root}" archive ${commit} | tar -x -C "${dir}"`], { stdio: 'inherit' });
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: 'inherit' });
    execFileSync(process.execPath, [path.join(dir, 'scripts', 'build.mjs')], { cwd: dir, stdio: 'inherit' });
    fs.writeFileSync(built, `${commit}\n`);
  }
  return dir;
}

// `--cluster`: the two-instance figures alone (scripts/bench-cluster.ts, docs/deploy.md#figures).
const isCluster = args.includes('--cluster');
const benchmarks = isCluster
  ? ['bench-cluster.ts']
  : [
      'bench-pages.ts',
      'bench-lighthouse.ts',
      'bench-api.ts',
      'bench-search.ts',
      'bench-alerts.ts',
      'bench-uploads.ts',
      'bench-realtime.ts',
      'bench-inbox.ts',
    ];
if (isCluster) args.splice(args.indexOf('--cluster'), 1);
const steps = [
  [process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--if-stale']],
  ...benchmarks.map((file) => [process.execPath, ['--import', 'tsx', path.join(root, 'scripts', file), ...args]]),
];
for (const [command, commandArgs] of steps) {
  const { status } = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env });
  if (status !== 0) process.exit(status ?? 1);
}
