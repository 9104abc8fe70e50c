import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { SITE_RELEASES_PATH, siteFileOf, type ReleaseArea } from '@tasko/shared/domain';
import type { AppConfig } from '../config.js';
import { S3Bucket } from '../s3Bucket.js';
import { cacheControlOf } from '../plugins/site/assets.js';
import {
  areaFolder,
  EMPTY_MANIFEST,
  isBuildId,
  parseManifest,
  type ManifestRead,
  type ReleaseManifest,
  type ReleaseStore,
} from './releases.js';

const MANIFEST_FILE = 'manifest.json';
/** Where the site serves local releases: /mfe/releases/<folder>/<build id>/… */
export const LOCAL_RELEASES_PREFIX = SITE_RELEASES_PATH;

/** Every file under a folder, as paths relative to it with forward slashes. */
export function filesUnder(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((name) => fs.statSync(path.join(dir, name)).isFile())
    .map((name) => name.split(path.sep).join('/'));
}

/** A lock older than this was left by a writer that died: it is broken. A manifest write takes milliseconds. */
const STALE_LOCK_MS = 30_000;
const LOCK_WAIT_MS = 5_000;

/**
 * Holds the manifest's lock file for one write: created exclusively (O_EXCL), so two writers on this machine
 * or on a shared volume never both hold it.
 */
async function withLock<T>(lockFile: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      const handle = await fsp.open(lockFile, 'wx');
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const stat = await fsp.stat(lockFile).catch(() => null);
      if (stat && Date.now() - stat.mtimeMs > STALE_LOCK_MS) await fsp.rm(lockFile, { force: true });
      else if (Date.now() - started > LOCK_WAIT_MS)
        throw new Error(`the release manifest's lock ${lockFile} is held by another writer: try again`);
      else await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 20));
    }
  }
  try {
    return await work();
  } finally {
    await fsp.rm(lockFile, { force: true });
  }
}

/** RELEASES_DIR (DATA_DIR/releases): one folder per area and build, and the manifest beside them. */
export class LocalReleaseStore implements ReleaseStore {
  constructor(readonly location: string) {}

  get manifestFile(): string {
    return path.join(this.location, MANIFEST_FILE);
  }

