// What a team does to an area's releases (docs/releases.md): publish a checked build, move the pointer back
// and forth, give a release to a canary share first and promote it, prune old ones. Every change of the
// manifest goes through updateManifest, so two teams acting at once never lose one another's pointer.
import { RELEASE_ZERO, type ReleaseArea } from '@tasko/shared/domain';
import {
  areaOf,
  areaPackage,
  buildId,
  ReleaseError,
  updateManifest,
  withArea,
  type AreaReleases,
  type ReleaseManifest,
  type ReleaseStats,
  type ReleaseStore,
} from './releases.js';

/** The sequence rollback and roll-forward walk: release zero (the built dist), then the history, oldest first. */
function sequenceOf(releases: AreaReleases): string[] {
  return [RELEASE_ZERO, ...releases.history.map((release) => release.id)];
}

export type PublishOutcome =
  | { kind: 'alreadyCurrent'; id: string }
  /** Content identical to an earlier release: the pointer moved to it, nothing was stored. */
  | { kind: 'movedTo'; id: string }
  | { kind: 'published'; id: string; canaryShare?: number };

/**
 * What publishing a build with `contentHash` means for the area, before anything is stored: identical to
 * the current release (nothing to do), to an earlier one (move the pointer), or new.
 */
export function identicalRelease(manifest: ReleaseManifest, area: ReleaseArea, contentHash: string, distHash: string | null): string | null {
  if (distHash === contentHash) return RELEASE_ZERO;
  return areaOf(manifest, area).history.find((release) => release.contentHash === contentHash)?.id ?? null;
}

export interface PublishOptions {
  /** Give it to this share (1–99 %) of visitors first; without it, it becomes everyone's. */
  canaryShare?: number;
  /** The hash of the area's built dist (release zero), when at hand: a build identical to it is release zero. */
  distHash?: string | null;
  now?: Date;
  /**
   * Every check of the stored release (files and versions, then rendering its pages); answers the problems.
   * A single problem refuses the release: its files are deleted and the site keeps what it serves.
   */
  check: (id: string) => Promise<string[]>;
  /** Told when the build's content is new and about to be stored. */
  onStore?: (id: string) => void;
}

/** Publishes a build: stores it, checks it, then points the site (or its canary share) at it. */
export async function publishRelease(store: ReleaseStore, area: ReleaseArea, builtDir: string, contentHash: string, options: PublishOptions): Promise<PublishOutcome> {
  const { manifest } = await store.readManifest();
  const identical = identicalRelease(manifest, area, contentHash, options.distHash ?? null);
  if (identical !== null) {
    if (identical === areaOf(manifest, area).current && !areaOf(manifest, area).canary) return { kind: 'alreadyCurrent', id: identical };
    await movePointer(store, area, () => identical);
    return { kind: 'movedTo', id: identical };
  }
  const now = options.now ?? new Date();
  const id = buildId(now, contentHash);
  options.onStore?.(id);
  await store.upload(area, id, builtDir);
  let problems: string[];
  try {
    problems = await options.check(id);
  } catch (error) {
    problems = [`the check itself failed: ${error instanceof Error ? error.message : String(error)}`];
  }
  if (problems.length) {
    await store.remove(area, id);
    throw new ReleaseError(`${areaPackage(area)} ${id} was refused, the site still serves what it served:\n- ${problems.join('\n- ')}`);
  }
  const share = options.canaryShare;
  await updateManifest(store, (current) =>
    withArea(current, area, (releases) => ({
      ...releases,
      history: [...releases.history, { id, at: now.toISOString(), contentHash }],
      ...(share ? { canary: { id, share, since: now.toISOString() } } : { current: id, canary: undefined }),
    })),
  );
  return { kind: 'published', id, ...(share ? { canaryShare: share } : {}) };
}

/** Points the area at another release of its sequence; a running canary ends. Answers the new current release. */
async function movePointer(store: ReleaseStore, area: ReleaseArea, choose: (releases: AreaReleases) => string): Promise<string> {
  let chosen = '';
  await updateManifest(store, (manifest) =>
    withArea(manifest, area, (releases) => {
      chosen = choose(releases);
      return { ...releases, current: chosen, canary: undefined };
    }),
  );
  return chosen;
}

/**
 * Rollback: a running canary ends (everyone is back on the current release); otherwise the pointer moves one
 * release back, down to release zero. Nothing is deleted, so roll-forward can come back.
 */
export async function rollbackRelease(store: ReleaseStore, area: ReleaseArea): Promise<{ id: string; endedCanary?: string }> {
  let endedCanary: string | undefined;
  const manifest = await updateManifest(store, (current) =>
    withArea(current, area, (releases) => {
      if (releases.canary) {
        endedCanary = releases.canary.id;
        return { ...releases, canary: undefined };
      }
      const sequence = sequenceOf(releases);
      const at = sequence.indexOf(releases.current);
      if (at <= 0) throw new ReleaseError(`${areaPackage(area)} is at release zero (the build in its dist): there is nothing earlier to roll back to`);
      return { ...releases, current: sequence[at - 1] ?? RELEASE_ZERO };
    }),
  );
  return { id: areaOf(manifest, area).current, ...(endedCanary ? { endedCanary } : {}) };
}

