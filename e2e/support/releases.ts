// What the release specs change, they change in a copy: a package's folder copied into a temporary workspace,
// built from there into a temporary folder (scripts/build.mjs --from, --out) and released or served from there.
// The `site` specs serve the repository's dist folders at the same time, and a run that is killed must leave the
// tree as it was (docs/releases.md, "Releases made by the tests").
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../../shared/build/workspaces.cjs';

const run = promisify(execFile);

/**
 * What a package's folder finds beside it in the repository's root, linked into the workspace so the copy
 * resolves the same node_modules (the shared package, every version the federation shares), extends the same
 * tsconfig.base.json and includes the same shared types.
 */
const BESIDE_A_PACKAGE = ['node_modules', 'tsconfig.base.json', 'shared'];

/** What a package's folder holds that is the output of a build, not a source of it. */
const BUILD_OUTPUT = /^(dist|node_modules\/\.federation|node_modules\/\.cache)(\/|$)/;

export interface PackageCopy {
  /** The copy of the package's folder: edit its sources, then build or release it with --from. */
  dir: string;
  /** Reads a file of the copy, by its path in the package. */
  read(file: string): string;
  /** Writes a file of the copy, by its path in the package. */
  write(file: string, text: string): void;
  remove(): void;
}

/** A copy of `packageName`'s sources (not its dist) in a workspace of its own under the system's temporary folder. */
export function copyPackage(packageName: string): PackageCopy {
  const workspace = fs.mkdtempSync(path.join(os.tmpdir(), `tasko-copy-${packageName}-`));
  for (const name of BESIDE_A_PACKAGE) fs.symlinkSync(path.join(REPO_ROOT, name), path.join(workspace, name));
  const source = path.join(REPO_ROOT, packageName);
  const dir = path.join(workspace, packageName);
  fs.cpSync(source, dir, { recursive: true, filter: (file) => !BUILD_OUTPUT.test(path.relative(source, file)) });
  return {
    dir,
    read: (file) => fs.readFileSync(path.join(dir, file), 'utf8'),
    write: (file, text) => fs.writeFileSync(path.join(dir, file), text),
    remove: () => fs.rmSync(workspace, { recursive: true, force: true }),
  };
}

/** `node scripts/build.mjs <package> --from=<copy> --out=<out>`: the production build of a copy, into `out`. */
export async function buildCopy(packageName: string, copy: PackageCopy, out: string, env: Record<string, string> = {}): Promise<void> {
  await run(process.execPath, [path.join(REPO_ROOT, 'scripts', 'build.mjs'), packageName, `--from=${copy.dir}`, `--out=${out}`], {
    env: { ...process.env, ...env },
  });
}
