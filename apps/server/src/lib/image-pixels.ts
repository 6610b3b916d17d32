import sharp from 'sharp';
import { AppError } from './errors.js';

export type PixelLimit = { maxSide: number; maxPixels: number };

/**
 * An image's size as its header declares it, without decoding a pixel; undefined when the header cannot be read.
 * Decoding costs memory by the pixel, which a file of a few hundred kilobytes can declare by the tens of millions.
 * sharp's own pixel limit is off here (it would refuse a large declaration as unreadable, not as too large): this
 * instance only reads the header, and checkPixels is the limit.
 */
export async function declaredSize(data: Buffer): Promise<{ width: number; height: number } | undefined> {
  try {
    const { width, height } = await sharp(data, { limitInputPixels: false }).metadata();
    return width && height ? { width, height } : undefined;
  } catch {
    return undefined;
  }
}

/** Refuses, before any decoding, an image wider, taller or with more pixels than the limit allows. */
export function checkPixels(size: { width: number; height: number }, limit: PixelLimit): void {
  const { width, height } = size;
  if (width <= limit.maxSide && height <= limit.maxSide && width * height <= limit.maxPixels) return;
  const most =
    limit.maxSide ** 2 <= limit.maxPixels
      ? `${limit.maxSide}×${limit.maxSide} pixels`
      : `${limit.maxSide} pixels a side and ${limit.maxPixels / 1e6} megapixels`;
  const message = `The image is ${width}×${height} pixels; at most ${most} are accepted`;
  throw new AppError(400, 'IMAGE_TOO_LARGE', `file: ${message}`, [{ field: 'file', message }]);
}
