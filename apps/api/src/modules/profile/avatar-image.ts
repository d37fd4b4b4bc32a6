// Profile pictures: whatever image was uploaded (JPEG, PNG, WebP, HEIC/HEIF, GIF) becomes one
// 256×256 WebP, turned upright by its EXIF orientation and cropped to cover the square, so what
// is stored and served is small, uniform and carries none of the original's metadata.
import sharp from 'sharp';
import type { Sharp } from 'sharp';
import { decodeHeic, looksLikeHeif } from './heic-decode.js';

export const AVATAR_SIZE = 256;
export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;
export const AVATAR_CONTENT_TYPE = 'image/webp';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'gif']);

/** Largest input picture in pixels (about 50 megapixels): more is refused, not decoded. */
const MAX_INPUT_PIXELS = 50_000_000;

function square(image: Sharp): Promise<Buffer> {
  return image
    .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
    .webp({ quality: 82 })
    .toBuffer();
}

/** The uploaded bytes as the stored WebP, or null when they are not an accepted image. */
export async function toAvatarWebp(bytes: Uint8Array): Promise<Buffer | null> {
  const direct = await viaSharp(bytes);
  if (direct !== null || !looksLikeHeif(bytes)) return direct;
  // HEVC-coded HEIC: libheif decodes, sharp resizes the pixels.
  const image = await decodeHeic(bytes, MAX_INPUT_PIXELS);
  if (image === null) return null;
  try {
    return await square(
      sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } }),
    );
  } catch {
    return null;
  }
}

async function viaSharp(bytes: Uint8Array): Promise<Buffer | null> {
  let format: string | undefined;
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    format = meta.format;
  } catch {
    return null;
  }
  if (format === undefined || !ACCEPTED_FORMATS.has(format)) return null;
  try {
    return await square(
      sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false }).rotate(),
    );
  } catch {
    return null;
  }
}
