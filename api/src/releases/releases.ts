import {
  isReleaseArea,
  PAGE_ROUTES,
  RELEASE_ZERO,
  REMOTE_ENTRY_FILE,
  REMOTES,
  type ReleaseArea,
  type RemoteName,
} from '@tasko/shared/domain';

/** The federation manifest a remote build writes beside its entry; the part the site reads. */
export const FEDERATION_MANIFEST_FILE = 'mf-manifest.json';

/** What every build writes beside its entry (shared/build/createFederatedConfig.cjs, BuildInfoPlugin). */
export const BUILD_INFO_FILE = 'build-info.json';

/** A build's name and the federation plugin it was built with, each package's own (its devDependencies). */
export interface BuildInfo {
  name: string;
  federation: { package: string; version: string };
}

/** Reads a build-info.json, or null when it is not one. */
export function parseBuildInfo(text: string): BuildInfo | null {
  try {
    const data = JSON.parse(text) as Partial<BuildInfo> | null;
    const federation = data?.federation;
    if (typeof data?.name !== 'string' || typeof federation?.package !== 'string' || typeof federation.version !== 'string') return null;
    return { name: data.name, federation: { package: federation.package, version: federation.version } };
  } catch {
    return null;
  }
}

interface AssetLists {
  sync: string[];
  async: string[];
}
export interface FederationManifest {
  shared: { name: string; version?: string; requiredVersion?: string | false; assets: { js: AssetLists; css: AssetLists } }[];
  exposes: { name: string; path: string; assets: { js: AssetLists; css: AssetLists } }[];
}

/**
 * What the site counted of one release as an arm of the last canary it was in (docs/releases.md, "How a canary
 * counts"): page loads, those that met an error, the distinct visitors behind them, and the error rate.
 */
export interface ReleaseStats {
  loads: number;
  errored: number;
  /** Absent in a manifest written before visitors were counted. */
  visitors?: number;
  /** The mean of the visitors' own error rates (0–1); absent before, when the rate was errored / loads. */
  rate?: number;
}

export interface StoredRelease {
  id: string;
  at: string;
  /** Of every file the build wrote: the same content is one release, whenever it is built again. */
  contentHash: string;
}

/** One area's releases (docs/releases.md, "The release manifest"). */
export interface AreaReleases {
  /** Every stored release, oldest first; release zero (the built dist) comes before them all. */
  history: StoredRelease[];
  /** What every visitor outside the canary gets: an id from history, or RELEASE_ZERO. */
  current: string;
  /** A release given first to a share (1–99 %) of visitors, by their bucket cookie. */
  canary?: { id: string; share: number; since: string };
  /** Per release id: its figures as an arm of the last canary it was in, summed over every server. */
  stats: Record<string, ReleaseStats>;
  /** Canaries the site rolled back by itself, newest last. */
  rolledBack: { id: string; at: string; reason: string }[];
}

/**
 * Which release of each area the site serves, read by every server and written only by compare-and-swap
 * (`updateManifest`): `version` grows by one with every write.
 */
export interface ReleaseManifest {
  version: number;
  areas: Partial<Record<ReleaseArea, AreaReleases>>;
}

export const EMPTY_MANIFEST: ReleaseManifest = { version: 0, areas: {} };

export const EMPTY_AREA: AreaReleases = { history: [], current: RELEASE_ZERO, stats: {}, rolledBack: [] };

/** A manifest as it was read, with what a conditional write must match (a version locally, an ETag in a bucket). */
export interface ManifestRead {
  manifest: ReleaseManifest;
  /** null: there is no manifest yet. */
  tag: string | null;
}

/** Where releases live: RELEASES_DIR (DATA_DIR/releases) locally, the bucket's `releases/` prefix with S3_BUCKET set. */
export interface ReleaseStore {
  /** For messages: the folder or bucket URL. */
  readonly location: string;
  readManifest(): Promise<ManifestRead>;
  /** Writes the manifest only if it is still the one read with `tag`; answers false when another write came first. */
  writeManifestIf(manifest: ReleaseManifest, tag: string | null): Promise<boolean>;
  /** Copies every file of a build under `<folder>/<id>/`, next to the earlier releases. */
  upload(area: ReleaseArea, id: string, builtDir: string): Promise<void>;
  /** Deletes a release's files: a refused release, or one pruned from history. */
  remove(area: ReleaseArea, id: string): Promise<void>;
  /** A file of a stored release, or null when it is not there. */
  read(area: ReleaseArea, id: string, file: string): Promise<Buffer | null>;
  /** The folder browsers load the release's files from (ends with a slash). */
  baseUrl(area: ReleaseArea, id: string): string;
}

