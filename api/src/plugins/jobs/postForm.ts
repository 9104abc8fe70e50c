import crypto from 'node:crypto';
import os from 'node:os';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { LIMITS } from '@tasko/shared/domain';
import { fieldErrorsOf, postSchema, type Post } from '@tasko/shared/validation';
import { decodeListingForm } from '@tasko/shared/listingWire';
import { placeById } from '../places/places.js';
import { ApiProblem } from '../errors/errors.plugin.js';
import { WorkQueue } from './workQueue.js';

export interface ProcessedPhoto {
  name: string;
  data: Buffer;
  contentType: string;
}

export interface PostForm {
  post: Post;
  photos: ProcessedPhoto[];
  /** PUT only: the listing's current photos to keep (all of them when absent). */
  keepImages: string[] | null;
  /** A digest of the fields and photos as sent: the same post under the same Idempotency-Key has the same one. */
  fingerprint: string;
}

/** Fields in name order and each photo's digest in the order sent: a new multipart boundary changes nothing. */
function fingerprintOf(fields: Record<string, string>, files: Buffer[]): string {
  const hash = crypto.createHash('sha256');
  hash.update(JSON.stringify(Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
  for (const file of files) hash.update(crypto.createHash('sha256').update(file).digest());
  return hash.digest('base64url');
}

const MAX_EDGE = 1600;
const OUTPUT: Record<string, { ext: string; contentType: string; encode: (s: Sharp) => Sharp }> = {
  jpg: { ext: 'jpg', contentType: 'image/jpeg', encode: (s) => s.jpeg({ quality: 82, mozjpeg: true }) },
  png: { ext: 'png', contentType: 'image/png', encode: (s) => s.png({ compressionLevel: 9 }) },
  gif: { ext: 'gif', contentType: 'image/gif', encode: (s) => s.gif() },
};

/** Past this, even one frame costs too much to decode (120 MB of pixels and more); a phone’s photo is well under it. */
export const MAX_PHOTO_PIXELS = 40_000_000;

/**
 * Photos being re-encoded at once, across every request: one per core. sharp already works off the event
 * loop; this keeps uploads from taking more cores than there are, and the wait counts against the budget.
 */
const photoWork = new WorkQueue(os.availableParallelism());

const unsupportedImage = () => new ApiProblem(415, 'unsupportedImageType', { photos: 'unsupportedImageType' });
const uploadTimeout = () => new ApiProblem(503, 'uploadTimeout');

/** An animation's size is that of one frame: only the first is ever decoded. */
function pixelsOf(metadata: Metadata): number {
  return (metadata.width ?? 0) * (metadata.pageHeight ?? metadata.height ?? 0);
}

/**
 * Re-encodes a photo whose type the bytes decide (never the name or header): its first frame only, resized to
 * at most 1600 px, turned upright, and written anew, so no metadata (EXIF GPS above all) survives. libvips
 * gives up after `timeoutSeconds`, so work nobody waits for any more does not hold a core for long.
 */
export async function reencodePhoto(bytes: Buffer, timeoutSeconds: number): Promise<ProcessedPhoto> {
  const detected = await fileTypeFromBuffer(bytes);
  const output = detected ? OUTPUT[detected.ext] : undefined;
  if (!output) throw unsupportedImage();
  // `pages: 1`: an animated GIF of 190 frames costs what its first frame does.
  const input = { pages: 1, limitInputPixels: MAX_PHOTO_PIXELS };
  let metadata: Metadata;
  try {
    // The header only, without libvips' limit (it would refuse as if the file were broken): the check below says why.
    metadata = await sharp(bytes, { ...input, limitInputPixels: false }).metadata();
  } catch {
    // The bytes start like an image but do not decode: as bad as the wrong type.
    throw unsupportedImage();
  }
  if (pixelsOf(metadata) > MAX_PHOTO_PIXELS) throw new ApiProblem(400, 'imageTooComplex', { photos: 'imageTooComplex' });
  let data: Buffer;
  try {
    const resized = sharp(bytes, input).rotate().resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true });
    data = await output.encode(resized).timeout({ seconds: timeoutSeconds }).toBuffer();
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('timeout')) throw uploadTimeout();
    throw unsupportedImage();
  }
  return { name: `${crypto.randomUUID()}.${output.ext}`, data, contentType: output.contentType };
}

