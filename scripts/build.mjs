#!/usr/bin/env node
// Builds the shell and every remote that exists (a folder with a webpack.config.js), two at a time on two
// cores, then writes .br and .gz beside each text asset so the server sends them without compressing.
// --if-stale: skip a package whose dist is newer than its sources and the shared package.
// --out=<folder>: build the one package named into that folder instead of its dist (a release, a test's build).
// --from=<folder>: with --out, build it from that copy of its folder instead of the repository's (a test's change
// to its sources, made where a run that is killed leaves nothing behind).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import { REPO_ROOT as root, federatedPackages } from '../shared/build/workspaces.cjs';

const onlyStale = process.argv.includes('--if-stale');
const selected = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const outDir = process.argv.find((a) => a.startsWith('--out='))?.slice('--out='.length);
if (outDir && selected.length !== 1) {
  console.error('--out builds one package: name it, e.g. node scripts/build.mjs mfe-content --out=/tmp/release');
  process.exit(2);
}
const fromDir = process.argv.find((a) => a.startsWith('--from='))?.slice('--from='.length);
if (fromDir && !outDir) {
  console.error('--from builds into --out, never into the package dist: e.g. --from=/tmp/copy/mfe-content --out=/tmp/build');
  process.exit(2);
}
if (fromDir) assertResolvesLikeTheRepository(path.resolve(fromDir));

/**
 * A copy builds as the package does only when it finds the same modules: the repository's node_modules (so the
 * shared package and every version the federation shares are the same files) and tsconfig.base.json, both in
 * the copy's parent folder as they are in the repository's root (links to them will do).
 */
function assertResolvesLikeTheRepository(dir) {
  const sharedBuild = fs.realpathSync(path.join(root, 'shared', 'build', 'workspaces.cjs'));
  let resolved = '';
  try {
    resolved = fs.realpathSync(createRequire(path.join(dir, 'webpack.config.js')).resolve('@tasko/shared/build/workspaces.cjs'));
  } catch {
    // not found at all: told below
  }
  if (resolved !== sharedBuild || !fs.existsSync(path.join(dir, '..', 'tsconfig.base.json'))) {
    console.error(
      `--from=${dir} does not resolve its modules as the repository does: its parent folder needs the repository's ` +
        'node_modules and tsconfig.base.json (links to them), as e2e/support/releases.ts lays a copy out',
    );
    process.exit(2);
  }
}

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of fs.readdirSync(target)) {
    if (name === 'node_modules' || name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, name)));
  }
  return newest;
}

function isStale(pkg) {
  const builtAt = newestMtime(path.join(root, pkg, 'dist', 'index.html'));
  if (!builtAt) return true;
  const sources = [
    path.join(root, pkg, 'src'),
    path.join(root, pkg, 'webpack.config.js'),
    path.join(root, 'shared', 'src'),
    path.join(root, 'shared', 'build'),
  ];
  return sources.some((s) => newestMtime(s) > builtAt);
}

function build(pkg) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const dist = outDir ? path.resolve(outDir) : path.join(root, pkg, 'dist');
    const dir = fromDir ? path.resolve(fromDir) : path.join(root, pkg);
    // A release (--out) builds the same package again and again: webpack's persistent cache, kept in node_modules,
    // a copy's in its own (the cache records the absolute paths of the sources it was made from).
    const cache = fromDir
      ? path.join(dir, 'node_modules', '.cache', 'tasko-webpack')
      : path.join(root, 'node_modules', '.cache', 'tasko-webpack');
    const child = spawn(
      process.execPath,
      [path.join(root, 'node_modules', 'webpack', 'bin', 'webpack.js'), '--mode', 'production', '--output-path', dist],
      {
        // The federation plugin writes its runtime entry under the working folder's node_modules/.federation.
        cwd: dir,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: outDir ? { TASKO_WEBPACK_CACHE: cache, ...process.env } : process.env,
      },
    );
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      if (code === 0) {
        precompress(dist);
        console.log(`built ${pkg} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        resolve();
      } else reject(new Error(`webpack failed for ${pkg}:\n${output}`));
    });
  });
}

function precompress(dir) {
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name);
    if (fs.statSync(file).isDirectory()) {
      precompress(file);
      continue;
    }
    if (!/\.(js|css|json|svg|html)$/.test(name)) continue;
    const content = fs.readFileSync(file);
    if (content.length < 1024) continue;
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  }
}

const packages = federatedPackages()
  .filter((p) => selected.length === 0 || selected.includes(p))
  .filter((p) => !onlyStale || isStale(p));

const queue = [...packages];
const workers = Array.from({ length: 2 }, async () => {
  while (queue.length) await build(queue.shift());
});
try {
  await Promise.all(workers);
  if (!packages.length) console.log('every build is up to date');
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