export class ReleaseError extends Error {}

const BUILD_ID = /^[0-9]{8}T[0-9]{6}Z-[0-9a-f]{8}$/;

/** A build id sorts by time and names the build: 20261125T221503Z-1a2b3c4d. */
export function buildId(at: Date, contentHash: string): string {
  return `${at.toISOString().replace(/[-:]|\.\d+/g, '')}-${contentHash.slice(0, 8)}`;
}

export function isBuildId(value: string): boolean {
  return BUILD_ID.test(value);
}

/** The folder of an area's releases and of its dist files: `shell`, `jobs`, … */
export function areaFolder(area: ReleaseArea): string {
  return area === 'shell' ? 'shell' : REMOTES[area].folder;
}

/** The package a team releases: `shell`, `mfe-jobs`, … */
export function areaPackage(area: ReleaseArea): string {
  return area === 'shell' ? 'shell' : `mfe-${REMOTES[area].folder}`;
}

export function areaOf(manifest: ReleaseManifest, area: ReleaseArea): AreaReleases {
  return manifest.areas[area] ?? EMPTY_AREA;
}

export function currentRelease(manifest: ReleaseManifest, area: ReleaseArea): string {
  return areaOf(manifest, area).current;
}

/** The release a visitor in `bucket` (0–99) gets: the canary below its share, else the current one. */
export function releaseForBucket(manifest: ReleaseManifest, area: ReleaseArea, bucket: number | null): string {
  const { canary, current } = areaOf(manifest, area);
  return canary && bucket !== null && bucket < canary.share ? canary.id : current;
}

/** One run of a canary, `<id>@<since>`: what its counts are kept under, so a later canary starts from nothing. */
export function canaryTrial(canary: NonNullable<AreaReleases['canary']>): string {
  return `${canary.id}@${canary.since}`;
}

