// A team's release tool (docs/releases.md). From a package's folder, as npm runs it:
//   npm run release -w mfe-services [-- --canary 10] [-- --keep 10] [-- --from <a copy of its folder>]
//   npm run rollback|rollforward|promote -w mfe-services
//   npm run prune -w mfe-services -- --keep 10
//   npm run releases                       (the table of every area)
// or from the root: node --import tsx scripts/release.ts <command> [shell|mfe-<name>] [options].
//
// A release checks the versions first (no build is wasted on a skew), builds the one package with webpack's
// persistent cache, stores the build, checks its files and renders its pages in Chromium on a server of its
// own, and only then moves the area's pointer (or its canary) in the release manifest, which every running
// server reads again by itself.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { LANGUAGE_CODES, RELEASE_AREAS, RELEASE_ZERO, REMOTE_NAMES, type ReleaseArea, type RemoteName } from '@tasko/shared/domain';
import { ConfigError, loadConfig, type AppConfig } from '../api/src/config.js';
import {
  areaOf,
  areaPackage,
  federationSkewWithShell,
  fileCheck,
  ReleaseError,
  shellSkewWithRemotes,
  skewWithShell,
  storedBuildFacts,
  type BuildFacts,
  type FederationManifest,
  type ReleaseStore,
} from '../api/src/releases/releases.js';
import {
  errorRate,
  promoteCanary,
  pruneReleases,
  publishRelease,
  rollbackRelease,
  rollforwardRelease,
} from '../api/src/releases/releaseActions.js';
import { filesUnder, releaseStoreFor } from '../api/src/releases/releaseStores.js';
import { packageDistDir, readBuild } from '../api/src/plugins/site/assets.js';
import { REPO_ROOT } from '../shared/build/workspaces.cjs';
import type { federationOf as FederationOf, sharedModules as SharedModules } from '../shared/build/createFederatedConfig.cjs';
import { startPreviewSite } from './release/previewServer.js';
import { describeProblems, pagesToCheck, renderCheck } from './release/renderCheck.js';

const require = createRequire(import.meta.url);
const factory = require('../shared/build/createFederatedConfig.cjs') as {
  sharedModules: typeof SharedModules;
  federationOf: typeof FederationOf;
};

/** The languages the smoke check opens each page in: one right-to-left, one left-to-right. */
const CHECKED_LANGUAGES = LANGUAGE_CODES.filter((code) => code === 'he' || code === 'en');

function areaOfPackage(packageName: string): ReleaseArea {
  const area = RELEASE_AREAS.find((candidate) => areaPackage(candidate) === packageName);
  if (!area) throw new ReleaseError(`${packageName} is not released on its own: name one of ${RELEASE_AREAS.map(areaPackage).join(', ')}`);
  return area;
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** What a build of the package's sources in `dir` will declare, known before building it. */
function plannedFacts(dir: string): BuildFacts {
  const shared = Object.entries(factory.sharedModules(dir)).map(([name, { version, requiredVersion }]) => ({
    name,
    version,
    requiredVersion,
    assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } },
  })) satisfies FederationManifest['shared'];
  return { shared, federation: { package: '@module-federation/enhanced', version: factory.federationOf(dir).version } };
}

/** The facts of an area's build in this tree's dist (release zero), when it is built here. */
function distFacts(config: AppConfig, area: ReleaseArea): BuildFacts {
  const build = readBuild(packageDistDir(config.distRoot, areaPackage(area)));
  return {
    ...(build.manifest ? { shared: build.manifest.shared } : {}),
    ...(build.buildInfo ? { federation: build.buildInfo.federation } : {}),
  };
}

/** What the site serves now, read once from the release manifest (release zero: the dist built here). */
async function servedBuilds(
  config: AppConfig,
  store: ReleaseStore,
): Promise<{ shell: BuildFacts; remotes: { area: RemoteName; facts: BuildFacts }[] }> {
  const { manifest } = await store.readManifest();
  const factsOf = (area: ReleaseArea) => {
    const current = areaOf(manifest, area).current;
    return current === RELEASE_ZERO ? Promise.resolve(distFacts(config, area)) : storedBuildFacts(store, area, current);
  };
  const shell = await factsOf('shell');
  if (!shell.shared)
    console.warn('the shell the site serves is not known here (not built, no release): the versions are not checked against it');
  return { shell, remotes: await Promise.all(REMOTE_NAMES.map(async (area) => ({ area, facts: await factsOf(area) }))) };
}

