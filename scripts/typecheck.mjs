#!/usr/bin/env node
// Type-checks the site in four programs and fails if any fails: the browser packages together
// (tsconfig.web.json: the shell, every remote and the shared package, which each of them imports, checked once),
// then the API, the scripts and the end-to-end specs, each with its own libraries (docs/operations.md#types).
// Each package keeps its own tsconfig.json for editors and for `tsc -p <package>`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { browserPackages, REPO_ROOT as root } from '../shared/build/workspaces.cjs';

// A browser package added to the workspaces but not to the web program would go unchecked.
const { include } = JSON.parse(fs.readFileSync(`${root}/tsconfig.web.json`, 'utf8'));
const unchecked = browserPackages().filter((name) => !include.includes(`${name}/src`));
if (unchecked.length) {
  console.error(`tsconfig.web.json does not include ${unchecked.map((name) => `${name}/src`).join(', ')}: add it there`);
  process.exit(1);
}
const tsc = `${root}/node_modules/typescript/bin/tsc`;
const programs = ['tsconfig.web.json', 'api', 'scripts', 'e2e'];
const failed = programs.filter(
  (project) => spawnSync(process.execPath, [tsc, '--noEmit', '-p', project], { cwd: root, stdio: 'inherit' }).status !== 0,
);
if (failed.length) {
  console.error(`type errors in: ${failed.join(', ')}`);
  process.exit(1);
}
