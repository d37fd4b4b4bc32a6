/**
 * Image normalisation with sharp: decode (refusing decompression bombs via a pixel limit), honour
 * EXIF orientation, flatten transparency onto white, and shrink so the long side is at most
 * `maxSide` px: the OCR detector's input size, the main lever on time and memory.
 */
import sharp from 'sharp';
import { UnreadableReceiptError } from '../ocr/errors.js';

export interface NormaliseOptions {
  /** Long side of the image handed to OCR, in px. */
  maxSide: number;
  /** Largest area of the image handed to OCR, in pixels (wide scans are shrunk further). */
  maxPixels: number;
  /** Largest decoded image accepted, in pixels (width × height). */
  maxInputPixels: number;
}

export interface NormalisedImage {
  /** PNG bytes, RGB, orientation applied. */
  png: Buffer;
  width: number;
  height: number;
}

sharp.cache(false);
sharp.concurrency(1);

/** Decodes and normalises an uploaded image; any decode failure becomes an UnreadableReceiptError. */
export async function normaliseImage(
  input: Uint8Array,
  options: NormaliseOptions,
): Promise<NormalisedImage> {
  try {
    const image = sharp(input, {
      limitInputPixels: options.maxInputPixels,
      failOn: 'error',
      sequentialRead: true,
    });
    const meta = await image.metadata();
    if (!meta.width || !meta.height) throw new Error('no dimensions');
    if (meta.width * meta.height > options.maxInputPixels) throw new Error('pixel limit');
    // 1. Upright, opaque, at most twice the detector size (bounds the work of the next step).
    const stage = await image
      .rotate()
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .resize({
        width: options.maxSide * 2,
        height: options.maxSide * 2,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .raw()
      .toBuffer({ resolveWithObject: true });
    // 2. Detector size: long side ≤ maxSide and area ≤ maxPixels.
    const { width: w, height: h, channels } = stage.info;
    const scale = Math.min(
      1,
      options.maxSide / Math.max(w, h),
      Math.sqrt(options.maxPixels / (w * h)),
    );
    const { data, info } = await sharp(stage.data, { raw: { width: w, height: h, channels } })
      .resize({
        width: Math.max(1, Math.round(w * scale)),
        height: Math.max(1, Math.round(h * scale)),
        fit: 'fill',
      })
      .png({ compressionLevel: 1 })
      .toBuffer({ resolveWithObject: true });
    return { png: data, width: info.width, height: info.height };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const reason = /pixel limit|exceeds pixel limit/i.test(message)
      ? 'pixel limit'
      : `decode failed: ${message}`;
    throw new UnreadableReceiptError(reason, { cause: err });
  }
}
