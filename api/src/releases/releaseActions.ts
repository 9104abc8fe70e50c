// What a team does to an area's releases (docs/releases.md): publish a checked build, move the pointer back
// and forth, give a release to a canary share first and promote it, prune old ones. Every change of the
// manifest goes through updateManifest, so two teams acting at once never lose one another's pointer.
import { RELEASE_ZERO, type ReleaseArea } from '@tasko/shared/domain';
import {
  areaOf,
  areaPackage,
  buildId,
  canaryTrial,
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
export function identicalRelease(
  manifest: ReleaseManifest,
  area: ReleaseArea,
  contentHash: string,
  distHash: string | null,
): string | null {
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
export async function publishRelease(
  store: ReleaseStore,
  area: ReleaseArea,
  builtDir: string,
  contentHash: string,
  options: PublishOptions,
): Promise<PublishOutcome> {
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
      if (at <= 0)
        throw new ReleaseError(`${areaPackage(area)} is at release zero (the build in its dist): there is nothing earlier to roll back to`);
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
    if (!next)
      throw new ReleaseError(`${areaPackage(area)} is at its newest release (${releases.current}): there is nothing to roll forward to`);
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

/** When a canary rolls back by itself (docs/releases.md, "How a canary counts"). */
export interface CanaryPolicy {
  /** Page loads each arm (the canary, the current release) needs before the canary is judged. */
  minLoads: number;
  /** Distinct visitors each arm needs before the canary is judged: a few visitors cannot decide it. */
  minVisitors: number;
  /** How many percentage points its error rate may exceed the current release's. */
  maxExcessPoints: number;
}

/** The error rate, 0–1: the mean of the visitors' own rates, or (a manifest from before visitors) errored / loads. */
export function errorRate(stats: ReleaseStats | undefined): number {
  if (!stats?.loads) return 0;
  return stats.rate ?? Math.min(stats.errored, stats.loads) / stats.loads;
}

const hasEnough = (stats: ReleaseStats | undefined, policy: CanaryPolicy): stats is ReleaseStats =>
  stats !== undefined && stats.loads >= policy.minLoads && (stats.visitors ?? 0) >= policy.minVisitors;

/** An arm in words: `78.4 % over 51 page loads from 20 visitors`. */
export function describeArm(stats: ReleaseStats): string {
  const visitors = stats.visitors === undefined ? '' : ` from ${stats.visitors} visitor${stats.visitors === 1 ? '' : 's'}`;
  return `${(errorRate(stats) * 100).toFixed(1)} % over ${stats.loads} page load${stats.loads === 1 ? '' : 's'}${visitors}`;
}

/** Why the canary must roll back, or null while it may go on (or has too few loads or visitors in an arm to judge). */
export function canaryVerdict(releases: AreaReleases, policy: CanaryPolicy): string | null {
  const { canary } = releases;
  if (!canary) return null;
  const canaryStats = releases.stats[canary.id];
  const currentStats = releases.stats[releases.current];
  if (!hasEnough(canaryStats, policy) || !hasEnough(currentStats, policy)) return null;
  if ((errorRate(canaryStats) - errorRate(currentStats)) * 100 <= policy.maxExcessPoints) return null;
  return `its error rate was ${describeArm(canaryStats)}, against ${describeArm(currentStats)} for ${releases.current}: more than ${policy.maxExcessPoints} points above`;
}

/** Each running canary's arms, as counted by every server (CanaryCounts.figures). */
export type ArmFiguresOf = (area: ReleaseArea, trial: string) => Promise<Record<string, ReleaseStats>>;

const sameStats = (a: ReleaseStats | undefined, b: ReleaseStats) =>
  a !== undefined && a.loads === b.loads && a.errored === b.errored && a.visitors === b.visitors && a.rate === b.rate;

/**
 * Writes each running canary's figures (both arms, as every server counted them into the database) into the
 * manifest and judges the canary on them: one past the policy rolls back (it leaves `canary` and is written
 * into `rolledBack` with its reason). Any server may do it at any time: the figures are the same sums. Writes
 * nothing when nothing changed. Answers the rollbacks.
 */
export async function judgeCanaries(
  store: ReleaseStore,
  figuresOf: ArmFiguresOf,
  policy: CanaryPolicy,
  now = new Date(),
): Promise<{ area: ReleaseArea; id: string; reason: string }[]> {
  const { manifest } = await store.readManifest();
  const counted = new Map<ReleaseArea, { trial: string; figures: Record<string, ReleaseStats> }>();
  for (const [area, releases] of Object.entries(manifest.areas) as [ReleaseArea, AreaReleases][]) {
    if (releases.canary)
      counted.set(area, { trial: canaryTrial(releases.canary), figures: await figuresOf(area, canaryTrial(releases.canary)) });
  }
  if (!counted.size) return [];
  let rolledBack: { area: ReleaseArea; id: string; reason: string }[] = [];
  await updateManifest(store, (latest) => {
    rolledBack = [];
    let next = latest;
    let isChanged = false;
    for (const [area, { trial, figures }] of counted) {
      const releases = areaOf(next, area);
      const { canary } = releases;
      // Promoted, rolled back or replaced since the figures were read: they are not this canary's.
      if (!canary || canaryTrial(canary) !== trial) continue;
      const stats = { ...releases.stats };
      for (const id of [canary.id, releases.current]) {
        const arm = figures[id] ?? { loads: 0, errored: 0, visitors: 0, rate: 0 };
        if (!sameStats(stats[id], arm)) isChanged = true;
        stats[id] = arm;
      }
      const judged = { ...releases, stats };
      const reason = canaryVerdict(judged, policy);
      if (reason) {
        isChanged = true;
        rolledBack.push({ area, id: canary.id, reason });
        next = withArea(next, area, () => ({
          ...judged,
          canary: undefined,
          rolledBack: [...judged.rolledBack, { id: canary.id, at: now.toISOString(), reason }],
        }));
      } else {
        next = withArea(next, area, () => judged);
      }
    }
    return isChanged ? next : null;
  });
  return rolledBack;
}
