import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import {
  RELEASE_AREAS,
  RELEASE_ZERO,
  REMOTE_NAMES,
  siteRemoteEntry,
  type CurrentReleases,
  type PageCanary,
  type ReleaseArea,
  type RemoteName,
  type RemotesMap,
} from '@tasko/shared/domain';
import type { AppConfig } from '../../config.js';
import {
  areaFolder,
  areaOf,
  canaryTrial,
  EMPTY_MANIFEST,
  FEDERATION_MANIFEST_FILE,
  isKnownRelease,
  releaseForBucket,
  type FederationManifest,
  type ReleaseManifest,
  type ReleaseStore,
} from '../../releases/releases.js';
import { judgeCanaries } from '../../releases/releaseActions.js';
import type { CanaryArm, CanaryCounts, CanaryVisitor, LoadOutcome } from '../../releases/canaryCounts.js';
import { LocalReleaseStore } from '../../releases/releaseStores.js';
import {
  BUILD_FILES,
  exposedModulePreloads,
  frameStyleFiles,
  liveBuild,
  packageDistDir,
  parseBuild,
  readBuild,
  remoteDistDir,
  type BuiltPackage,
} from './assets.js';
import { REMOTE_ENTRY_FILE } from '@tasko/shared/domain';

/** How often the bucket's release manifest is read again; a local one is checked on every page. */
const BUCKET_MANIFEST_TTL_MS = 5_000;
/** A federation manifest on another origin: how long a page waits for it the first time, and for a retry. */
const MANIFEST_FETCH_TIMEOUT_MS = 1_000;
const MANIFEST_RETRY_MS = 30_000;
/** A remote at a fixed URL (MFE_<NAME>_URL) may be redeployed in place: its manifest is read again after this. */
const MOVABLE_MANIFEST_TTL_MS = 5 * 60_000;

interface CachedManifest {
  manifest: FederationManifest | null;
  until: number;
  pending?: Promise<void>;
}

/** The releases one visitor's page is served with: each area's id, each remote's entry, the shell's folder. */
export interface VisitorReleases extends CurrentReleases {
  shellBase: string;
}

/** The shell's own folder in dist: where its page template's files are, as built. */
export const SHELL_DIST_BASE = '/mfe/shell/';

/** A release served by a server that checks it before it is live (the release tool's smoke check). */
export interface ReleasePreview {
  area: ReleaseArea;
  id: string;
}

/**
 * The releases the site serves, read at run time so a release, a rollback or a canary is seen without a
 * restart (docs/releases.md): per area the current release, or the canary for visitors in its share; a
 * remote at MFE_<NAME>_URL wins over both. Also what the pages need of each release (the shell's page
 * template and chunk groups, a remote's preload hints), and the counts canaries are judged on (CanaryCounts).
 */