/** Every release id of an area that the site may serve: release zero, its history. */
export function isKnownRelease(manifest: ReleaseManifest, area: ReleaseArea, id: string): boolean {
  return id === RELEASE_ZERO || areaOf(manifest, area).history.some((release) => release.id === id);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function parseArea(name: string, entry: unknown): AreaReleases {
  const fail = (what: string) => new ReleaseError(`the release manifest's entry for ${name} ${what}`);
  if (!isRecord(entry)) throw fail('is not an object');
  const { history, current, canary, stats, rolledBack } = entry;
  if (
    !Array.isArray(history) ||
    !history.every(
      (r) => isRecord(r) && typeof r.id === 'string' && isBuildId(r.id) && typeof r.at === 'string' && typeof r.contentHash === 'string',
    )
  ) {
    throw fail('has no list of releases');
  }
  const area: AreaReleases = { history: history as StoredRelease[], current: RELEASE_ZERO, stats: {}, rolledBack: [] };
  if (typeof current !== 'string' || !(current === RELEASE_ZERO || area.history.some((r) => r.id === current)))
    throw fail('points at a release it does not hold');
  area.current = current;
  if (canary !== undefined) {
    if (
      !isRecord(canary) ||
      typeof canary.id !== 'string' ||
      !area.history.some((r) => r.id === canary.id) ||
      typeof canary.share !== 'number' ||
      typeof canary.since !== 'string'
    )
      throw fail('has an unreadable canary');
    area.canary = { id: canary.id, share: canary.share, since: canary.since };
  }
  if (isRecord(stats)) {
    for (const [id, counts] of Object.entries(stats)) {
      if (!isRecord(counts) || typeof counts.loads !== 'number' || typeof counts.errored !== 'number') continue;
      area.stats[id] = {
        loads: counts.loads,
        errored: counts.errored,
        ...(typeof counts.visitors === 'number' ? { visitors: counts.visitors } : {}),
        ...(typeof counts.rate === 'number' ? { rate: counts.rate } : {}),
      };
    }
  }
  if (Array.isArray(rolledBack))
    area.rolledBack = rolledBack.filter(
      (r): r is AreaReleases['rolledBack'][number] =>
        isRecord(r) && typeof r.id === 'string' && typeof r.at === 'string' && typeof r.reason === 'string',
    );
  return area;
}

/**
 * Reads a stored manifest, refusing anything that is not one (a half-written or foreign file). A manifest
 * written before areas had a history (`remotes: { name: { releases } }`, the current one last) is read as one.
 */
export function parseManifest(text: string): ReleaseManifest {
  const data = JSON.parse(text) as unknown;
  if (!isRecord(data)) throw new ReleaseError('the release manifest is not an object');
  if (isRecord(data.remotes) && data.areas === undefined) {
    const areas: Record<string, unknown> = {};
    for (const [name, entry] of Object.entries(data.remotes)) {
      const releases = isRecord(entry) && Array.isArray(entry.releases) ? (entry.releases as unknown[]) : [];
      const history = releases.map((r) =>
        isRecord(r) ? { id: r.id, at: r.at, contentHash: typeof r.id === 'string' ? r.id.slice(-8) : '' } : r,
      );
      areas[name] = { history, current: isRecord(releases.at(-1)) ? (releases.at(-1) as { id: unknown }).id : RELEASE_ZERO };
    }
    return parseManifest(JSON.stringify({ version: 0, areas }));
  }
  if (typeof data.version !== 'number' || !isRecord(data.areas))
    throw new ReleaseError('the release manifest has no "version" and "areas"');
  const manifest: ReleaseManifest = { version: data.version, areas: {} };
  for (const [name, entry] of Object.entries(data.areas)) {
    if (!isReleaseArea(name)) throw new ReleaseError(`the release manifest names an unknown area: ${name}`);
    manifest.areas[name] = parseArea(name, entry);
  }
  return manifest;
}

/** The manifest with one area changed. */
export function withArea(manifest: ReleaseManifest, area: ReleaseArea, change: (releases: AreaReleases) => AreaReleases): ReleaseManifest {
  return { ...manifest, areas: { ...manifest.areas, [area]: change(areaOf(manifest, area)) } };
}

/** How long a writer waits for another writer's turn before it gives up. */
const MANIFEST_WRITE_ATTEMPTS = 20;

/**
 * Reads, changes and writes the manifest by compare-and-swap: if another writer (a team releasing another
 * area, a server counting page loads) wrote in between, it reads again and applies the change to that. The
 * change may throw a ReleaseError to refuse, or answer null to write nothing.
 */
export async function updateManifest(
  store: ReleaseStore,
  change: (manifest: ReleaseManifest) => ReleaseManifest | null,
): Promise<ReleaseManifest> {
  for (let attempt = 0; attempt < MANIFEST_WRITE_ATTEMPTS; attempt += 1) {
    const { manifest, tag } = await store.readManifest();
    const changed = change(manifest);
    if (!changed) return manifest;
    const next = { ...changed, version: manifest.version + 1 };
    if (await store.writeManifestIf(next, tag)) return next;
    await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 80));
  }
  throw new ReleaseError(
    `the release manifest at ${store.location} kept changing under ${MANIFEST_WRITE_ATTEMPTS} attempts to write it: try again`,
  );
}