/** The version checks, before a build: the same rules the stored release is checked with after it. */
async function versionProblems(config: AppConfig, store: ReleaseStore, area: ReleaseArea, sourceDir: string): Promise<string[]> {
  const planned = plannedFacts(sourceDir);
  const served = await servedBuilds(config, store);
  if (area === 'shell') return shellSkewWithRemotes(planned, served.remotes);
  const { shell } = served;
  return [
    ...(shell.shared ? skewWithShell(planned.shared ?? [], shell.shared) : []),
    ...(shell.federation && planned.federation ? federationSkewWithShell(planned.federation, shell.federation) : []),
  ];
}

/** One hash of every file a build wrote (not its .br and .gz twins): the same content is the same release. */
function contentHashOf(dir: string): string | null {
  if (!fs.existsSync(dir)) return null;
  const hash = crypto.createHash('sha256');
  for (const file of filesUnder(dir)
    .filter((name) => !/\.(br|gz)$/.test(name))
    .sort()) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(dir, file)));
  }
  return hash.digest('hex');
}

function stringOption(args: string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  if (at < 0) return undefined;
  const value = args[at + 1];
  if (!value || value.startsWith('--')) throw new ReleaseError(`--${name} takes a folder`);
  return value;
}

function numberOption(args: string[], name: string, min: number, max: number): number | undefined {
  const at = args.indexOf(`--${name}`);
  if (at < 0) return undefined;
  const value = Number(args[at + 1]);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new ReleaseError(`--${name} takes a whole number from ${min} to ${max}`);
  return value;
}

async function release(area: ReleaseArea, args: string[]): Promise<void> {
  const canaryShare = numberOption(args, 'canary', 1, 99);
  const keep = numberOption(args, 'keep', 1, 1000);
  // A copy of the package's folder, built instead of the tree's (scripts/build.mjs --from): a test's change.
  const from = stringOption(args, 'from');
  const sourceDir = from ? path.resolve(from) : path.join(REPO_ROOT, areaPackage(area));
  const config = loadConfig();
  const store = releaseStoreFor(config);
  const started = performance.now();
  const early = await versionProblems(config, store, area, sourceDir);
  if (early.length)
    throw new ReleaseError(
      `${areaPackage(area)} was refused before its build, the site still serves what it served:\n- ${early.join('\n- ')}`,
    );
  const builtDir = fs.mkdtempSync(path.join(os.tmpdir(), `tasko-release-${areaPackage(area)}-`));
  try {
    execFileSync(
      process.execPath,
      [path.join(REPO_ROOT, 'scripts', 'build.mjs'), areaPackage(area), `--out=${builtDir}`, ...(from ? [`--from=${sourceDir}`] : [])],
      { stdio: 'inherit' },
    );
    const built = performance.now();
    const outcome = await publishRelease(store, area, builtDir, contentHashOf(builtDir) ?? '', {
      ...(canaryShare ? { canaryShare } : {}),
      distHash: contentHashOf(packageDistDir(config.distRoot, areaPackage(area))),
      onStore: (id) => console.log(`checking ${areaPackage(area)} ${id}: its files, then its pages in Chromium`),
      check: async (id) => {
        // Read again: another team may have released while this one built.
        const served = await servedBuilds(config, store);
        const context = area === 'shell' ? { remotes: served.remotes } : { shell: served.shell };
        const problems = await fileCheck(store, area, id, context);
        if (problems.length) return problems;
        const site = await startPreviewSite(config, { area, id });
        try {
          const base = new URL(store.baseUrl(area, id), site.origin).href;
          const rendered = await renderCheck({
            origin: site.origin,
            pages: pagesToCheck(area, site.sample),
            languages: CHECKED_LANGUAGES,
            ownFiles: (url) => url.startsWith(base),
          });
          return rendered.length ? [describeProblems(rendered)] : [];
        } finally {
          await site.stop();
        }
      },
    });
    const took = `in ${seconds(started)} (build ${((built - started) / 1000).toFixed(1)} s)`;
    if (outcome.kind === 'alreadyCurrent') console.log(`${areaPackage(area)} ${outcome.id} is already current: nothing changed`);
    else if (outcome.kind === 'movedTo')
      console.log(`${areaPackage(area)} is the same as its release ${outcome.id}: the site points at it again, nothing was stored`);
    else if (outcome.canaryShare)
      console.log(
        `released ${areaPackage(area)} ${outcome.id} to ${outcome.canaryShare} % of visitors (a canary) ${took}: \`npm run promote -w ${areaPackage(area)}\` makes it everyone's`,
      );
    else console.log(`released ${areaPackage(area)} ${outcome.id} to ${store.location} ${took}: the site serves it from its next page`);
    if (keep) await prune(area, keep);
  } finally {
    fs.rmSync(builtDir, { recursive: true, force: true });
  }
}