/** Roll-forward: the pointer moves one release on, up to the newest release kept. */
export async function rollforwardRelease(store: ReleaseStore, area: ReleaseArea): Promise<string> {
  return movePointer(store, area, (releases) => {
    const sequence = sequenceOf(releases);
    const next = sequence[sequence.indexOf(releases.current) + 1];
    if (!next) throw new ReleaseError(`${areaPackage(area)} is at its newest release (${releases.current}): there is nothing to roll forward to`);
    return next;
  });
}

/** Makes the canary everyone's. */
export async function promoteCanary(store: ReleaseStore, area: ReleaseArea): Promise<string> {
  return movePointer(store, area, (releases) => {
    if (!releases.canary) throw new ReleaseError(`${areaPackage(area)} has no canary to promote`);
    return releases.canary.id;
  });
}

/**
 * Keeps the `keep` newest releases of the area's history (and always the current release and the canary);
 * deletes the files of the others. Answers the ids deleted.
 */
export async function pruneReleases(store: ReleaseStore, area: ReleaseArea, keep: number): Promise<string[]> {
  let pruned: string[] = [];
  await updateManifest(store, (manifest) => {
    const releases = areaOf(manifest, area);
    const kept = new Set([...releases.history.slice(-keep).map((release) => release.id), releases.current, releases.canary?.id]);
    pruned = releases.history.filter((release) => !kept.has(release.id)).map((release) => release.id);
    if (!pruned.length) return null;
    return withArea(manifest, area, (current) => ({
      ...current,
      history: current.history.filter((release) => kept.has(release.id)),
      stats: Object.fromEntries(Object.entries(current.stats).filter(([id]) => id === RELEASE_ZERO || kept.has(id))),
    }));
  });
  // Files go after the manifest stops naming them: no server is pointed at a release being deleted.
  for (const id of pruned) await store.remove(area, id);
  return pruned;
}

/** When a canary rolls back by itself (docs/releases.md, "Canaries"). */
export interface CanaryPolicy {
  /** Page loads the canary needs before its error rate is judged. */
  minLoads: number;
  /** How many percentage points its error rate may exceed the current release's. */
  maxExcessPoints: number;
}

/** The share of page loads that met an error, 0–1. */
export function errorRate(stats: ReleaseStats | undefined): number {
  if (!stats?.loads) return 0;
  return Math.min(stats.errored, stats.loads) / stats.loads;
}

/** Why the canary must roll back, or null while it may go on. */
export function canaryVerdict(releases: AreaReleases, policy: CanaryPolicy): string | null {
  const { canary } = releases;
  if (!canary) return null;
  const canaryStats = releases.stats[canary.id];
  if (!canaryStats || canaryStats.loads < policy.minLoads) return null;
  const canaryRate = errorRate(canaryStats);
  const currentRate = errorRate(releases.stats[releases.current]);
  if ((canaryRate - currentRate) * 100 <= policy.maxExcessPoints) return null;
  const percent = (rate: number) => `${(rate * 100).toFixed(1)} %`;
  return `its error rate was ${percent(canaryRate)} over ${canaryStats.loads} page loads, against ${percent(currentRate)} for ${releases.current}: more than ${policy.maxExcessPoints} points above`;
}

export type StatsDeltas = Partial<Record<ReleaseArea, Record<string, ReleaseStats>>>;

/**
 * Adds one server's counts to the manifest's and judges each canary on the sums: a canary past the policy
 * rolls back (it leaves `canary` and is written into `rolledBack` with its reason). Answers the rollbacks.
 */
export async function addStatsAndJudgeCanaries(
  store: ReleaseStore,
  deltas: StatsDeltas,
  policy: CanaryPolicy,
  now = new Date(),
): Promise<{ area: ReleaseArea; id: string; reason: string }[]> {
  let rolledBack: { area: ReleaseArea; id: string; reason: string }[] = [];
  await updateManifest(store, (manifest) => {
    rolledBack = [];
    let next = manifest;
    for (const [area, counts] of Object.entries(deltas) as [ReleaseArea, Record<string, ReleaseStats>][]) {
      next = withArea(next, area, (releases) => {
        const stats = { ...releases.stats };
        for (const [id, delta] of Object.entries(counts)) {
          const before = stats[id] ?? { loads: 0, errored: 0 };
          stats[id] = { loads: before.loads + delta.loads, errored: before.errored + delta.errored };
        }
        const counted = { ...releases, stats };
        const reason = canaryVerdict(counted, policy);
        if (!reason || !counted.canary) return counted;
        rolledBack.push({ area, id: counted.canary.id, reason });
        return { ...counted, canary: undefined, rolledBack: [...counted.rolledBack, { id: counted.canary.id, at: now.toISOString(), reason }] };
      });
    }
    return next;
  });
  return rolledBack;
}
