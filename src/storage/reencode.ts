import sharp from 'sharp';
import { PHOTO_MESSAGES } from '../domain/trainers/photo';
import type { ImageType } from './imageType';
import { StorageError } from './errors';

/**
 * Every uploaded photo is decoded and encoded again before it is served: the copy carries no EXIF
 * (camera, GPS position), no comments, no trailing bytes, only pixels. A header announcing more
 * pixels than a large camera photo is refused before anything is decoded, so a small file cannot
 * expand into gigabytes (a decompression bomb); a large photo is scaled down to what a page shows.
 */
export const MAX_INPUT_PIXELS = 40_000_000;
export const MAX_OUTPUT_SIDE = 2048;

export const TOO_MANY_PIXELS = 'Photo is too large in pixels; use one of at most 40 megapixels';

export async function reencodeImage(bytes: Uint8Array, type: ImageType): Promise<{ bytes: Buffer; type: ImageType }> {
  // An animated GIF keeps its first frame only, as a PNG (a photo, not an animation).
  const out: ImageType = type === 'image/gif' ? 'image/png' : type;
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false })
      // Turns the pixels as the EXIF orientation says, since the orientation tag goes with the rest.
      .rotate()
      .resize({ width: MAX_OUTPUT_SIDE, height: MAX_OUTPUT_SIDE, fit: 'inside', withoutEnlargement: true });
    const encoded =
      out === 'image/jpeg'
        ? image.jpeg({ quality: 85 })
        : out === 'image/webp'
          ? image.webp({ quality: 85 })
          : image.png({ compressionLevel: 9 });
    return { bytes: await encoded.toBuffer(), type: out };
  } catch (error) {
    const message = /pixel limit/i.test(String(error)) ? TOO_MANY_PIXELS : PHOTO_MESSAGES.notImage;
    throw new StorageError('invalid', message, 'photoURL');
  }
}