  /** A path under this folder that is a release's file (`/<folder>/<build id>/…`): its folder and id, else null. */
  releaseOfPath(relativePath: string): { folder: string; id: string } | null {
    const file = siteFileOf(SITE_RELEASES_PATH + relativePath.replace(/^\//, ''));
    return file?.releaseId && isBuildId(file.releaseId) ? { folder: file.folder, id: file.releaseId } : null;
  }

  releaseDir(area: ReleaseArea, id: string): string {
    return path.join(this.location, areaFolder(area), id);
  }

  async readManifest(): Promise<ManifestRead> {
    try {
      const manifest = parseManifest(await fsp.readFile(this.manifestFile, 'utf8'));
      return { manifest, tag: String(manifest.version) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { manifest: EMPTY_MANIFEST, tag: null };
      throw error;
    }
  }

  async writeManifestIf(manifest: ReleaseManifest, tag: string | null): Promise<boolean> {
    await fsp.mkdir(this.location, { recursive: true });
    return withLock(`${this.manifestFile}.lock`, async () => {
      // Under the lock, the version compare: a writer that read an older manifest must read again.
      if ((await this.readManifest()).tag !== tag) return false;
      // Written aside and renamed: a server reading at that moment sees the old manifest or the new, never half.
      const draft = `${this.manifestFile}.${process.pid}.tmp`;
      await fsp.writeFile(draft, `${JSON.stringify(manifest, null, 2)}\n`);
      await fsp.rename(draft, this.manifestFile);
      return true;
    });
  }

  async upload(area: ReleaseArea, id: string, builtDir: string): Promise<void> {
    const target = this.releaseDir(area, id);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.cp(builtDir, target, { recursive: true, errorOnExist: true, force: false });
  }

  async remove(area: ReleaseArea, id: string): Promise<void> {
    await fsp.rm(this.releaseDir(area, id), { recursive: true, force: true });
  }

  async read(area: ReleaseArea, id: string, file: string): Promise<Buffer | null> {
    const dir = this.releaseDir(area, id);
    const target = path.resolve(dir, file);
    if (!target.startsWith(dir + path.sep)) return null;
    try {
      return await fsp.readFile(target);
    } catch {
      return null;
    }
  }

  baseUrl(area: ReleaseArea, id: string): string {
    return `${LOCAL_RELEASES_PREFIX}${areaFolder(area)}/${id}/`;
  }
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
};

/** What a release's file is, for a bucket (which sends the type it was given) or a test's stand-in server. */
export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream';
}

/** The bucket's `releases/` prefix, apart from the photos: the same layout as the local folder. */
export class S3ReleaseStore implements ReleaseStore {
  readonly location: string;

  constructor(
    private readonly bucket: S3Bucket,
    private readonly prefix = 'releases/',
  ) {
    this.location = bucket.base + prefix;
  }

  private key(area: ReleaseArea, id: string, file: string): string {
    return `${this.prefix}${areaFolder(area)}/${id}/${file.split('/').map(encodeURIComponent).join('/')}`;
  }

  async readManifest(): Promise<ManifestRead> {
    const response = await this.bucket.fetch(this.prefix + MANIFEST_FILE);
    if (response.status === 404) return { manifest: EMPTY_MANIFEST, tag: null };
    if (!response.ok) throw new Error(`object storage did not answer the release manifest: ${response.status}`);
    const tag = response.headers.get('etag');
    if (!tag) throw new Error('object storage answered the release manifest without an ETag: its writes cannot be conditional');
    return { manifest: parseManifest(await response.text()), tag };
  }

  /** A conditional write: If-Match the ETag read (If-None-Match: * when there was none); 412 means another write came first. */
  async writeManifestIf(manifest: ReleaseManifest, tag: string | null): Promise<boolean> {
    const response = await this.bucket.fetch(this.prefix + MANIFEST_FILE, {
      method: 'PUT',
      body: JSON.stringify(manifest, null, 2),
      headers: {
        'Content-Type': contentTypeOf(MANIFEST_FILE),
        'Cache-Control': cacheControlOf(MANIFEST_FILE),
        ...(tag === null ? { 'If-None-Match': '*' } : { 'If-Match': tag }),
      },
    });
    if (response.status === 412 || response.status === 409) return false;
    if (!response.ok) throw new Error(`object storage refused the release manifest: ${response.status}`);
    return true;
  }

  private async keysOf(area: ReleaseArea, id: string): Promise<string[]> {
    const prefix = `${this.prefix}${areaFolder(area)}/${id}/`;
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const query = new URLSearchParams({ 'list-type': '2', prefix, ...(token ? { 'continuation-token': token } : {}) });
      const response = await this.bucket.fetch(`?${query.toString()}`);
      if (!response.ok) throw new Error(`object storage did not list ${prefix}: ${response.status}`);
      const xml = await response.text();
      keys.push(...[...xml.matchAll(/<Key>([^<]+)<\/Key>/g)].map((match) => decodeXml(match[1] ?? '')));
      token = /<IsTruncated>true<\/IsTruncated>/.test(xml)
        ? decodeXml(/<NextContinuationToken>([^<]+)</.exec(xml)?.[1] ?? '') || undefined
        : undefined;
    } while (token);
    return keys;
  }

  async remove(area: ReleaseArea, id: string): Promise<void> {
    for (const key of await this.keysOf(area, id)) {
      const response = await this.bucket.fetch(key.split('/').map(encodeURIComponent).join('/'), { method: 'DELETE' });
      if (!response.ok && response.status !== 404) throw new Error(`object storage refused to delete ${key}: ${response.status}`);
    }
  }

  async upload(area: ReleaseArea, id: string, builtDir: string): Promise<void> {
    // Only the plain files: a bucket sends what it holds and does not choose between .br and .gz.
    const files = filesUnder(builtDir).filter((file) => !/\.(br|gz)$/.test(file));
    const queue = [...files];
    const upload = async () => {
      for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
        const response = await this.bucket.fetch(this.key(area, id, file), {
          method: 'PUT',
          body: new Uint8Array(await fsp.readFile(path.join(builtDir, file))),
          headers: {
            'Content-Type': contentTypeOf(file),
            'Cache-Control': cacheControlOf(file),
          },
        });
        if (!response.ok) throw new Error(`object storage refused ${file}: ${response.status}`);
      }
    };
    await Promise.all(Array.from({ length: 4 }, upload));
  }

  async read(area: ReleaseArea, id: string, file: string): Promise<Buffer | null> {
    const response = await this.bucket.fetch(this.key(area, id, file));
    if (response.status === 404 || response.status === 403) return null;
    if (!response.ok) throw new Error(`object storage did not answer ${file}: ${response.status}`);
    return Buffer.from(await response.arrayBuffer());
  }

  baseUrl(area: ReleaseArea, id: string): string {
    return `${this.bucket.publicBase}${this.prefix}${areaFolder(area)}/${id}/`;
  }
}

const decodeXml = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'");

/** The store the configuration names: the bucket when S3_BUCKET is set, else RELEASES_DIR. */
export function releaseStoreFor(config: Pick<AppConfig, 's3' | 'releasesDir'>): ReleaseStore {
  return config.s3 ? new S3ReleaseStore(new S3Bucket(config.s3)) : new LocalReleaseStore(config.releasesDir);
}
