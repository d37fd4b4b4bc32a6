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

/** The picture as RGBA pixels, or null when it cannot be decoded (or is too large). */
export async function decodeHeic(bytes: Uint8Array, maxPixels: number): Promise<RgbaImage | null> {
  const result = await decodeHeicPixels(bytes, maxPixels);
  return result.ok ? result.image : null;
}