/** `version` meets a caret range such as ^1.2.0 (the only kind the webpack factory writes); other ranges pass. */
export function meetsCaret(version: string, range: string): boolean {
  const wanted = /^\^(\d+)\.(\d+)\.(\d+)$/.exec(range);
  const have = /^(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (!wanted || !have) return true;
  const [w, h] = [wanted.slice(1).map(Number), have.slice(1).map(Number)];
  if (h[0] !== w[0]) return false;
  return (h[1] ?? 0) > (w[1] ?? 0) || (h[1] === w[1] && (h[2] ?? 0) >= (w[2] ?? 0));
}

/** Singletons the remote needs at a version the shell does not provide: it would fail on every page. */
export function skewWithShell(remoteShared: FederationManifest['shared'], shellShared: FederationManifest['shared']): string[] {
  return remoteShared.flatMap(({ name, requiredVersion }) => {
    const provided = shellShared.find((shared) => shared.name === name)?.version;
    if (!provided || typeof requiredVersion !== 'string' || meetsCaret(provided, requiredVersion)) return [];
    return [`it needs ${name} ${requiredVersion}, and the shell provides ${provided}: release the shell with it first`];
  });
}

const majorMinor = (version: string) => version.split('.').slice(0, 2).join('.');

/**
 * A remote and the shell built with federation versions that differ in major or minor: the remote's code
 * (its container, its webpack runtime) and the shell's runtime meet in the page whether or not the shell lends
 * its runtime, and only a patch is promised to keep what they say to each other.
 */
export function federationSkewWithShell(remote: BuildInfo['federation'], shell: BuildInfo['federation']): string[] {
  if (remote.package === shell.package && majorMinor(remote.version) === majorMinor(shell.version)) return [];
  return [
    `it was built with ${remote.package} ${remote.version}, and the shell with ${shell.package} ${shell.version}: both must have the same major and minor (release the shell with ${majorMinor(remote.version)} first, or build this remote with ${majorMinor(shell.version)})`,
  ];
}

/** What a shell provides (or a remote needs) and the federation it was built with; each unknown when not at hand. */
export interface BuildFacts {
  shared?: FederationManifest['shared'];
  federation?: BuildInfo['federation'];
}
/** The facts of the shell the site serves now, for the checks of a remote's release. */
export type ShellBuild = BuildFacts;

const majorOf = (version: string) => Number(version.split('.')[0]);

/**
 * A shell that does not provide what a current remote release needs would break that remote's pages for every
 * new visitor. A new major of a shared module names every remote to release against it first (built to accept it).
 */
export function shellSkewWithRemotes(shell: BuildFacts, remotes: { area: RemoteName; facts: BuildFacts }[]): string[] {
  const problems: string[] = [];
  for (const provided of shell.shared ?? []) {
    if (!provided.version) continue;
    const behind = remotes.flatMap(({ area, facts }) => {
      const needed = facts.shared?.find((shared) => shared.name === provided.name)?.requiredVersion;
      return typeof needed === 'string' && !meetsCaret(provided.version ?? '', needed) ? [{ area, needed }] : [];
    });
    if (!behind.length) continue;
    const list = behind.map(({ area, needed }) => `${areaPackage(area)} (needs ${needed})`).join(', ');
    const isNewMajor = behind.some(({ needed }) => majorOf(needed.replace(/^\^/, '')) < majorOf(provided.version ?? '0'));
    problems.push(
      isNewMajor
        ? `this shell provides ${provided.name} ${provided.version}, a new major: release these remotes against it first (built to accept ${majorOf(provided.version)}.x): ${list}`
        : `this shell provides ${provided.name} ${provided.version}, older than current remote releases need: ${list}`,
    );
  }
  if (shell.federation) {
    for (const { area, facts } of remotes) {
      if (facts.federation)
        problems.push(...federationSkewWithShell(facts.federation, shell.federation).map((problem) => `${areaPackage(area)}: ${problem}`));
    }
  }
  return problems;
}

async function readJsonFile<T>(store: ReleaseStore, area: ReleaseArea, id: string, file: string): Promise<T | null> {
  const bytes = await store.read(area, id, file);
  if (!bytes) return null;
  try {
    return JSON.parse(bytes.toString('utf8')) as T;
  } catch {
    return null;
  }
}

/** The facts of a stored release, from its federation manifest and build-info.json. */
export async function storedBuildFacts(store: ReleaseStore, area: ReleaseArea, id: string): Promise<BuildFacts> {
  const manifest = await readJsonFile<FederationManifest>(store, area, id, FEDERATION_MANIFEST_FILE);
  const info = await store.read(area, id, BUILD_INFO_FILE);
  const built = info ? parseBuildInfo(info.toString('utf8')) : null;
  return { ...(manifest ? { shared: manifest.shared } : {}), ...(built ? { federation: built.federation } : {}) };
}

/**
 * What must hold of a stored remote release before the site may point at it, checked where browsers will read
 * it: the entry and the federation manifest answer, every page the route table gives this remote is exposed,
 * every file of every exposed module and shared fallback is there, and (when the served shell's facts are at
 * hand) the shell provides the shared versions it needs and was built with the same federation major and minor.
 */
async function remoteFileCheck(store: ReleaseStore, remote: RemoteName, id: string, shell: BuildFacts): Promise<string[]> {
  const problems: string[] = [];
  if (shell.federation) {
    const buildInfo = await store.read(remote, id, BUILD_INFO_FILE);
    const built = buildInfo ? parseBuildInfo(buildInfo.toString('utf8')) : null;
    if (!built) problems.push(`${BUILD_INFO_FILE} is missing or unreadable: the release does not say which federation version built it`);
    else problems.push(...federationSkewWithShell(built.federation, shell.federation));
  }
  const entry = await store.read(remote, id, REMOTE_ENTRY_FILE);
  if (!entry?.length) problems.push(`${REMOTE_ENTRY_FILE} is missing or empty`);
  else if (!entry.includes(remote)) problems.push(`${REMOTE_ENTRY_FILE} is not the entry of ${remote}`);
  const manifestBytes = await store.read(remote, id, FEDERATION_MANIFEST_FILE);
  const manifest = await readJsonFile<FederationManifest>(store, remote, id, FEDERATION_MANIFEST_FILE);
  if (!manifest) {
    problems.push(manifestBytes ? `${FEDERATION_MANIFEST_FILE} is not JSON` : `${FEDERATION_MANIFEST_FILE} is missing`);
    return problems;
  }
  const exposed = new Set(manifest.exposes.map((e) => e.name));
  for (const route of PAGE_ROUTES.filter((r) => r.remote === remote)) {
    if (!exposed.has(route.module)) problems.push(`the page ${route.module} (route ${route.id}) is not exposed`);
  }
  const files = new Set(
    [...manifest.exposes, ...manifest.shared].flatMap(({ assets }) => [
      ...assets.js.sync,
      ...assets.js.async,
      ...assets.css.sync,
      ...assets.css.async,
    ]),
  );
  const missing = await Promise.all([...files].map(async (file) => ((await store.read(remote, id, file)) === null ? file : null)));
  for (const file of missing) if (file) problems.push(`${file} is listed by ${FEDERATION_MANIFEST_FILE} but missing`);
  if (shell.shared) problems.push(...skewWithShell(manifest.shared, shell.shared));
  return problems;
}

/** A shell release: its page template, its chunk groups and every file they name are there. */
async function shellFileCheck(store: ReleaseStore, id: string): Promise<string[]> {
  const problems: string[] = [];
  const template = await store.read('shell', id, 'index.html');
  // The template as the minifier writes it: attribute quotes are optional.
  if (!template || !/<div id="?root"?>/.test(template.toString('utf8'))) problems.push('index.html is missing or is not the page template');
  const groups = await readJsonFile<Record<string, string[]>>(store, 'shell', id, CHUNK_GROUPS_FILE);
  if (!groups?.bootstrap) {
    problems.push(`${CHUNK_GROUPS_FILE} is missing or names no bootstrap chunk`);
    return problems;
  }
  const files = new Set(Object.values(groups).flat());
  const missing = await Promise.all([...files].map(async (file) => ((await store.read('shell', id, file)) === null ? file : null)));
  for (const file of missing) if (file) problems.push(`${file} is listed by ${CHUNK_GROUPS_FILE} but missing`);
  return problems;
}

/** The chunk groups a shell build lists (shared/build/createFederatedConfig.cjs, ChunkGroupsManifestPlugin). */
export const CHUNK_GROUPS_FILE = 'chunk-groups.json';

/**
 * The checks of files and versions a stored release must pass before the site may point at it; answers the
 * problems found. A remote is checked against `context.shell` (the shell the site serves now); a shell
 * against `context.remotes` (every remote's current release).
 */
export async function fileCheck(
  store: ReleaseStore,
  area: ReleaseArea,
  id: string,
  context: { shell?: BuildFacts; remotes?: { area: RemoteName; facts: BuildFacts }[] } = {},
): Promise<string[]> {
  if (area !== 'shell') return remoteFileCheck(store, area, id, context.shell ?? {});
  const problems = await shellFileCheck(store, id);
  return [...problems, ...shellSkewWithRemotes(await storedBuildFacts(store, 'shell', id), context.remotes ?? [])];
}
