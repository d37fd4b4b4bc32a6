/** Recognises upload types by their magic bytes, never by name or declared type. */

export type ReceiptMediaType =
  'image/jpeg' | 'image/png' | 'image/webp' | 'image/heic' | 'application/pdf';

function ascii(buf: Uint8Array, start: number, end: number): string {
  return Buffer.from(buf.subarray(start, end)).toString('latin1');
}

const HEIF_BRANDS = new Set([
  'heic',
  'heix',
  'hevc',
  'hevx',
  'heim',
  'heis',
  'hevm',
  'hevs',
  'mif1',
  'msf1',
  'avif',
  'avis',
]);

/** The brands of an ISO-BMFF file's `ftyp` box (major first), or [] for other files. */
export function ftypBrands(buf: Uint8Array): string[] {
  if (buf.length < 12 || ascii(buf, 4, 8) !== 'ftyp') return [];
  const brands = [ascii(buf, 8, 12)];
  const boxSize = Math.min(new DataView(buf.buffer, buf.byteOffset, 4).getUint32(0), buf.length);
  for (let i = 16; i + 4 <= boxSize; i += 4) brands.push(ascii(buf, i, i + 4));
  return brands;
}

/** True for AVIF (AV1-coded HEIF), which sharp decodes itself; HEVC-coded HEIC needs libheif. */
export function isAvif(buf: Uint8Array): boolean {
  const brands = ftypBrands(buf);
  return brands.includes('avif') || brands.includes('avis');
}

/** Returns the media type of a receipt upload, or null when it is not one we accept. */
export function sniffMediaType(buf: Uint8Array): ReceiptMediaType | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (buf.length >= 8 && png.every((b, i) => buf[i] === b)) return 'image/png';
  if (buf.length < 12) {
    if (buf.length >= 5 && ascii(buf, 0, 5) === '%PDF-') return 'application/pdf';
    return null;
  }
  if (ascii(buf, 0, 4) === 'RIFF' && ascii(buf, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(buf, 4, 8) === 'ftyp') {
    if (ftypBrands(buf).some((b) => HEIF_BRANDS.has(b))) return 'image/heic';
    return null;
  }
  // PDFs may have a little junk before the header; the spec allows it within the first 1024 bytes.
  const head = ascii(buf, 0, Math.min(buf.length, 1024));
  if (head.includes('%PDF-')) return 'application/pdf';
  return null;
}

/** An accepted upload as stored: its content type and a file extension to store it under. */
export interface SniffedFile {
  /** What the scanner decodes it as. */
  mediaType: ReceiptMediaType;
  /** The precise type to store and serve it with. */
  contentType: string;
  extension: string;
}

/**
 * The one check of what a receipt upload is (docs/api.md §1.8: JPEG, PNG, WebP, HEIC/HEIF or PDF,
 * by content), for storing and for scanning alike; null for anything else.
 */
export function sniffReceiptFile(buf: Uint8Array): SniffedFile | null {
  const mediaType = sniffMediaType(buf);
  switch (mediaType) {
    case null:
      return null;
    case 'image/jpeg':
      return { mediaType, contentType: mediaType, extension: 'jpg' };
    case 'image/png':
      return { mediaType, contentType: mediaType, extension: 'png' };
    case 'image/webp':
      return { mediaType, contentType: mediaType, extension: 'webp' };
    case 'application/pdf':
      return { mediaType, contentType: mediaType, extension: 'pdf' };
    case 'image/heic': {
      // The HEIF family: HEVC-coded HEIC (he…), AV1-coded AVIF, other HEIF images.
      if (isAvif(buf)) return { mediaType, contentType: 'image/avif', extension: 'avif' };
      const heic = (ftypBrands(buf)[0] ?? '').startsWith('he');
      return heic
        ? { mediaType, contentType: 'image/heic', extension: 'heic' }
        : { mediaType, contentType: 'image/heif', extension: 'heif' };
    }
  }
}
