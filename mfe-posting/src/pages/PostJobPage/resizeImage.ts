const MAX_EDGE = 1600;
const JPEG_QUALITY = 0.85;
/** Below this, a photo that already fits is sent as it is: re-encoding would cost quality for nothing. */
const SMALL_ENOUGH_BYTES = 1024 * 1024;

/** The size of an image scaled down (never up) so that its longest edge is at most `maxEdge`. */
export function fitWithin(width: number, height: number, maxEdge = MAX_EDGE): { width: number; height: number } {
  const scale = Math.min(1, maxEdge / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * A phone photo made small before upload: longest edge 1600 px, JPEG at 85 % (an 8 MB photo becomes a few
 * hundred kB, and its EXIF data, GPS included, stays on the phone). GIFs stay as they are (they may move); an
 * image the browser cannot draw is sent unchanged and the server decides.
 */
export async function resizeForUpload(file: Blob): Promise<Blob> {
  if (file.type === 'image/gif' || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  const size = fitWithin(bitmap.width, bitmap.height);
  const isShrunk = size.width !== bitmap.width;
  if (!isShrunk && file.size < SMALL_ENOUGH_BYTES) {
    bitmap.close();
    return file;
  }
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) {
    bitmap.close();
    return file;
  }
  // JPEG has no transparency: a transparent PNG gets a white background instead of a black one.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size.width, size.height);
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();
  const resized = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
  if (!resized) return file;
  return isShrunk || resized.size < file.size ? resized : file;
}
