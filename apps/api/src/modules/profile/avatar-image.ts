// Profile pictures: whatever image was uploaded (JPEG, PNG, WebP, HEIC/HEIF, GIF) becomes one
// 256×256 WebP, turned upright by its EXIF orientation and cropped to cover the square, so what
// is stored and served is small, uniform and carries none of the original's metadata.
import type { Sharp } from 'sharp';
import { loadSharp } from '../../images/load-sharp.js';
import { BusyError, PayloadTooLargeError } from '../../errors/app-errors.js';
import { DecodeGate } from './decode-gate.js';
import type { DeclaredSize } from './heic-decode.js';
import { decodeHeic, heifDeclaredSize, looksLikeHeif } from './heic-decode.js';

export const AVATAR_SIZE = 256;
export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;
export const AVATAR_CONTENT_TYPE = 'image/webp';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'gif']);

/**
 * Largest input picture in pixels: 25 megapixels holds every phone camera's default photo
 * (24 MP) for a picture shown at 256×256. Its size is read from the file's header and a larger
 * picture is refused before any pixel is decoded. A decode at the limit needs about 250 MB
 * (libheif's planes, the RGBA bitmap and its copy), so with AVATAR_DECODES_AT_ONCE the memory
 * the pictures being decoded hold stays near 500 MB.
 */
export const MAX_AVATAR_PIXELS = 25_000_000;
/** Pictures decoded at once; AVATAR_DECODES_WAITING more wait their turn, the next get 503. */
export const AVATAR_DECODES_AT_ONCE = 2;
export const AVATAR_DECODES_WAITING = 8;
const BUSY_RETRY_AFTER_SECONDS = 5;

const gate = new DecodeGate(
  AVATAR_DECODES_AT_ONCE,
  AVATAR_DECODES_WAITING,
  () =>
    new BusyError(
      `Too many pictures are being processed right now (${AVATAR_DECODES_AT_ONCE} at once, ${AVATAR_DECODES_WAITING} waiting). Please try again in a few seconds.`,
      BUSY_RETRY_AFTER_SECONDS,
    ),
);

export function tooManyPixelsMessage(size: DeclaredSize): string {
  const megapixels = ((size.width * size.height) / 1_000_000).toFixed(1);
  return (
    `The picture is ${size.width} × ${size.height} pixels (${megapixels} megapixels). ` +
    `Profile pictures may have at most ${MAX_AVATAR_PIXELS / 1_000_000} megapixels: please choose a smaller one.`
  );
}

/** The size the file's header declares (nothing is decoded); null when it cannot be read. */
async function declaredSize(bytes: Uint8Array): Promise<DeclaredSize | null> {
  if (looksLikeHeif(bytes)) {
    const heif = heifDeclaredSize(bytes);
    if (heif !== null) return heif;
  }
  const sharp = await loadSharp();
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    return meta.width > 0 && meta.height > 0 ? { width: meta.width, height: meta.height } : null;
  } catch {
    return null;
  }
}

function square(image: Sharp): Promise<Buffer> {
  return image
    .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
    .webp({ quality: 82 })
    .toBuffer();
}

/**
 * The uploaded bytes as the stored WebP, or null when they are not an accepted image. Throws
 * PayloadTooLargeError (413) for a picture over MAX_AVATAR_PIXELS, and BusyError (503) when
 * too many pictures wait to be decoded.
 */
export async function toAvatarWebp(bytes: Uint8Array): Promise<Buffer | null> {
  const size = await declaredSize(bytes);
  if (size !== null && size.width * size.height > MAX_AVATAR_PIXELS) {
    throw new PayloadTooLargeError(tooManyPixelsMessage(size));
  }
  return gate.run(() => decodeToWebp(bytes));
}

async function decodeToWebp(bytes: Uint8Array): Promise<Buffer | null> {
  const direct = await viaSharp(bytes);
  if (direct !== null || !looksLikeHeif(bytes)) return direct;
  // HEVC-coded HEIC: libheif decodes, sharp resizes the pixels.
  const image = await decodeHeic(bytes, MAX_AVATAR_PIXELS);
  if (image === null) return null;
  const sharp = await loadSharp();
  try {
    return await square(
      sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } }),
    );
  } catch {
    return null;
  }
}

async function viaSharp(bytes: Uint8Array): Promise<Buffer | null> {
  const sharp = await loadSharp();
  let format: string | undefined;
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_AVATAR_PIXELS }).metadata();
    format = meta.format;
  } catch {
    return null;
  }
  if (format === undefined || !ACCEPTED_FORMATS.has(format)) return null;
  try {
    return await square(
      sharp(bytes, { limitInputPixels: MAX_AVATAR_PIXELS, animated: false }).rotate(),
    );
  } catch {
    return null;
  }
}
