import fs from 'node:fs';
import path from 'node:path';
import { REMOTES, type RemoteName } from '@tasko/shared/domain';
import { BUILD_INFO_FILE, FEDERATION_MANIFEST_FILE, parseBuildInfo, type BuildInfo, type FederationManifest } from '../../releases/releases.js';


// A content hash in the name, served as is or precompressed (`.br`, `.gz`: what browsers ask for).
const HASHED_FILE = /\.[0-9a-f]{8}\.(js|css|png|svg|jpg|webp)(\.(br|gz))?$/;

/** Hashed names never change content; entries and manifests must be revalidated so a new build is seen. */
export function cacheControlOf(file: string): string {
  return HASHED_FILE.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** What the server knows of one build on disk: its folder, and the files to preload per page. */
export interface BuiltPackage {
  dir: string;
  isBuilt: boolean;
  /** The shell's index.html (the page template); null for a remote or when not built. */
  indexHtml: string | null;
  manifest: FederationManifest | null;
  /** Its build-info.json: the federation version it was built with; null for a build made before it was written. */
  buildInfo: BuildInfo | null;
  chunkGroups: Record<string, string[]>;
  /** The CSS of the shell's bootstrap chunk (its frame: header, footer, loading state), file by file. */
  frameStyles: { file: string; css: string }[];
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

export function readBuild(dir: string): BuiltPackage {
  const indexFile = path.join(dir, 'index.html');
  const isBuilt = fs.existsSync(indexFile);
  const chunkGroups = readJson<Record<string, string[]>>(path.join(dir, 'chunk-groups.json')) ?? {};
  return {
    dir,
    isBuilt,
    indexHtml: isBuilt ? fs.readFileSync(indexFile, 'utf8') : null,
    manifest: readJson<FederationManifest>(path.join(dir, FEDERATION_MANIFEST_FILE)),
    buildInfo: fs.existsSync(path.join(dir, BUILD_INFO_FILE)) ? parseBuildInfo(fs.readFileSync(path.join(dir, BUILD_INFO_FILE), 'utf8')) : null,
    chunkGroups,
    frameStyles: (chunkGroups.bootstrap ?? [])
      .filter((file) => file.endsWith('.css') && fs.existsSync(path.join(dir, file)))
      .map((file) => ({ file, css: fs.readFileSync(path.join(dir, file), 'utf8') })),
  };
}

export function packageDistDir(distRoot: string, folder: string): string {
  return path.join(distRoot, folder, 'dist');
}

export function remoteDistDir(distRoot: string, remote: RemoteName): string {
  return packageDistDir(distRoot, `mfe-${REMOTES[remote].folder}`);
}

/**
 * The shell's first-load files: its bootstrap chunk, what it loads for each singleton it provides, one
 * language, and the API client (axios, a chunk of its own) when the page asks the API at once.
 */
export function shellPreloads(shell: BuiltPackage, language: string, publicPath: string, { asksApi = false } = {}): string[] {
  const files = [
    ...(shell.chunkGroups.bootstrap ?? []),
    ...Object.entries(shell.chunkGroups).flatMap(([group, groupFiles]) => (group.startsWith('provided:') ? groupFiles : [])),
    ...(shell.chunkGroups[`locale-${language}-common-json`] ?? []),
    ...(asksApi ? (shell.chunkGroups['http-client'] ?? []) : []),
  ];
  return [...new Set(files)].map((f) => publicPath + f);
}

/** A remote page's files: the exposed module's own chunks (its shared fallbacks are not needed). */
export function exposedModulePreloads(remote: Pick<BuiltPackage, 'manifest'>, module: string, baseUrl: string): string[] {
  const exposed = remote.manifest?.exposes.find((e) => e.name === module || e.path === `./${module}`);
  if (!exposed) return [];
  return [...exposed.assets.js.sync, ...exposed.assets.css.sync].map((f) => baseUrl + f);
}

function mtimeOf(file: string): number {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * A build that may be redeployed while the server runs (a remote is deployed on its own): read again
 * whenever its manifest changes, so preload hints never point at the previous build's chunks.
 */
export function liveBuild(dir: string): () => BuiltPackage {
  let seen = -1;
  let build = readBuild(dir);
  return () => {
    const mtime = mtimeOf(path.join(dir, FEDERATION_MANIFEST_FILE));
    if (mtime !== seen) {
      seen = mtime;
      build = readBuild(dir);
    }
    return build;
  };
}
