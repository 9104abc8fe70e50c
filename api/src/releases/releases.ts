import { PAGE_ROUTES, REMOTE_ENTRY_FILE, REMOTES, type RemoteName } from '@tasko/shared/domain';

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
 * Which release of each remote the site points at (ARCHITECTURE "Releases"): per remote, the releases
 * pointed at in turn, the current one last. A rollback takes the last one off; its files stay.
 */
export interface ReleaseManifest {
  remotes: Partial<Record<RemoteName, { releases: { id: string; at: string }[] }>>;
}

export const EMPTY_MANIFEST: ReleaseManifest = { remotes: {} };

/** Where releases live: DATA_DIR/releases locally, the bucket's `releases/` prefix with S3_BUCKET set. */
export interface ReleaseStore {
  /** For messages: the folder or bucket URL. */
  readonly location: string;
  readManifest(): Promise<ReleaseManifest>;
  writeManifest(manifest: ReleaseManifest): Promise<void>;
  /** Copies every file of a built remote under `<folder>/<id>/`, next to the earlier releases. */
  upload(remote: RemoteName, id: string, builtDir: string): Promise<void>;
  /** A file of a stored release, or null when it is not there. */
  read(remote: RemoteName, id: string, file: string): Promise<Buffer | null>;
  /** Where browsers load the release's entry from. */
  entryUrl(remote: RemoteName, id: string): string;
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

export function currentRelease(manifest: ReleaseManifest, remote: RemoteName): string | null {
  return manifest.remotes[remote]?.releases.at(-1)?.id ?? null;
}

/** Reads a stored manifest, refusing anything that is not one (a half-written or foreign file). */
export function parseManifest(text: string): ReleaseManifest {
  const data = JSON.parse(text) as unknown;
  const remotes = (data as { remotes?: unknown } | null)?.remotes;
  if (typeof remotes !== 'object' || remotes === null) throw new ReleaseError('the release manifest has no "remotes"');
  const manifest: ReleaseManifest = { remotes: {} };
  for (const [name, entry] of Object.entries(remotes as Record<string, unknown>)) {
    if (!(name in REMOTES)) throw new ReleaseError(`the release manifest names an unknown remote: ${name}`);
    const releases = (entry as { releases?: unknown } | null)?.releases;
    if (!Array.isArray(releases) || !releases.every((r: { id?: unknown; at?: unknown }) => typeof r.id === 'string' && isBuildId(r.id) && typeof r.at === 'string')) {
      throw new ReleaseError(`the release manifest's entry for ${name} is not a list of releases`);
    }
    manifest.remotes[name as RemoteName] = { releases: releases as { id: string; at: string }[] };
  }
  return manifest;
}

export function withRelease(manifest: ReleaseManifest, remote: RemoteName, id: string, at: Date): ReleaseManifest {
  const releases = [...(manifest.remotes[remote]?.releases ?? []), { id, at: at.toISOString() }];
  return { remotes: { ...manifest.remotes, [remote]: { releases } } };
}

export function withoutCurrent(manifest: ReleaseManifest, remote: RemoteName): ReleaseManifest {
  const releases = manifest.remotes[remote]?.releases ?? [];
  if (releases.length < 2) {
    throw new ReleaseError(
      releases.length === 0
        ? `${remote} has no release: the site serves its build in mfe-${REMOTES[remote].folder}/dist`
        : `${remote} has only one release (${releases[0]?.id}): there is no earlier one to roll back to`,
    );
  }
  return { remotes: { ...manifest.remotes, [remote]: { releases: releases.slice(0, -1) } } };
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

/** What the site's shell was built with, for the checks of a remote's release; each one unknown when the shell is not built here. */
export interface ShellBuild {
  shared?: FederationManifest['shared'];
  federation?: BuildInfo['federation'];
}

/**
 * What must hold before the site points at a release, checked where browsers will read it: the entry and
 * the federation manifest answer, every page the route table gives this remote is exposed, every file of
 * every exposed module is there, and (when the shell's build is at hand) the shell provides the versions
 * of the shared core it needs and was built with the same federation major and minor. Answers the problems
 * found; none means the release may go live.
 */
export async function smokeCheck(store: ReleaseStore, remote: RemoteName, id: string, shell: ShellBuild = {}): Promise<string[]> {
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
  let manifest: FederationManifest | null = null;
  try {
    manifest = manifestBytes ? (JSON.parse(manifestBytes.toString('utf8')) as FederationManifest) : null;
  } catch {
    problems.push(`${FEDERATION_MANIFEST_FILE} is not JSON`);
  }
  if (!manifest) {
    if (!manifestBytes) problems.push(`${FEDERATION_MANIFEST_FILE} is missing`);
    return problems;
  }
  const exposed = new Set(manifest.exposes.map((e) => e.name));
  for (const route of PAGE_ROUTES.filter((r) => r.remote === remote)) {
    if (!exposed.has(route.module)) problems.push(`the page ${route.module} (route ${route.id}) is not exposed`);
  }
  const files = new Set(manifest.exposes.flatMap(({ assets }) => [...assets.js.sync, ...assets.js.async, ...assets.css.sync, ...assets.css.async]));
  const missing = await Promise.all([...files].map(async (file) => ((await store.read(remote, id, file)) === null ? file : null)));
  for (const file of missing) if (file) problems.push(`${file} is listed by ${FEDERATION_MANIFEST_FILE} but missing`);
  if (shell.shared) problems.push(...skewWithShell(manifest.shared, shell.shared));
  return problems;
}

/**
 * Stores a built remote as a new release and points the site at it, unless its smoke check fails: then the
 * files stay (harmless, never pointed at) and the site keeps its current release.
 */
export async function publishRelease(
  store: ReleaseStore,
  remote: RemoteName,
  builtDir: string,
  id: string,
  options: { shell?: ShellBuild; now?: Date } = {},
): Promise<void> {
  await store.upload(remote, id, builtDir);
  const problems = await smokeCheck(store, remote, id, options.shell);
  if (problems.length) throw new ReleaseError(`the smoke check of ${remote} ${id} failed, the site still points at the previous release:\n- ${problems.join('\n- ')}`);
  // Read just before writing: another release of another remote may have landed meanwhile.
  await store.writeManifest(withRelease(await store.readManifest(), remote, id, options.now ?? new Date()));
}

/** Points the site back at the release before the current one; answers that release's id. */
export async function rollbackRelease(store: ReleaseStore, remote: RemoteName): Promise<string> {
  const manifest = withoutCurrent(await store.readManifest(), remote);
  await store.writeManifest(manifest);
  return currentRelease(manifest, remote) ?? '';
}
