import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { REMOTE_NAMES, siteRemoteEntry, type RemoteName, type RemotesMap } from '@tasko/shared/domain';
import type { AppConfig } from '../../config.js';
import { FEDERATION_MANIFEST_FILE, currentRelease, EMPTY_MANIFEST, type FederationManifest, type ReleaseManifest, type ReleaseStore } from '../../releases/releases.js';
import { LocalReleaseStore } from '../../releases/releaseStores.js';
import { exposedModulePreloads, liveBuild, readBuild, remoteDistDir, type BuiltPackage } from './assets.js';

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

/** Origins other than the site's own in a remotes map. */
function originsOf(entries: RemotesMap): string[] {
  return [...new Set(Object.values(entries).filter((url) => /^https?:\/\//.test(url)).map((url) => new URL(url).origin))];
}

/**
 * Where each remote's entry is, read at run time so a release or a rollback is seen without a restart:
 * MFE_<NAME>_URL when set, else the release manifest's current release, else the site's own build in dist.
 * Also the page's preload hints for a remote, from wherever it is.
 */
export class RemoteEntries {
  private manifest: ReleaseManifest = EMPTY_MANIFEST;
  /** The local manifest's mtime and size when last looked at ('' when absent). */
  private localVersion = '';
  private checkedAt = 0;
  private refreshing: Promise<void> | null = null;
  private entries: RemotesMap;
  private entryOrigins: string[];
  private readonly distBuilds: Record<RemoteName, () => BuiltPackage>;
  private readonly releaseBuilds = new Map<string, BuiltPackage>();
  private readonly elsewhere = new Map<string, CachedManifest>();

  constructor(
    private readonly config: Pick<AppConfig, 'remoteUrls' | 'distRoot'>,
    readonly store: ReleaseStore,
    private readonly log: FastifyBaseLogger,
  ) {
    this.entries = this.resolve();
    this.entryOrigins = originsOf(this.entries);
    this.distBuilds = Object.fromEntries(REMOTE_NAMES.map((name) => [name, liveBuild(remoteDistDir(config.distRoot, name))])) as Record<RemoteName, () => BuiltPackage>;
  }

  /** The remotes map of the page being served. */
  current(): RemotesMap {
    return this.entries;
  }

  /** Origins other than the site's own that remotes load from: the CSP allows them. */
  origins(): string[] {
    return this.entryOrigins;
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
      this.manifest = await this.store.readManifest();
      const before = this.entries;
      this.entries = this.resolve();
      this.entryOrigins = originsOf(this.entries);
      for (const name of REMOTE_NAMES) {
        if (before[name] !== this.entries[name]) this.log.info({ remote: name, entry: this.entries[name] }, 'remote release changed');
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

  private resolve(): RemotesMap {
    return Object.fromEntries(
      REMOTE_NAMES.map((name) => {
        const release = currentRelease(this.manifest, name);
        return [name, this.config.remoteUrls[name] ?? (release ? this.store.entryUrl(name, release) : siteRemoteEntry(name))];
      }),
    ) as RemotesMap;
  }

  /** The files of a remote's page to preload, wherever the remote is served from. */
  async pagePreloads(remote: RemoteName, module: string): Promise<string[]> {
    const entry = this.entries[remote];
    const base = entry.slice(0, entry.lastIndexOf('/') + 1);
    if (entry === siteRemoteEntry(remote)) return exposedModulePreloads(this.distBuilds[remote](), module, base);
    const release = currentRelease(this.manifest, remote);
    if (release && this.store instanceof LocalReleaseStore && entry === this.store.entryUrl(remote, release)) {
      const dir = this.store.releaseDir(remote, release);
      let build = this.releaseBuilds.get(dir);
      if (!build) this.releaseBuilds.set(dir, (build = readBuild(dir)));
      return exposedModulePreloads(build, module, base);
    }
    if (!/^https?:\/\//.test(entry)) return [];
    const manifest = await this.manifestElsewhere(entry, release !== null && this.config.remoteUrls[remote] === undefined);
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
}