/**
 * Every photo of one request, in the shared queue, within `budgetMs` of server time from now; past it the
 * request answers 503 `uploadTimeout`. Photos still queued are dropped, and those being encoded finish (or
 * time out) with nobody left to store them: the caller has thrown before writing anything.
 */
export async function reencodeWithinBudget(files: Buffer[], budgetMs: number): Promise<ProcessedPhoto[]> {
  if (files.length === 0) return [];
  const deadline = performance.now() + budgetMs;
  // Whole seconds (libvips' unit), at least one: the budget timer below always fires first.
  const secondsLeft = () => Math.max(1, Math.ceil((deadline - performance.now()) / 1000));
  const abandoned = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(uploadTimeout()), budgetMs);
  });
  try {
    const photos = Promise.all(files.map((file) => photoWork.run(() => reencodePhoto(file, secondsLeft()), abandoned.signal)));
    return await Promise.race([photos, expired]);
  } finally {
    clearTimeout(timer);
    // Answered either way (photos, a refused photo, or the timeout): nothing of this request is left to start.
    abandoned.abort();
  }
}

/** An edit's list of current photos to keep (JSON text), or null when absent: keep them all. */
function keptImagesOf(raw: string | undefined): string[] | null {
  if (raw === undefined) return null;
  let kept: unknown;
  try {
    kept = JSON.parse(raw);
  } catch {
    kept = undefined;
  }
  if (Array.isArray(kept) && kept.every((url) => typeof url === 'string')) return kept;
  throw new ApiProblem(400, 'invalidRequest', { keepImages: 'invalidRequest' });
}

interface MultipartError {
  code?: string;
}

/**
 * Reads the multipart post (docs/product.md#posting-a-listing): the listing contract's posted fields, decoded
 * as the form encoded them, the photos, and an edit's `keepImages`; validates them with the shared post schema.
 * Nothing is stored here: a bad field or photo, or photos past `photoBudgetMs`, throw before any write.
 */
export async function readPostForm(request: FastifyRequest, photoBudgetMs: number): Promise<PostForm> {
  if (!request.isMultipart()) throw new ApiProblem(400, 'invalidRequest');
  const fields: Record<string, string> = {};
  const files: Buffer[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (files.length >= LIMITS.maxImages) throw new ApiProblem(400, 'tooManyImages', { photos: 'tooManyImages' });
        files.push(await part.toBuffer());
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof ApiProblem) throw error;
    const code = (error as MultipartError).code;
    if (code === 'FST_FILES_LIMIT') throw new ApiProblem(400, 'tooManyImages', { photos: 'tooManyImages' });
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiProblem(413, 'imageTooLarge', { photos: 'imageTooLarge' });
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new ApiProblem(400, 'invalidRequest');
    throw new ApiProblem(400, 'invalidRequest');
  }

  const decoded = decodeListingForm(fields);
  if (!decoded.ok) throw new ApiProblem(400, 'invalidRequest', { [decoded.field]: decoded.key });
  const keepImages = keptImagesOf(fields.keepImages);
  const parsed = postSchema.safeParse(decoded.values);
  if (!parsed.success) throw new ApiProblem(400, 'invalidRequest', fieldErrorsOf(parsed.error) as Record<string, string>);
  const { placeId } = parsed.data.location;
  if (placeId && !placeById(placeId)) throw new ApiProblem(400, 'invalidRequest', { location: 'placeUnknown' });

  const photos = await reencodeWithinBudget(files, photoBudgetMs);
  return { post: parsed.data, photos, keepImages, fingerprint: fingerprintOf(fields, files) };
}
