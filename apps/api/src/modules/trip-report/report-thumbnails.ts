// Receipt thumbnails for the trip report (issue #33 point 3, `receipts=true`): each stored image
// read and shrunk to a small JPEG one at a time, so memory holds one receipt file at most. A PDF
// receipt, a file gone from storage or one the image library cannot read is named, not shown;
// none of them fails the report.
import { loadSharp } from '../../images/load-sharp.js';

/** Longest side of a thumbnail, in pixels (printed at about 56 pt: ~190 dpi). */
export const THUMBNAIL_PX = 150;

/** Largest image read (pixels): beyond it the file is not decoded. */
const MAX_INPUT_PIXELS = 50_000_000;

export type Thumbnail =
  { kind: 'image'; jpeg: Buffer } | { kind: 'pdf' } | { kind: 'missing' } | { kind: 'unreadable' };

export interface ReceiptReader {
  get(key: string): Promise<Uint8Array | null>;
}

export async function receiptThumbnail(
  storage: ReceiptReader,
  key: string,
  contentType: string | null,
): Promise<Thumbnail> {
  if (contentType === 'application/pdf' || key.endsWith('.pdf')) return { kind: 'pdf' };
  let bytes: Uint8Array | null;
  try {
    bytes = await storage.get(key);
  } catch {
    return { kind: 'missing' };
  }
  if (bytes === null) return { kind: 'missing' };
  const sharp = await loadSharp();
  try {
    const jpeg = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({
        width: THUMBNAIL_PX,
        height: THUMBNAIL_PX,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 70 })
      .toBuffer();
    return { kind: 'image', jpeg };
  } catch {
    return { kind: 'unreadable' };
  }
}
