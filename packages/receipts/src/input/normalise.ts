/**
 * Image normalisation with sharp: decode (refusing decompression bombs via a pixel limit), honour
 * EXIF orientation, flatten transparency onto white, and shrink so the long side is at most
 * `maxSide` px and the area at most `maxPixels`: the image text lines are cut from. One libvips
 * pipeline straight to raw RGB pixels (JPEG shrink-on-load does most of a big photo's shrinking);
 * nothing is encoded again.
 */
import sharp from 'sharp';
import type { RgbImage } from '../ocr/paddle/crop.js';
import { UnreadableReceiptError } from '../ocr/errors.js';

export interface NormaliseOptions {
  /** Long side of the image handed to OCR, in px. */
  maxSide: number;
  /** Largest area of the image handed to OCR, in pixels (wide scans are shrunk further). */
  maxPixels: number;
  /** Largest decoded image accepted, in pixels (width × height). */
  maxInputPixels: number;
}

/** Decoded pixels handed over by a decoder sharp lacks (HEIC). */
export interface RawInput {
  data: Uint8Array;
  width: number;
  height: number;
  channels: 3 | 4;
}

sharp.cache(false);
sharp.concurrency(1);

/** Target size: long side ≤ maxSide and area ≤ maxPixels, never enlarged. */
export function fitSize(
  width: number,
  height: number,
  maxSide: number,
  maxPixels: number,
): { width: number; height: number } {
  const scale = Math.min(
    1,
    maxSide / Math.max(width, height),
    Math.sqrt(maxPixels / (width * height)),
  );
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** Decodes and normalises an uploaded image; any decode failure becomes an UnreadableReceiptError. */
export async function normaliseImage(
  input: Uint8Array | RawInput,
  options: NormaliseOptions,
): Promise<RgbImage> {
  try {
    const raw = input instanceof Uint8Array ? null : input;
    if (raw && raw.width * raw.height > options.maxInputPixels) throw new Error('pixel limit');
    const image = raw
      ? sharp(raw.data, {
          raw: { width: raw.width, height: raw.height, channels: raw.channels },
          limitInputPixels: options.maxInputPixels,
        })
      : sharp(input as Uint8Array, {
          limitInputPixels: options.maxInputPixels,
          failOn: 'error',
          sequentialRead: true,
        });
    const meta = await image.metadata();
    if (!meta.width || !meta.height) throw new Error('no dimensions');
    if (meta.width * meta.height > options.maxInputPixels) throw new Error('pixel limit');
    // EXIF orientations 5–8 turn the picture a quarter: width and height swap.
    const turned = (meta.orientation ?? 1) >= 5;
    const w = turned ? meta.height : meta.width;
    const h = turned ? meta.width : meta.height;
    const size = fitSize(w, h, options.maxSide, options.maxPixels);
    const { data, info } = await image
      .rotate()
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .resize({ width: size.width, height: size.height, fit: 'fill' })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`unexpected ${info.channels} channels`);
    return { data, width: info.width, height: info.height, channels: 3 };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const reason = /pixel limit|exceeds pixel limit/i.test(message)
      ? 'pixel limit'
      : `decode failed: ${message}`;
    throw new UnreadableReceiptError(reason, { cause: err });
  }
}