export class SiteReleases {
  private manifest: ReleaseManifest = EMPTY_MANIFEST;
  /** The local manifest's mtime and size when last looked at ('' when absent). */
  private localVersion = '';
  private checkedAt = 0;
  private refreshing: Promise<void> | null = null;
  private readonly distShell: () => BuiltPackage;
  private readonly distBuilds: Record<RemoteName, () => BuiltPackage>;
  private readonly storedBuilds = new Map<string, Promise<BuiltPackage>>();
  private readonly elsewhere = new Map<string, CachedManifest>();
  private readonly flushTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly config: Pick<AppConfig, 'remoteUrls' | 'distRoot' | 'canary' | 'releaseStatsFlushMs'>,
    readonly store: ReleaseStore,
    private readonly log: FastifyBaseLogger,
    private readonly preview: ReleasePreview | null = null,
    /** The canary counts in the database; null where nothing is counted (a preview server may have none). */
    private readonly counts: CanaryCounts | null = null,
  ) {
    this.distShell = liveBuild(packageDistDir(config.distRoot, 'shell'));
    this.distBuilds = Object.fromEntries(REMOTE_NAMES.map((name) => [name, liveBuild(remoteDistDir(config.distRoot, name))])) as Record<
      RemoteName,
      () => BuiltPackage
    >;
    // A preview server only looks: it counts nothing and never writes the manifest.
    if (config.releaseStatsFlushMs > 0 && !preview) {
      this.flushTimer = setInterval(() => void this.flushStats(), config.releaseStatsFlushMs);
      this.flushTimer.unref();
    }
  }

  /** Reads the release manifest again if it may have changed; a manifest that cannot be read keeps the last one. */
  async refresh(): Promise<void> {
    this.refreshing ??= this.readManifest().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async readManifest(): Promise<void> {
    if (!this.mayHaveChanged()) return;
    try {
      const before = this.manifest;
      this.manifest = (await this.store.readManifest()).manifest;
      for (const area of RELEASE_AREAS) {
        const [was, now] = [areaOf(before, area), areaOf(this.manifest, area)];
        if (was.current !== now.current || was.canary?.id !== now.canary?.id) {
          this.log.info({ area, release: now.current, canary: now.canary ?? null }, 'release changed');
        }
      }
    } catch (error) {
      this.log.error({ err: error, at: this.store.location }, 'the release manifest could not be read: the site keeps the releases it had');
    }
  }

  /** A local manifest: a stat per page, cheap, so a release is live on the very next page. A bucket's: every 5 s. */
  private mayHaveChanged(): boolean {
    if (!(this.store instanceof LocalReleaseStore)) {
      if (Date.now() - this.checkedAt < BUCKET_MANIFEST_TTL_MS) return false;
      this.checkedAt = Date.now();
      return true;
    }
    const stat = fs.statSync(this.store.manifestFile, { throwIfNoEntry: false });
    const version = stat ? `${stat.mtimeMs}:${stat.size}` : '';
    if (version === this.localVersion) return false;
    this.localVersion = version;
    return true;
  }

  /** Whether a canary runs in an area: only then does a visitor need a bucket cookie. */
  hasCanary(): boolean {
    return !this.preview && RELEASE_AREAS.some((area) => areaOf(this.manifest, area).canary);
  }

  private releaseOf(area: ReleaseArea, bucket: number | null): string {
    if (this.preview?.area === area) return this.preview.id;
    if (area !== 'shell' && this.config.remoteUrls[area] !== undefined) return RELEASE_ZERO;
    return releaseForBucket(this.manifest, area, this.preview ? null : bucket);
  }

  private baseOf(area: ReleaseArea, id: string): string {
    return id === RELEASE_ZERO ? `/mfe/${areaFolder(area)}/` : this.store.baseUrl(area, id);
  }

  /** What a visitor in `bucket` (null: none yet) is served. */
  forVisitor(bucket: number | null): VisitorReleases {
    const releases = Object.fromEntries(RELEASE_AREAS.map((area) => [area, this.releaseOf(area, bucket)])) as Record<ReleaseArea, string>;
    const remotes = Object.fromEntries(
      REMOTE_NAMES.map((name) => {
        const pinned = this.config.remoteUrls[name];
        const id = releases[name];
        return [name, pinned ?? (id === RELEASE_ZERO ? siteRemoteEntry(name) : this.baseOf(name, id) + REMOTE_ENTRY_FILE)];
      }),
    ) as RemotesMap;
    return { releases, remotes, shellBase: this.baseOf('shell', releases.shell) };
  }

  /** Origins other than the site's own that pages load from (every visitor's): the CSP allows them. */
  origins(): string[] {
    // Bucket 0 is in every canary's share, and a visitor without a bucket in none: between them, every release served.
    const urls = [null, 0].flatMap((bucket) => {
      const visitor = this.forVisitor(bucket);
      return [...Object.values(visitor.remotes), visitor.shellBase];
    });
    return [...new Set(urls.filter((url) => /^https?:\/\//.test(url)).map((url) => new URL(url).origin))];
  }

  /** Whether a file under the local releases folder may be served: a release the manifest holds (or the one previewed). */
  isServable(folder: string, id: string): boolean {
    const area = RELEASE_AREAS.find((candidate) => areaFolder(candidate) === folder);
    if (!area) return false;
    return (this.preview?.area === area && this.preview.id === id) || (id !== RELEASE_ZERO && isKnownRelease(this.manifest, area, id));
  }

  /** The shell build a page is served with: its template, chunk groups and first-paint styles. */
  async shellBuild(id: string): Promise<BuiltPackage> {
    return id === RELEASE_ZERO ? this.distShell() : this.storedBuild('shell', id);
  }

  /** A stored release's build, read once: a release never changes. */
  private storedBuild(area: ReleaseArea, id: string): Promise<BuiltPackage> {
    const key = `${area}/${id}`;
    let build = this.storedBuilds.get(key);
    if (!build) {
      if (this.store instanceof LocalReleaseStore) build = Promise.resolve(readBuild(this.store.releaseDir(area, id)));
      else build = this.readStoredBuild(area, id);
      this.storedBuilds.set(key, build);
      build.catch(() => this.storedBuilds.delete(key));
    }
    return build;
  }

  private async readStoredBuild(area: ReleaseArea, id: string): Promise<BuiltPackage> {
    const texts = new Map<string, string>();
    const fetchText = async (file: string) => {
      const bytes = await this.store.read(area, id, file);
      if (bytes) texts.set(file, bytes.toString('utf8'));
    };
    await Promise.all(BUILD_FILES.map(fetchText));
    const groups = parseBuild('', (file) => texts.get(file) ?? null).chunkGroups;
    await Promise.all(frameStyleFiles(groups).map(fetchText));
    return parseBuild(this.store.baseUrl(area, id), (file) => texts.get(file) ?? null);
  }

  /** The files of a remote's page to preload, from the release the visitor gets. */
  async pagePreloads(remote: RemoteName, id: string, entry: string, module: string): Promise<string[]> {
    const base = entry.slice(0, entry.lastIndexOf('/') + 1);
    if (entry === siteRemoteEntry(remote)) return exposedModulePreloads(this.distBuilds[remote](), module, base);
    if (id !== RELEASE_ZERO && this.config.remoteUrls[remote] === undefined && this.store instanceof LocalReleaseStore) {
      return exposedModulePreloads(await this.storedBuild(remote, id), module, base);
    }
    if (!/^https?:\/\//.test(entry)) return [];
    const manifest = await this.manifestElsewhere(entry, id !== RELEASE_ZERO);
    return manifest ? exposedModulePreloads({ manifest }, module, base) : [];
  }

  /** A remote's federation manifest from another origin, fetched once per release and kept. */
  private async manifestElsewhere(entry: string, isRelease: boolean): Promise<FederationManifest | null> {
    const url = new URL(FEDERATION_MANIFEST_FILE, entry).href;
    let cached = this.elsewhere.get(url);
    if (cached && cached.until > Date.now()) return cached.manifest;
    if (!cached) this.elsewhere.set(url, (cached = { manifest: null, until: 0 }));
    const slot = cached;
    slot.pending ??= fetch(url, { signal: AbortSignal.timeout(5_000) })
      .then(async (response) => {
        if (!response.ok) throw new Error(`status ${response.status}`);
        slot.manifest = (await response.json()) as FederationManifest;
        slot.until = isRelease ? Infinity : Date.now() + MOVABLE_MANIFEST_TTL_MS;
      })
      .catch((error: unknown) => {
        slot.until = Date.now() + MANIFEST_RETRY_MS;
        this.log.warn({ url, err: error }, 'a remote’s federation manifest could not be read: its pages go without preload hints');
      })
      .finally(() => {
        delete slot.pending;
      });
    // A page waits a moment for the first answer; later pages get it from the cache.
    await Promise.race([slot.pending, new Promise((resolve) => setTimeout(resolve, MANIFEST_FETCH_TIMEOUT_MS).unref())]);
    return slot.manifest;
  }

  /** The counts, when this server counts canaries: never a preview server, nor with RELEASE_STATS_FLUSH_MS=0. */
  private counting(): CanaryCounts | null {
    return !this.preview && this.config.releaseStatsFlushMs > 0 ? this.counts : null;
  }

  /** The visitor a request's bucket cookie names, when the server signed it (docs/releases.md, "How a canary counts"). */
  visitorOf(cookie: string | undefined): CanaryVisitor | null {
    return this.counts?.key.visitorOf(cookie) ?? null;
  }

  /** A new visitor and their cookie's value; null when nothing signs buckets (a server without its key). */
  newVisitor(): { visitor: CanaryVisitor; cookie: string } | null {
    if (!this.counts) return null;
    const visitor = this.counts.key.newVisitor();
    return { visitor, cookie: this.counts.key.bucketCookie(visitor) };
  }

  /** The areas a canary runs in that pages get from the manifest (a remote at MFE_<NAME>_URL has none). */
  private canaryAreas(): ReleaseArea[] {
    return RELEASE_AREAS.filter(
      (area) => areaOf(this.manifest, area).canary && (area === 'shell' || this.config.remoteUrls[area] === undefined),
    );
  }

  /**
   * What a page carries for its loads to count (RuntimeConfig's `canary`): a signed token naming the releases
   * served in the areas a canary runs in, and those areas. Null when nothing is counted.
   */
  pageToken(visitor: CanaryVisitor, releases: Record<ReleaseArea, string>): PageCanary | null {
    const counts = this.counting();
    const areas = this.canaryAreas();
    if (!counts || !areas.length) return null;
    return { token: counts.key.pageToken(visitor, Object.fromEntries(areas.map((area) => [area, releases[area]]))), areas };
  }

  /**
   * Where a load of `releaseId` in `area` by a visitor in `bucket` counts: an arm of the canary running now (its
   * release for buckets in its share, the current one for the others), or nowhere.
   */
  private armOf(area: ReleaseArea, releaseId: string, bucket: number): CanaryArm | null {
    const { canary, current } = areaOf(this.manifest, area);
    if (!canary || (area !== 'shell' && this.config.remoteUrls[area] !== undefined)) return null;
    const armRelease = bucket < canary.share ? canary.id : current;
    return releaseId === armRelease ? { trial: canaryTrial(canary), releaseId } : null;
  }

  /** Counting must never fail a request: a failure is logged, and the load is not counted. */
  private async quietly(what: string, count: () => Promise<LoadOutcome[]>): Promise<LoadOutcome[]> {
    try {
      return await count();
    } catch (error) {
      this.log.warn({ err: error }, `${what} could not be counted`);
      return [];
    }
  }

  /** A page's script ran and told its loads of these areas with the page's token (`POST /page-loads`). */
  async countLoads(tokenText: string, areas: ReleaseArea[], ip: string): Promise<LoadOutcome[]> {
    const counts = this.counting();
    if (!counts) return [];
    const token = counts.key.readPageToken(tokenText);
    if (!token) return [];
    await this.refresh();
    return this.quietly('a page load', async () => {
      const outcomes: LoadOutcome[] = [];
      for (const area of new Set(areas)) {
        const served = token.releases[area];
        const arm = served === undefined ? null : this.armOf(area, served, token.visitor.bucket);
        outcomes.push(await counts.countTold(token, area, arm, ip, null));
      }
      return outcomes;
    });
  }

  /** A page's error report, with the page's token (`POST /client-errors`): without a valid one it counts nothing. */
  async countError(tokenText: string, area: ReleaseArea, releaseId: string, ip: string): Promise<LoadOutcome | null> {
    const counts = this.counting();
    if (!counts) return null;
    const token = counts.key.readPageToken(tokenText);
    if (!token) return null;
    await this.refresh();
    const [outcome] = await this.quietly('an error report', async () => [
      await counts.countTold(token, area, this.armOf(area, releaseId, token.visitor.bucket), ip, { releaseId }),
    ]);
    return outcome ?? null;
  }

  /** A page the server itself failed to send with `releaseId` of `area`: a load with an error, no report needed. */
  async countServerFailure(visitor: CanaryVisitor, area: ReleaseArea, releaseId: string, ip: string): Promise<void> {
    const counts = this.counting();
    if (!counts) return;
    const arm = this.armOf(area, releaseId, visitor.bucket);
    if (arm) await this.quietly('a failed page', async () => [await counts.countServerFailure(visitor, area, arm, ip)]);
  }

  /** Writes each running canary's figures into the manifest and rolls back one past its policy. */
  async flushStats(): Promise<void> {
    const counts = this.counting();
    if (!counts) return;
    try {
      const rolledBack = await judgeCanaries(this.store, (area, trial) => counts.figures(area, trial), this.config.canary);
      for (const { area, id, reason } of rolledBack)
        this.log.warn({ area, release: id, reason }, `the canary ${id} of ${area} rolled back by itself: ${reason}`);
      if (rolledBack.length) {
        this.checkedAt = 0;
        await this.refresh();
      }
    } catch (error) {
      this.log.warn({ err: error }, 'the canaries could not be judged: the next flush tries again');
    }
  }

  /** Deletes counts that no longer count (expired tokens, old address allowances, canaries that ended). */
  async sweepCanaryCounts(): Promise<void> {
    if (!this.counts) return;
    const running = RELEASE_AREAS.flatMap((area) => {
      const { canary } = areaOf(this.manifest, area);
      return canary ? [`${area}|${canaryTrial(canary)}`] : [];
    });
    await this.counts.sweep(running);
  }

  /** Nothing is left to write: the counts are in the database, and every other server judges them too. */
  close(): Promise<void> {
    if (this.flushTimer) clearInterval(this.flushTimer);
    return Promise.resolve();
  }
}
