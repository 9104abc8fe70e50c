import fs from 'node:fs/promises';
import path from 'node:path';

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

export interface S3Settings {
  /** e.g. https://s3.eu-central-1.amazonaws.com, or a MinIO / R2 endpoint. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where browsers fetch the photos (a CDN in front of the bucket); default: the bucket's own URL. */
  publicUrl?: string;
}

/**
 * S3-compatible object storage (AWS S3, MinIO, Cloudflare R2, …), path-style URLs, requests signed with
 * AWS Signature V4. Photos are immutable objects with random names.
 */
export class S3PhotoStorage implements PhotoStorage {
  private readonly base: string;
  private readonly publicBase: string;
  private client: Promise<import('aws4fetch').AwsClient> | undefined;

  constructor(private readonly settings: S3Settings) {
    this.base = `${settings.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(settings.bucket)}/`;
    this.publicBase = settings.publicUrl ? `${settings.publicUrl.replace(/\/+$/, '')}/` : this.base;
  }

  private signer() {
    this.client ??= import('aws4fetch').then(
      ({ AwsClient }) =>
        new AwsClient({
          accessKeyId: this.settings.accessKeyId,
          secretAccessKey: this.settings.secretAccessKey,
          region: this.settings.region,
          service: 's3',
          // A couple of quick retries for a flaky moment; a visitor is waiting on this request.
          retries: 2,
          initRetryMs: 50,
        }),
    );
    return this.client;
  }

  async put(name: string, data: Buffer, contentType: string): Promise<string> {
    const response = await (await this.signer()).fetch(this.base + encodeURIComponent(name), {
      method: 'PUT',
      body: new Uint8Array(data),
      headers: { 'Content-Type': contentType, 'Cache-Control': 'public, max-age=31536000, immutable' },
    });
    if (!response.ok) throw new Error(`object storage refused the photo: ${response.status}`);
    return this.publicBase + encodeURIComponent(name);
  }

  async remove(url: string): Promise<void> {
    if (!url.startsWith(this.publicBase)) return;
    const name = url.slice(this.publicBase.length);
    const response = await (await this.signer()).fetch(this.base + name, { method: 'DELETE' });
    if (!response.ok && response.status !== 404) throw new Error(`object storage did not delete the photo: ${response.status}`);
  }
}
