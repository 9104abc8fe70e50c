import fs from 'node:fs/promises';
import path from 'node:path';
import { S3Bucket, type S3Settings } from '../../s3Bucket.js';

/** Where re-encoded photos go (ARCHITECTURE "Uploads"): a local folder by default. */
export interface PhotoStorage {
  /** Stores the bytes under a fresh name and answers the public URL. */
  put(name: string, data: Buffer, contentType: string): Promise<string>;
  /** Removes a photo by its public URL; a missing one is not an error. */
  remove(url: string): Promise<void>;
}

export const UPLOADS_PREFIX = '/uploads/';

export class LocalPhotoStorage implements PhotoStorage {
  constructor(private readonly dir: string) {}

  async put(name: string, data: Buffer): Promise<string> {
    await fs.mkdir(this.dir, { recursive: true });
    await fs.writeFile(path.join(this.dir, name), data, { flag: 'wx' });
    return UPLOADS_PREFIX + name;
  }

  async remove(url: string): Promise<void> {
    if (!url.startsWith(UPLOADS_PREFIX)) return;
    const name = path.basename(url);
    await fs.rm(path.join(this.dir, name), { force: true });
  }
}

/** Photos as immutable objects with random names, in the site's bucket. */
export class S3PhotoStorage implements PhotoStorage {
  private readonly bucket: S3Bucket;

  constructor(settings: S3Settings) {
    this.bucket = new S3Bucket(settings);
  }

  async put(name: string, data: Buffer, contentType: string): Promise<string> {
    const response = await this.bucket.fetch(encodeURIComponent(name), {
      method: 'PUT',
      body: new Uint8Array(data),
      headers: { 'Content-Type': contentType, 'Cache-Control': 'public, max-age=31536000, immutable' },
    });
    if (!response.ok) throw new Error(`object storage refused the photo: ${response.status}`);
    return this.bucket.publicBase + encodeURIComponent(name);
  }

  async remove(url: string): Promise<void> {
    if (!url.startsWith(this.bucket.publicBase)) return;
    const response = await this.bucket.fetch(url.slice(this.bucket.publicBase.length), { method: 'DELETE' });
    if (!response.ok && response.status !== 404) throw new Error(`object storage did not delete the photo: ${response.status}`);
  }
}
