import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Sharp } from 'sharp';
import { LIMITS } from '@tasko/shared/domain';
import { fieldErrorsOf, postSchema, type Post } from '@tasko/shared/validation';
import { placeById } from '../places/places.js';
import { ApiProblem } from '../errors/errors.plugin.js';

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
}

const MAX_EDGE = 1600;
const OUTPUT: Record<string, { ext: string; contentType: string; encode: (s: Sharp) => Sharp }> = {
  jpg: { ext: 'jpg', contentType: 'image/jpeg', encode: (s) => s.jpeg({ quality: 82, mozjpeg: true }) },
  png: { ext: 'png', contentType: 'image/png', encode: (s) => s.png({ compressionLevel: 9 }) },
  gif: { ext: 'gif', contentType: 'image/gif', encode: (s) => s.gif() },
};

/**
 * Re-encodes a photo whose type the bytes decide (never the name or header): resized to at most 1600 px,
 * turned upright, and written anew, so no metadata (EXIF GPS above all) survives.
 */
export async function reencodePhoto(bytes: Buffer): Promise<ProcessedPhoto> {
  const detected = await fileTypeFromBuffer(bytes);
  const output = detected ? OUTPUT[detected.ext] : undefined;
  if (!output) throw new ApiProblem(415, 'unsupportedImageType', { photos: 'unsupportedImageType' });
  let data: Buffer;
  try {
    const image = sharp(bytes, { animated: detected?.ext === 'gif', limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true });
    data = await output.encode(image).toBuffer();
  } catch {
    // The bytes start like an image but do not decode: as bad as the wrong type.
    throw new ApiProblem(415, 'unsupportedImageType', { photos: 'unsupportedImageType' });
  }
  return { name: `${crypto.randomUUID()}.${output.ext}`, data, contentType: output.contentType };
}

function parseJsonField<T>(raw: string | undefined, field: string, key: string): T | undefined {
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    throw new ApiProblem(400, 'invalidRequest', { [field]: key });
  }
}

interface MultipartError {
  code?: string;
}

/**
 * Reads the multipart post payload of SPEC §3 (description, phone, contactPersonName, paymentType, amount,
 * location as JSON, jobTitle, category, offerType, contactEmail, contactMethods as JSON, photos) and validates it with the shared
 * schema. Nothing is stored here: a bad field or photo throws before any write.
 */
export async function readPostForm(request: FastifyRequest): Promise<PostForm> {
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

  const location = parseJsonField<unknown>(fields.location, 'location', 'locationInvalid');
  const contactMethods = parseJsonField<unknown>(fields.contactMethods, 'contactMethods', 'contactMethodRequired');
  const keepImages = parseJsonField<unknown>(fields.keepImages, 'keepImages', 'invalidRequest');
  if (keepImages !== undefined && !(Array.isArray(keepImages) && keepImages.every((u) => typeof u === 'string'))) {
    throw new ApiProblem(400, 'invalidRequest', { keepImages: 'invalidRequest' });
  }
  const parsed = postSchema.safeParse({
    jobTitle: fields.jobTitle,
    description: fields.description,
    category: fields.category,
    paymentType: fields.paymentType,
    amount: fields.amount,
    contactPersonName: fields.contactPersonName,
    phone: fields.phone,
    contactEmail: fields.contactEmail,
    location: location ?? undefined,
    offerType: fields.offerType || undefined,
    language: fields.language || undefined,
    contactMethods,
  });
  if (!parsed.success) throw new ApiProblem(400, 'invalidRequest', fieldErrorsOf(parsed.error) as Record<string, string>);
  const { placeId } = parsed.data.location;
  if (placeId && !placeById(placeId)) throw new ApiProblem(400, 'invalidRequest', { location: 'placeUnknown' });

  const photos: ProcessedPhoto[] = [];
  for (const file of files) photos.push(await reencodePhoto(file));
  return { post: parsed.data, photos, keepImages: keepImages ?? null };
}
