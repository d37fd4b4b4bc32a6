/**
 * Integration tests of the whole scanner: real OCR engine process on two dev receipts (one
 * rotated and tagged with an EXIF orientation), PDFs, and every refusal path.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PayloadTooLargeError,
  ScannerBusyError,
  UnreadableReceiptError,
  UnsupportedMediaTypeError,
} from './ocr/errors.js';
import { createReceiptScanner } from './scan.js';
import { receiptPdf } from './testing/receipt-pdf.js';
import type { ReceiptScanner } from './scan.js';

const devDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../shared/datasets/receipts-dev',
);
const haveDev = existsSync(path.join(devDir, 'labels.json'));
const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures');

let scanner: ReceiptScanner;

beforeAll(async () => {
  scanner = createReceiptScanner({ maxInputPixels: 30_000_000 });
  await scanner.warmUp();
}, 120_000);

afterAll(async () => {
  await scanner.close();
});

describe.runIf(haveDev)('scanner on real receipts', () => {
  it('reads an upright JPEG receipt end to end', async () => {
    const r = await scanner.scan(readFileSync(path.join(devDir, 'sroie-train-020.jpg')));
    expect(r.totalAmount).toBe(54.5);
    expect(r.date).toBe('2018-03-06');
    expect(r.storeName?.toUpperCase()).toContain('SYL ROASTED DELIGHTS');
    expect(r.currency).toBe('MYR');
    expect(r.rawText).toMatch(/TOTAL/i);
    expect(r.items.length).toBeGreaterThan(0);
    expect(r.confidence.totalAmount).toBeGreaterThan(0.5);
  });

  it('honours the EXIF orientation of a sideways photo', async () => {
    const sideways = await sharp(readFileSync(path.join(devDir, 'sroie-train-000.jpg')))
      .rotate(-90)
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const r = await scanner.scan(sideways);
    expect(r.totalAmount).toBe(9);
    expect(r.date).toBe('2018-12-25');
  });

  it('turns upright a receipt photographed sideways or upside down, with no EXIF orientation', async () => {
    for (const degrees of [90, 180]) {
      const turned = await sharp(readFileSync(path.join(devDir, 'sroie-train-020.jpg')))
        .rotate(degrees)
        .jpeg()
        .toBuffer();
      const r = await scanner.scan(turned);
      expect(r.totalAmount, `turned ${degrees}°`).toBe(54.5);
      expect(r.storeName?.toUpperCase(), `turned ${degrees}°`).toContain('SYL ROASTED DELIGHTS');
    }
  });
});

describe('scanner on the synthetic US receipt (fixtures/)', () => {
  it('reads the JPEG: store, month-first date, total and item lines', async () => {
    const r = await scanner.scan(readFileSync(path.join(fixtures, 'corner-grocery.jpg')));
    expect(r.storeName).toBe('CORNER GROCERY');
    expect(r.date).toBe('2025-03-14');
    expect(r.totalAmount).toBe(23.4);
    expect(r.items.map((i) => i.price)).toEqual([3.2, 2.5, 4.1, 5.2, 6.6]);
  });

  it('reads it photographed small on a table: the detector takes a closer look at the text', async () => {
    // 12-megapixel "photo": the receipt covers about 15 % of the frame, so at the detector's size
    // its print is too small to be found in one pass over the whole picture.
    const receipt = await sharp(readFileSync(path.join(fixtures, 'corner-grocery.jpg')))
      .resize({ width: 461 })
      .toBuffer();
    const photo = await sharp({
      create: { width: 3024, height: 4032, channels: 3, background: '#5a5046' },
    })
      .composite([{ input: receipt, left: 1000, top: 900 }])
      .jpeg({ quality: 85 })
      .toBuffer();
    const r = await scanner.scan(photo);
    expect(r.storeName).toBe('CORNER GROCERY');
    expect(r.date).toBe('2025-03-14');
    expect(r.totalAmount).toBe(23.4);
  });

  it('reads a real HEIC (HEVC) photo, which sharp alone cannot decode', async () => {
    const heic = readFileSync(path.join(fixtures, 'corner-grocery.heic'));
    // The fixture really is HEVC-coded HEIF, and the prebuilt sharp cannot decode it.
    expect(heic.subarray(4, 12).toString('latin1')).toBe('ftypheic');
    await expect(sharp(heic).raw().toBuffer()).rejects.toThrow();
    const r = await scanner.scan(heic);
    expect(r.storeName).toBe('CORNER GROCERY');
    expect(r.date).toBe('2025-03-14');
    expect(r.totalAmount).toBe(23.4);
  });

  it('refuses a HEIC beyond the pixel limit before decoding it, and a truncated one', async () => {
    const heic = readFileSync(path.join(fixtures, 'corner-grocery.heic'));
    const strict = createReceiptScanner({ maxInputPixels: 100_000 });
    try {
      await expect(strict.scan(heic)).rejects.toMatchObject({
        code: 'UNREADABLE_RECEIPT',
        status: 422,
        reason: 'pixel limit',
      });
    } finally {
      await strict.close();
    }
    await expect(scanner.scan(heic.subarray(0, heic.length >> 1))).rejects.toMatchObject({
      code: 'UNREADABLE_RECEIPT',
      message: 'Could not read any text from this receipt.',
    });
  });
});

describe('scanner inputs and refusals', () => {
  it('uses the text layer of a digital PDF receipt without OCR', async () => {
    const pdf = receiptPdf([
      'CORNER GROCERY',
      'Date: 03/14/2025',
      'Milk 1L        3.20',
      'Subtotal      21.60',
      'Sales tax      1.80',
      'Total $23.40',
    ]);
    const r = await scanner.scan(pdf);
    expect(r.storeName).toBe('CORNER GROCERY');
    expect(r.date).toBe('2025-03-14');
    expect(r.totalAmount).toBe(23.4);
    expect(r.currency).toBe('USD');
    expect(r.rawText.split('\n')[0]).toBe('CORNER GROCERY');
  });

  it('renders a PDF without text and reports no text as unreadable', async () => {
    await expect(scanner.scan(receiptPdf([]))).rejects.toBeInstanceOf(UnreadableReceiptError);
  });

  it('refuses files over 10 MB (413) and unknown types (415)', async () => {
    await expect(scanner.scan(Buffer.alloc(10 * 1024 * 1024 + 1))).rejects.toBeInstanceOf(
      PayloadTooLargeError,
    );
    await expect(scanner.scan(Buffer.from('GIF89a not a receipt'))).rejects.toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      status: 415,
      message: 'Please upload an image or PDF receipt.',
    });
    await expect(scanner.scan(Buffer.from('just text'))).rejects.toBeInstanceOf(
      UnsupportedMediaTypeError,
    );
  });

  it('turns corrupt and truncated files into a clean 422, and keeps working afterwards', async () => {
    const jpegHeaderOnly = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.alloc(200, 7),
    ]);
    await expect(scanner.scan(jpegHeaderOnly)).rejects.toMatchObject({
      code: 'UNREADABLE_RECEIPT',
      status: 422,
      message: 'Could not read any text from this receipt.',
    });
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    await expect(scanner.scan(png.subarray(0, 40))).rejects.toBeInstanceOf(UnreadableReceiptError);
    const fakeHeic = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'),
      Buffer.alloc(100),
    ]);
    await expect(scanner.scan(fakeHeic)).rejects.toBeInstanceOf(UnreadableReceiptError);
    await expect(scanner.scan(Buffer.from('%PDF-1.4\nnot really a pdf'))).rejects.toBeInstanceOf(
      UnreadableReceiptError,
    );
    // A blank image has no text.
    await expect(scanner.scan(png)).rejects.toMatchObject({ reason: 'no text' });
  });

  it('refuses decompression bombs beyond the pixel limit', async () => {
    // 8000 × 8000 = 64 MP of white: a few hundred KB as PNG.
    const bomb = await sharp({
      create: { width: 8000, height: 8000, channels: 3, background: '#fff' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(10 * 1024 * 1024);
    await expect(scanner.scan(bomb)).rejects.toMatchObject({
      code: 'UNREADABLE_RECEIPT',
      reason: 'pixel limit',
    });
  });
});

describe('scanner queue', () => {
  it('answers BUSY when the queue is full, and abandons a file that takes too long', async () => {
    const small = createReceiptScanner({ maxQueue: 0, timeoutMs: 1 });
    try {
      const png = await sharp({
        create: { width: 400, height: 200, channels: 3, background: '#fff' },
      })
        .png()
        .toBuffer();
      const first = small.scan(png);
      const second = small.scan(png);
      await expect(second).rejects.toBeInstanceOf(ScannerBusyError);
      await expect(second).rejects.toMatchObject({ status: 503, retryAfterSeconds: 5 });
      await expect(first).rejects.toMatchObject({ code: 'UNREADABLE_RECEIPT', reason: 'timeout' });
    } finally {
      await small.close();
    }
  }, 120_000);

  it('reports the files waiting and running (the metrics read it)', async () => {
    const small = createReceiptScanner({ maxQueue: 1, timeoutMs: 1 });
    try {
      expect(small.load()).toEqual({ queued: 0, running: 0 });
      const png = await sharp({
        create: { width: 400, height: 200, channels: 3, background: '#fff' },
      })
        .png()
        .toBuffer();
      const first = small.scan(png);
      const second = small.scan(png);
      // scan() hands the file to the pool before its first await: both are in it now.
      expect(small.load()).toEqual({ queued: 1, running: 1 });
      await Promise.allSettled([first, second]);
      expect(small.load()).toEqual({ queued: 0, running: 0 });
    } finally {
      await small.close();
    }
  }, 120_000);
});
