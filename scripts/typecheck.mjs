#!/usr/bin/env node
// Type-checks every workspace that has a tsconfig.json, one after another, and fails if any fails.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { workspaces } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
// The root scripts (benchmarks, generators) have a tsconfig.json of their own.
const failed = [...workspaces, 'scripts']
  .filter((ws) => fs.existsSync(path.join(root, ws, 'tsconfig.json')))
  .filter((ws) => spawnSync(process.execPath, [tsc, '--noEmit', '-p', ws], { cwd: root, stdio: 'inherit' }).status !== 0);
if (failed.length) {
  console.error(`type errors in: ${failed.join(', ')}`);
  process.exit(1);
}
