import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/client.js';
import { listings } from '../../db/schema.js';
import { S3Bucket, type S3Settings } from '../../s3Bucket.js';

/** One stored photo, as the orphan sweep sees it. */
export interface StoredPhoto {
  /** The object's or file's name, as `put` was given it. */
  name: string;
  url: string;
  modifiedAt: Date;
}

/** Where re-encoded photos go (docs/operations.md#settings: UPLOAD_DIR, S3_BUCKET): a local folder by default. */
export interface PhotoStorage {
  /** Stores the bytes under a fresh name and answers the public URL. */
  put(name: string, data: Buffer, contentType: string): Promise<string>;
  /** Removes a photo by its public URL; a missing one is not an error. */
  remove(url: string): Promise<void>;
  /** Everything stored at the photos' level (not below it), photo or not. */
  list(): Promise<StoredPhoto[]>;
}

export const UPLOADS_PREFIX = '/uploads/';

/**
 * Chosen when a photo is sent, before anyone may delete its listing: a day in a browser, ten minutes in a
 * shared cache (the CDN), so a deleted listing's photos are gone everywhere but a visitor's own cache soon.
 */
export const PHOTO_CACHE_CONTROL = 'public, max-age=86400, s-maxage=600';

/** Names the uploads and the demo give (postForm.ts, demoPhotos.ts): nothing else in the storage is swept. */
const PHOTO_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|gif)$/;

/** Far longer than a post or an edit takes between writing its photos and writing its row. */
export const ORPHAN_AGE_MS = 60 * 60_000;

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

  async list(): Promise<StoredPhoto[]> {
    const entries = await fs.readdir(this.dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    const files = await Promise.all(
      entries
        .filter((entry) => entry.isFile())
        .map(async ({ name }) => {
          // Removed since the folder was read (an edit, a delete): nothing left to list.
          const stats = await fs.stat(path.join(this.dir, name)).catch(() => null);
          return stats ? [{ name, url: UPLOADS_PREFIX + name, modifiedAt: stats.mtime }] : [];
        }),
    );
    return files.flat();
  }
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The text of the first `<tag>` in a ListObjectsV2 answer (S3 writes no attributes or CDATA there). */
function xmlText(xml: string, tag: string): string | undefined {
  return new RegExp(`<${tag}>([^<]*)</${tag}>`)
    .exec(xml)?.[1]
    ?.replace(/&(amp|lt|gt|quot|apos);/g, (_entity, name: string) => XML_ENTITIES[name] ?? '');
}

/** Photos as objects with random names at the top of the site's bucket (releases live under `releases/`). */
export class S3PhotoStorage implements PhotoStorage {
  private readonly bucket: S3Bucket;

  constructor(settings: S3Settings) {
    this.bucket = new S3Bucket(settings);
  }

  async put(name: string, data: Buffer, contentType: string): Promise<string> {
    const response = await this.bucket.fetch(encodeURIComponent(name), {
      method: 'PUT',
      body: new Uint8Array(data),
      headers: { 'Content-Type': contentType, 'Cache-Control': PHOTO_CACHE_CONTROL },
    });
    if (!response.ok) throw new Error(`object storage refused the photo: ${response.status}`);
    return this.bucket.publicBase + encodeURIComponent(name);
  }

  async remove(url: string): Promise<void> {
    if (!url.startsWith(this.bucket.publicBase)) return;
    const response = await this.bucket.fetch(url.slice(this.bucket.publicBase.length), { method: 'DELETE' });
    if (!response.ok && response.status !== 404) throw new Error(`object storage did not delete the photo: ${response.status}`);
  }

  async list(): Promise<StoredPhoto[]> {
    const photos: StoredPhoto[] = [];
    let continuation: string | undefined;
    do {
      // The delimiter keeps the listing to the top level: `releases/` comes back as one prefix, not its files.
      const query = new URLSearchParams({
        'list-type': '2',
        delimiter: '/',
        ...(continuation ? { 'continuation-token': continuation } : {}),
      });
      const response = await this.bucket.fetch(`?${query.toString()}`);
      if (!response.ok) throw new Error(`object storage did not list the photos: ${response.status}`);
      const xml = await response.text();
      for (const [, entry = ''] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
        const name = xmlText(entry, 'Key');
        const modified = xmlText(entry, 'LastModified');
        if (name && modified) photos.push({ name, url: this.bucket.publicBase + encodeURIComponent(name), modifiedAt: new Date(modified) });
      }
      continuation = xmlText(xml, 'IsTruncated') === 'true' ? xmlText(xml, 'NextContinuationToken') : undefined;
    } while (continuation);
    return photos;
  }
}

/** The name a photo URL was stored under, whichever storage or public address wrote the URL. */
function photoNameOf(url: string): string {
  return decodeURIComponent(url.slice(url.lastIndexOf('/') + 1));
}

/**
 * Removes stored photos that no listing shows once they are `ORPHAN_AGE_MS` old: a process killed between
 * writing a post's photos and its row, a removal that failed. A deleted listing shows nothing. Photos are
 * matched by name, so a listing written under another public URL (a CDN added since) keeps its photos.
 * Answers the URLs removed.
 */
export async function sweepOrphanPhotos(db: Database, storage: PhotoStorage, now = new Date()): Promise<string[]> {
  const old = (await storage.list()).filter(
    (photo) => PHOTO_NAME.test(photo.name) && now.getTime() - photo.modifiedAt.getTime() >= ORPHAN_AGE_MS,
  );
  if (old.length === 0) return [];
  const shown = rowsOf<{ url: string }>(
    await db.execute(
      sql`select distinct jsonb_array_elements_text(${listings.images}) as url from ${listings} where ${listings.status} <> 'deleted'`,
    ),
  );
  const shownNames = new Set(shown.map(({ url }) => photoNameOf(url)));
  const orphans = old.filter((photo) => !shownNames.has(photo.name));
  for (const orphan of orphans) await storage.remove(orphan.url);
  return orphans.map((orphan) => orphan.url);
}
