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
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } }).png().toBuffer();
}

export function gif(): Promise<Buffer> {
  return sharp({ create: { width: 50, height: 50, channels: 3, background: '#f00' } }).gif().toBuffer();
}
