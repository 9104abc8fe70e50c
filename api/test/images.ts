import sharp from 'sharp';

/** A camera-like JPEG with GPS coordinates in its EXIF, to prove the server strips them. */
export function jpegWithGps(width = 1200, height = 800): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Phone 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '32/1 4/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '34/1 46/1 0/1' },
    })
    .toBuffer();
}

export function png(width = 200, height = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

export function gif(): Promise<Buffer> {
  return sharp({ create: { width: 50, height: 50, channels: 3, background: '#f00' } })
    .gif()
    .toBuffer();
}

/**
 * An animated GIF: a still background with a square crossing it, so the file packs small while every frame
 * still costs a full decode (the attack: 190 frames of 500 × 500 in about 150 kB).
 */
export function animatedGif(width: number, height: number, frames: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * frames * 3);
  const side = Math.round(Math.min(width, height) / 5);
  for (let frame = 0; frame < frames; frame += 1) {
    const left = Math.round(((width - side) * frame) / Math.max(frames - 1, 1));
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const i = ((frame * height + y) * width + x) * 3;
        const isSquare = x >= left && x < left + side && Math.abs(y - height / 2) < side / 2;
        const band = ((x >> 5) + (y >> 5)) & 3;
        raw[i] = isSquare ? (((x + y + frame) >> 3) & 1) * 255 : band * 60;
        raw[i + 1] = isSquare ? 40 : 90 + band * 20;
        raw[i + 2] = isSquare ? 40 : 200 - band * 30;
      }
    }
  }
  return sharp(raw, { raw: { width, height: height * frames, channels: 3, pageHeight: height } })
    .gif({ delay: 40 })
    .toBuffer();
}
