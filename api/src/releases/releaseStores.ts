import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { REMOTES, type RemoteName } from '@tasko/shared/domain';
import type { AppConfig } from '../config.js';
import { S3Bucket } from '../s3Bucket.js';
import { cacheControlOf } from '../plugins/site/assets.js';
import { EMPTY_MANIFEST, isBuildId, parseManifest, type ReleaseManifest, type ReleaseStore } from './releases.js';

const MANIFEST_FILE = 'manifest.json';
/** Where the site serves local releases: /mfe/releases/<folder>/<build id>/… */
export const LOCAL_RELEASES_PREFIX = '/mfe/releases/';

/** Every file under a folder, as paths relative to it with forward slashes. */
function filesUnder(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((name) => fs.statSync(path.join(dir, name)).isFile())
    .map((name) => name.split(path.sep).join('/'));
}

/** DATA_DIR/releases: one folder per remote and build, and the manifest beside them. */
export class LocalReleaseStore implements ReleaseStore {
  constructor(readonly location: string) {}

  get manifestFile(): string {
    return path.join(this.location, MANIFEST_FILE);
  }

  /** A path under this folder that is a release's file (`/<folder>/<build id>/…`), not the manifest beside them. */
  isReleaseFile(relativePath: string): boolean {
    return isBuildId(relativePath.split('/')[2] ?? '');
  }

  releaseDir(remote: RemoteName, id: string): string {
    return path.join(this.location, REMOTES[remote].folder, id);
  }

  async readManifest(): Promise<ReleaseManifest> {
    try {
      return parseManifest(await fsp.readFile(this.manifestFile, 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return EMPTY_MANIFEST;
      throw error;
    }
  }

  async writeManifest(manifest: ReleaseManifest): Promise<void> {
    await fsp.mkdir(this.location, { recursive: true });
    // Written aside and renamed: a server reading at that moment sees the old manifest or the new, never half.
    const draft = `${this.manifestFile}.${process.pid}.tmp`;
    await fsp.writeFile(draft, `${JSON.stringify(manifest, null, 2)}\n`);
    await fsp.rename(draft, this.manifestFile);
  }

  async upload(remote: RemoteName, id: string, builtDir: string): Promise<void> {
    const target = this.releaseDir(remote, id);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.cp(builtDir, target, { recursive: true, errorOnExist: true, force: false });
  }

  async read(remote: RemoteName, id: string, file: string): Promise<Buffer | null> {
    const dir = this.releaseDir(remote, id);
    const target = path.resolve(dir, file);
    if (!target.startsWith(dir + path.sep)) return null;
    try {
      return await fsp.readFile(target);
    } catch {
      return null;
    }
  }

  entryUrl(remote: RemoteName, id: string): string {
    return `${LOCAL_RELEASES_PREFIX}${REMOTES[remote].folder}/${id}/remoteEntry.js`;
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

  private key(remote: RemoteName, id: string, file: string): string {
    return `${this.prefix}${REMOTES[remote].folder}/${id}/${file.split('/').map(encodeURIComponent).join('/')}`;
  }

  async readManifest(): Promise<ReleaseManifest> {
    const response = await this.bucket.fetch(this.prefix + MANIFEST_FILE);
    if (response.status === 404) return EMPTY_MANIFEST;
    if (!response.ok) throw new Error(`object storage did not answer the release manifest: ${response.status}`);
    return parseManifest(await response.text());
  }

  async writeManifest(manifest: ReleaseManifest): Promise<void> {
    const response = await this.bucket.fetch(this.prefix + MANIFEST_FILE, {
      method: 'PUT',
      body: JSON.stringify(manifest, null, 2),
      headers: { 'Content-Type': contentTypeOf(MANIFEST_FILE), 'Cache-Control': cacheControlOf(MANIFEST_FILE) },
    });
    if (!response.ok) throw new Error(`object storage refused the release manifest: ${response.status}`);
  }

  async upload(remote: RemoteName, id: string, builtDir: string): Promise<void> {
    // Only the plain files: a bucket sends what it holds and does not choose between .br and .gz.
    const files = filesUnder(builtDir).filter((file) => !/\.(br|gz)$/.test(file));
    const queue = [...files];
    const upload = async () => {
      for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
        const response = await this.bucket.fetch(this.key(remote, id, file), {
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

  async read(remote: RemoteName, id: string, file: string): Promise<Buffer | null> {
    const response = await this.bucket.fetch(this.key(remote, id, file));
    if (response.status === 404 || response.status === 403) return null;
    if (!response.ok) throw new Error(`object storage did not answer ${file}: ${response.status}`);
    return Buffer.from(await response.arrayBuffer());
  }

  entryUrl(remote: RemoteName, id: string): string {
    return `${this.bucket.publicBase}${this.prefix}${REMOTES[remote].folder}/${id}/remoteEntry.js`;
  }
}

/** The store the configuration names: the bucket when S3_BUCKET is set, else DATA_DIR/releases. */
export function releaseStoreFor(config: Pick<AppConfig, 's3' | 'dataDir'>): ReleaseStore {
  return config.s3 ? new S3ReleaseStore(new S3Bucket(config.s3)) : new LocalReleaseStore(path.join(config.dataDir, 'releases'));
}
