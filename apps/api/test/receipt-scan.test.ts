// POST /api/receipts/scan-and-parse through the real HTTP stack: a real receipt photo from the
// dev set is read offline, and every refusal of docs/api.md §4.9 answers as stated.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from './support/fixtures.js';
import { createUsers } from './support/fixtures.js';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody } from './support/test-app.js';
import { testDbKind } from './support/test-database.js';

const DATASET = fileURLToPath(
  new URL('../../../../shared/datasets/receipts-dev/', import.meta.url),
);
/** The dev set lives beside the repository (../shared), not in it. */
const HAVE_DATASET = existsSync(`${DATASET}labels.json`);
const FIXTURES = fileURLToPath(new URL('../../../packages/receipts/fixtures/', import.meta.url));

function multipart(field: string, filename: string, contentType: string, bytes: Buffer) {
  const boundary = '----evenly-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

// OCR is CPU-heavy: run it on one database only; the endpoint does not touch the database.
describe.runIf(testDbKind() === 'pglite')('receipt scanning over HTTP', () => {
  let ctx: TestContext;
  let ann: TestUser;
  beforeAll(async () => {
    ctx = await createTestContext();
    [ann] = (await createUsers(ctx, 'Ann')) as [TestUser];
  });
  afterAll(async () => {
    await ctx.close();
  });

  const scan = (body: { payload: Buffer; headers: Record<string, string> }) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/receipts/scan-and-parse',
      payload: body.payload,
      headers: { ...ann.auth, ...body.headers },
    });

  it.runIf(HAVE_DATASET)(
    'reads a real receipt photo',
    async () => {
      const labels = JSON.parse(await readFile(`${DATASET}labels.json`, 'utf8')) as {
        file: string;
        total: number;
        date: string;
      }[];
      const image = await readFile(`${DATASET}sroie-train-000.jpg`);
      const res = await scan(multipart('receipt', 'receipt.jpg', 'image/jpeg', image));
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{
        storeName: string | null;
        date: string | null;
        totalAmount: number | null;
        subtotalAmount: number | null;
        items: { name: string; price: number }[];
        confidence: { totalAmount: number };
        rawText: string;
      }>();
      // The subtotal before tax and service, when printed, is never above the total (#31).
      expect(body).toHaveProperty('subtotalAmount');
      expect(body.subtotalAmount ?? 0).toBeLessThanOrEqual(body.totalAmount ?? 0);
      expect(body.rawText.length).toBeGreaterThan(50);
      expect(Array.isArray(body.items)).toBe(true);
      const label = labels.find((l) => l.file === 'sroie-train-000.jpg');
      expect(body.totalAmount).toBe(label?.total);
      expect(body.date).toBe(label?.date);
      expect(body.confidence.totalAmount).toBeGreaterThan(0);
    },
    120_000,
  );

  it('reads an iPhone-style HEIC photo (HEVC) offline, and answers 422 for a broken one', async () => {
    const heic = await readFile(FIXTURES + 'corner-grocery.heic');
    const res = await scan(multipart('receipt', 'IMG_0001.HEIC', 'image/heic', heic));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      storeName: 'CORNER GROCERY',
      merchantName: 'Corner Grocery',
      date: '2025-03-14',
      totalAmount: 23.4,
    });

    const broken = await scan(
      multipart('receipt', 'IMG_0002.HEIC', 'image/heic', heic.subarray(0, 4000)),
    );
    expect(broken.statusCode).toBe(422);
    expect(errorBody(broken)).toMatchObject({
      code: 'UNREADABLE_RECEIPT',
      message: 'Could not read any text from this receipt.',
    });
  }, 120_000);

  it('refuses a missing file, other types, oversize and corrupt images', async () => {
    const none = await ctx.app.inject({
      method: 'POST',
      url: '/api/receipts/scan-and-parse',
      headers: { ...ann.auth, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(none.statusCode).toBe(400);
    expect(errorBody(none).message).toBe('Please select a receipt file to upload.');

    const text = await scan(
      multipart('receipt', 'a.txt', 'text/plain', Buffer.from('hello world')),
    );
    expect(text.statusCode).toBe(415);
    expect(errorBody(text).message).toBe('Please upload an image or PDF receipt.');

    const big = await scan(
      multipart(
        'receipt',
        'big.jpg',
        'image/jpeg',
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(10 * 1024 * 1024 + 10)]),
      ),
    );
    expect(big.statusCode).toBe(413);
    expect(errorBody(big).message).toBe('The file is too large. The maximum size is 10 MB.');

    const corrupt = await scan(
      multipart(
        'receipt',
        'bad.jpg',
        'image/jpeg',
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]),
      ),
    );
    expect(corrupt.statusCode).toBe(422);
    expect(errorBody(corrupt)).toMatchObject({
      code: 'UNREADABLE_RECEIPT',
      message: 'Could not read any text from this receipt.',
    });

    const anon = await ctx.app.inject({ method: 'POST', url: '/api/receipts/scan-and-parse' });
    expect(anon.statusCode).toBe(401);
  }, 120_000);
});
