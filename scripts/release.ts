// Releases one remote on its own, or rolls it back (ARCHITECTURE "Releases"). From a remote's folder, as npm
// runs it: `npm run release -w mfe-content`, `npm run rollback -w mfe-content`; or from the root:
// `node --import tsx scripts/release.ts release mfe-content`.
//
// A release builds the remote into a folder of its own, stores it beside the earlier ones (DATA_DIR/releases,
// or the bucket's releases/ prefix with S3_BUCKET), checks it where browsers will read it, and only then
// moves the remote's pointer in the release manifest, which every running server reads again by itself.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REMOTE_ENTRY_FILE, REMOTE_NAMES, REMOTES, type RemoteName } from '@tasko/shared/domain';
import { ConfigError, loadConfig } from '../api/src/config.js';
import { BUILD_INFO_FILE, buildId, publishRelease, ReleaseError, rollbackRelease, type ShellBuild } from '../api/src/releases/releases.js';
import { releaseStoreFor } from '../api/src/releases/releaseStores.js';
import { packageDistDir, readBuild } from '../api/src/plugins/site/assets.js';
import { REPO_ROOT } from '../shared/build/workspaces.cjs';

function remoteOf(packageName: string): RemoteName {
  const remote = REMOTE_NAMES.find((name) => `mfe-${REMOTES[name].folder}` === packageName);
  if (!remote) throw new ReleaseError(`${packageName} is not a remote: name one of ${REMOTE_NAMES.map((name) => `mfe-${REMOTES[name].folder}`).join(', ')}`);
  return remote;
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

async function release(packageName: string): Promise<void> {
  const remote = remoteOf(packageName);
  const config = loadConfig();
  const store = releaseStoreFor(config);
  // The shell this site serves: a remote that needs a newer shared core than it provides, or that was built
  // with another federation major or minor, is refused here.
  const shellBuild = readBuild(packageDistDir(config.distRoot, 'shell'));
  const shell: ShellBuild = { shared: shellBuild.manifest?.shared, federation: shellBuild.buildInfo?.federation };
  if (!shell.shared) console.warn('the shell is not built here: the release is not checked against the versions it provides');
  if (shellBuild.manifest && !shell.federation) console.warn(`the shell's build has no ${BUILD_INFO_FILE} (built before it was written): the release is not checked against its federation version`);
  const started = performance.now();
  const builtDir = fs.mkdtempSync(path.join(os.tmpdir(), `tasko-release-${REMOTES[remote].folder}-`));
  try {
    execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'build.mjs'), packageName, `--out=${builtDir}`], { stdio: 'inherit' });
    const hash = crypto.createHash('sha256').update(fs.readFileSync(path.join(builtDir, REMOTE_ENTRY_FILE))).digest('hex');
    const id = buildId(new Date(), hash);
    await publishRelease(store, remote, builtDir, id, { shell });
    console.log(`released ${packageName} ${id} to ${store.location} in ${seconds(started)}: the site serves it from its next page`);
  } finally {
    fs.rmSync(builtDir, { recursive: true, force: true });
  }
}

async function rollback(packageName: string): Promise<void> {
  const remote = remoteOf(packageName);
  const started = performance.now();
  const id = await rollbackRelease(releaseStoreFor(loadConfig()), remote);
  console.log(`rolled ${packageName} back to ${id} in ${seconds(started)}: the site serves it from its next page`);
}

const [command, named] = process.argv.slice(2);
// npm runs a workspace's script in the workspace's folder: that folder names the remote.
const packageName = named ?? path.basename(process.cwd());
try {
  if (command === 'release') await release(packageName);
  else if (command === 'rollback') await rollback(packageName);
  else throw new ReleaseError('usage: release.ts release|rollback [mfe-<name>]');
} catch (error) {
  if (!(error instanceof ReleaseError || error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
