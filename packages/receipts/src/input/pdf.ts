/**
 * PDF input: the text layer via pdfjs-dist when the PDF has one (digital receipts), else the first
 * pages rendered to PNG for OCR (scanned receipts).
 */
import { UnreadableReceiptError } from '../ocr/errors.js';

export interface PdfOptions {
  /** Pages read at most. */
  maxPages: number;
  /** Long side of a rendered page, in px. */
  maxSide: number;
}

export type PdfContent = { kind: 'text'; text: string } | { kind: 'images'; pages: Buffer[] };

interface TextItemLike {
  str: string;
  transform: number[];
  height: number;
}

function isTextItem(item: unknown): item is TextItemLike {
  return typeof item === 'object' && item !== null && 'str' in item && 'transform' in item;
}

/** Groups positioned text runs into lines, top to bottom, left to right. */
export function textItemsToLines(items: readonly TextItemLike[]): string[] {
  const rows: { y: number; h: number; parts: { x: number; s: string }[] }[] = [];
  for (const it of items) {
    if (it.str.trim() === '') continue;
    const x = it.transform[4] ?? 0;
    const y = it.transform[5] ?? 0;
    const h = Math.max(it.height, 1);
    const row = rows.find((r) => Math.abs(r.y - y) < Math.max(r.h, h) * 0.5);
    if (row) row.parts.push({ x, s: it.str });
    else rows.push({ y, h, parts: [{ x, s: it.str }] });
  }
  rows.sort((a, b) => b.y - a.y);
  return rows.map((r) =>
    r.parts
      .sort((a, b) => a.x - b.x)
      .map((p) => p.s.trim())
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

/** Reads a PDF: its text layer if it has a meaningful one, else rendered page images. */
export async function readPdf(data: Uint8Array, options: PdfOptions): Promise<PdfContent> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  let doc: Awaited<ReturnType<typeof pdfjs.getDocument>['promise']>;
  try {
    doc = await pdfjs.getDocument({
      data: new Uint8Array(data),
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      verbosity: 0,
    }).promise;
  } catch (err) {
    throw new UnreadableReceiptError('pdf parse failed', { cause: err });
  }
  try {
    const pages = Math.min(doc.numPages, options.maxPages);
    const lines: string[] = [];
    for (let p = 1; p <= pages; p++) {
      const page = await doc.getPage(p);
      const content = await page.getTextContent();
      lines.push(...textItemsToLines(content.items.flatMap((i) => (isTextItem(i) ? [i] : []))));
    }
    const text = lines.join('\n').trim();
    if ((text.match(/\p{L}/gu) ?? []).length >= 10 && /\d/.test(text))
      return { kind: 'text', text };

    const images: Buffer[] = [];
    for (let p = 1; p <= pages; p++) {
      const page = await doc.getPage(p);
      const base = page.getViewport({ scale: 1 });
      const scale = Math.min(options.maxSide / Math.max(base.width, base.height), 4);
      const viewport = page.getViewport({ scale });
      const factory = doc.canvasFactory as {
        create(
          w: number,
          h: number,
        ): { canvas: { toBuffer(mime: 'image/png'): Buffer }; context: unknown };
        destroy(cc: unknown): void;
      };
      const cc = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
      const params = {
        canvasContext: cc.context,
        canvas: cc.canvas,
        viewport,
        background: '#ffffff',
      };
      await page.render(params as unknown as Parameters<typeof page.render>[0]).promise;
      images.push(cc.canvas.toBuffer('image/png'));
      factory.destroy(cc);
      page.cleanup();
    }
    return { kind: 'images', pages: images };
  } catch (err) {
    if (err instanceof UnreadableReceiptError) throw err;
    throw new UnreadableReceiptError('pdf read failed', { cause: err });
  } finally {
    await doc.destroy();
  }
}
