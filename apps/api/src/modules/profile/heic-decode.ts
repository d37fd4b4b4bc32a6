// HEIC pictures (HEVC-coded HEIF, as iPhones save photos): sharp's prebuilt libvips has no HEVC
// decoder, so profile pictures go through the receipt scanner's decoder (`@evenly/receipts`:
// libheif compiled to WebAssembly, in a worker thread ended after each file). libheif applies the
// HEIF rotation itself; the image size is checked before any pixel is decoded.
import { decodeHeicPixels, type HeicPixels } from '@evenly/receipts';

export type RgbaImage = HeicPixels;

/** True for an ISO-BMFF file of the HEIF family (`ftyp` box with a HEIF brand). */
export function looksLikeHeif(bytes: Uint8Array): boolean {
  if (bytes.length < 12) return false;
  const box = Buffer.from(bytes.subarray(4, 12)).toString('latin1');
  return /^ftyp(hei[cmsx]|hev[cmsx]|mif1|msf1)$/.test(box);
}

export interface DeclaredSize {
  width: number;
  height: number;
}

/** The boxes inside [start, end) of an ISO-BMFF file: type and the range of each one's content. */
function* boxes(
  bytes: Uint8Array,
  start: number,
  end: number,
): Generator<{ type: string; from: number; to: number }> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = start;
  while (at + 8 <= end) {
    let size = view.getUint32(at);
    const type = Buffer.from(bytes.subarray(at + 4, at + 8)).toString('latin1');
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) return;
      const large = view.getBigUint64(at + 8);
      if (large > BigInt(end - at)) return;
      size = Number(large);
      header = 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < header || at + size > end) return;
    yield { type, from: at + header, to: at + size };
    at += size;
  }
}

/**
 * The largest image size a HEIF file declares (its `ispe` properties, in meta/iprp/ipco), read
 * from the container alone, before any decoder runs; null when it declares none.
 */
export function heifDeclaredSize(bytes: Uint8Array): DeclaredSize | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let largest: DeclaredSize | null = null;
  for (const meta of boxes(bytes, 0, bytes.length)) {
    if (meta.type !== 'meta') continue;
    // `meta` is a full box: version and flags come before its children.
    for (const iprp of boxes(bytes, meta.from + 4, meta.to)) {
      if (iprp.type !== 'iprp') continue;
      for (const ipco of boxes(bytes, iprp.from, iprp.to)) {
        if (ipco.type !== 'ipco') continue;
        for (const prop of boxes(bytes, ipco.from, ipco.to)) {
          if (prop.type !== 'ispe' || prop.to - prop.from < 12) continue;
          const width = view.getUint32(prop.from + 4);
          const height = view.getUint32(prop.from + 8);
          if (largest === null || width * height > largest.width * largest.height) {
            largest = { width, height };
          }
        }
      }
    }
  }
  return largest;
}

/** The picture as RGBA pixels, or null when it cannot be decoded (or is too large). */
export async function decodeHeic(bytes: Uint8Array, maxPixels: number): Promise<RgbaImage | null> {
  const result = await decodeHeicPixels(bytes, maxPixels);
  return result.ok ? result.image : null;
}