async function prune(area: ReleaseArea, keep: number): Promise<void> {
  const pruned = await pruneReleases(releaseStoreFor(loadConfig()), area, keep);
  console.log(
    pruned.length
      ? `pruned ${pruned.length} release(s) of ${areaPackage(area)}: ${pruned.join(', ')}`
      : `nothing to prune: ${areaPackage(area)} keeps at most ${keep} releases`,
  );
}

const percent = (rate: number) => `${(rate * 100).toFixed(1)} %`;

/**
 * `npm run releases`: per area its current release, canary, history, the loads, visitors and error rates each
 * had as an arm of its last canary, and canaries rolled back.
 */
async function table(): Promise<void> {
  const { manifest } = await releaseStoreFor(loadConfig()).readManifest();
  const lines: string[] = [];
  for (const area of RELEASE_AREAS) {
    const releases = areaOf(manifest, area);
    // The visitors behind each rate: a canary is judged only once each arm has enough of them (docs/releases.md).
    const statsOf = (id: string) => {
      const stats = releases.stats[id];
      if (!stats) return 'no loads counted';
      const visitors = stats.visitors === undefined ? '' : ` from ${stats.visitors} visitor${stats.visitors === 1 ? '' : 's'}`;
      return `${stats.loads} loads${visitors}, ${percent(errorRate(stats))} with errors`;
    };
    lines.push(`${areaPackage(area)}`);
    lines.push(
      `  current  ${releases.current}${releases.current === RELEASE_ZERO ? ' (the built dist)' : ''}: ${statsOf(releases.current)}`,
    );
    lines.push(
      releases.canary
        ? `  canary   ${releases.canary.id} to ${releases.canary.share} % since ${releases.canary.since}: ${statsOf(releases.canary.id)}`
        : '  canary   none',
    );
    const history = [RELEASE_ZERO, ...releases.history.map((r) => r.id)];
    lines.push(`  history  ${history.map((id) => (id === releases.current ? `[${id}]` : id)).join(' → ')}`);
    for (const rolled of releases.rolledBack) lines.push(`  rolled back by itself  ${rolled.id} at ${rolled.at}: ${rolled.reason}`);
  }
  console.log(lines.join('\n'));
}

const [command, ...rest] = process.argv.slice(2);
// npm runs a workspace's script in the workspace's folder: that folder names the area, unless one is named.
const named = rest[0] && !rest[0].startsWith('--') ? rest[0] : undefined;
const args = named ? rest.slice(1) : rest;
const commands: Record<string, () => Promise<void>> = {
  release: () => release(areaOfPackage(named ?? path.basename(process.cwd())), args),
  rollback: async () => {
    const area = areaOfPackage(named ?? path.basename(process.cwd()));
    const started = performance.now();
    const { id, endedCanary } = await rollbackRelease(releaseStoreFor(loadConfig()), area);
    if (endedCanary)
      console.log(`ended the canary ${endedCanary} of ${areaPackage(area)} in ${seconds(started)}: every visitor gets ${id} again`);
    else console.log(`rolled ${areaPackage(area)} back to ${id} in ${seconds(started)}: the site serves it from its next page`);
  },
  rollforward: async () => {
    const area = areaOfPackage(named ?? path.basename(process.cwd()));
    const started = performance.now();
    const id = await rollforwardRelease(releaseStoreFor(loadConfig()), area);
    console.log(`rolled ${areaPackage(area)} forward to ${id} in ${seconds(started)}: the site serves it from its next page`);
  },
  promote: async () => {
    const area = areaOfPackage(named ?? path.basename(process.cwd()));
    const id = await promoteCanary(releaseStoreFor(loadConfig()), area);
    console.log(`promoted ${areaPackage(area)} ${id}: every visitor gets it from their next page`);
  },
  prune: async () => {
    const keep = numberOption(args, 'keep', 1, 1000);
    if (!keep) throw new ReleaseError('prune needs --keep <how many releases to keep>');
    await prune(areaOfPackage(named ?? path.basename(process.cwd())), keep);
  },
  releases: table,
};
try {
  const run = command ? commands[command] : undefined;
  if (!run)
    throw new ReleaseError(
      `usage: release.ts ${Object.keys(commands).join('|')} [shell|mfe-<name>] [--canary <1-99>] [--keep <n>] [--from <folder>]`,
    );
  await run();
} catch (error) {
  if (!(error instanceof ReleaseError || error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
// The smoke check's own server leaves its embedded database and queue winding down for several seconds after
// it closed; nothing of theirs is still needed, so the team is not kept waiting for them.
process.exit();
