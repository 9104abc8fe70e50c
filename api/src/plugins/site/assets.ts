import fs from 'node:fs';
import path from 'node:path';
import { REMOTES, type RemoteName } from '@tasko/shared/domain';
import {
  BUILD_INFO_FILE,
  CHUNK_GROUPS_FILE,
  FEDERATION_MANIFEST_FILE,
  parseBuildInfo,
  type BuildInfo,
  type FederationManifest,
} from '../../releases/releases.js';

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

function parseJson<T>(text: string | null): T | null {
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** The files a server reads of a build: its page template, chunk groups, manifests and first-paint styles. */
export const BUILD_FILES = ['index.html', CHUNK_GROUPS_FILE, FEDERATION_MANIFEST_FILE, BUILD_INFO_FILE] as const;

/** A build from its files, wherever they are read from: `readText(file)` answers null for a file it lacks. */
export function parseBuild(dir: string, readText: (file: string) => string | null): BuiltPackage {
  const indexHtml = readText('index.html');
  const chunkGroups = parseJson<Record<string, string[]>>(readText(CHUNK_GROUPS_FILE)) ?? {};
  const buildInfo = readText(BUILD_INFO_FILE);
  return {
    dir,
    isBuilt: indexHtml !== null,
    indexHtml,
    manifest: parseJson<FederationManifest>(readText(FEDERATION_MANIFEST_FILE)),
    buildInfo: buildInfo === null ? null : parseBuildInfo(buildInfo),
    chunkGroups,
    frameStyles: frameStyleFiles(chunkGroups).flatMap((file) => {
      const css = readText(file);
      return css === null ? [] : [{ file, css }];
    }),
  };
}

/** The CSS files of the shell's bootstrap chunk: written into every page for its first paint. */
export function frameStyleFiles(chunkGroups: Record<string, string[]>): string[] {
  return (chunkGroups.bootstrap ?? []).filter((file) => file.endsWith('.css'));
}

export function readBuild(dir: string): BuiltPackage {
  return parseBuild(dir, (file) => {
    try {
      return fs.readFileSync(path.join(dir, file), 'utf8');
    } catch {
      return null;
    }
  });
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
