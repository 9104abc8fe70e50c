import crypto from 'node:crypto';
import sharp from 'sharp';
import type { ProcessedPhoto } from '../jobs/postForm.js';
import type { PhotoStorage } from '../jobs/photoStorage.js';
import { illustrationSvg, type Illustration } from './demoIllustrations.js';

/**
 * 8 : 5 like the cards and the gallery: twice a 320 × 200 card on a phone's screen, and sharp enough in
 * the gallery, while rendering all of them stays well under a second or two on two cores.
 */
export const DEMO_PHOTO_WIDTH = 960;
export const DEMO_PHOTO_HEIGHT = 600;

/**
 * One drawing as a JPEG, the type and quality the upload pipeline stores (postForm.ts). Plain libjpeg rather
 * than mozjpeg: about twice as fast for a few per cent more bytes, and this runs while the server starts.
 */
export async function renderDemoPhoto(illustration: Illustration): Promise<ProcessedPhoto> {
  const svg = Buffer.from(illustrationSvg(illustration, DEMO_PHOTO_WIDTH, DEMO_PHOTO_HEIGHT));
  const data = await sharp(svg).jpeg({ quality: 82 }).toBuffer();
  return { name: `${crypto.randomUUID()}.jpg`, data, contentType: 'image/jpeg' };
}

/**
 * Draws every listing's photos (all at once: sharp works them off its thread pool) and stores them where
 * uploads go. Answers each listing's photo URLs, in order. All or nothing: if one cannot be drawn or stored,
 * the others are removed again once they are written, and the first error is thrown.
 */
export async function storeDemoPhotos(storage: PhotoStorage, photosByListing: readonly (readonly Illustration[])[]): Promise<string[][]> {
  const settled = await Promise.all(
    photosByListing.map((illustrations) =>
      Promise.allSettled(
        illustrations.map(async (illustration) => {
          const photo = await renderDemoPhoto(illustration);
          return storage.put(photo.name, photo.data, photo.contentType);
        }),
      ),
    ),
  );
  const urls = settled.map((results) => results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : [])));
  const failure = settled.flat().find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failure) {
    await Promise.all(urls.flat().map((url) => storage.remove(url)));
    throw failure.reason;
  }
  return urls;
}
