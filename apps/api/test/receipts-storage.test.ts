// Receipt files (docs/api.md §1.8, §4.9): type sniffing, size limit, signed links, local disk and
// S3-compatible storage (an in-process s3rver), and cleanup on replace, remove and delete.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody } from './support/test-app.js';
import type { TestUser } from './support/fixtures.js';
import { befriend, createGroup, createUsers, leaveGroup } from './support/fixtures.js';
import { equalExpense, JPEG, multipart, PDF, PNG } from './support/ledger.js';
import { sniffReceiptFile } from '@evenly/receipts';
import { S3ReceiptStorage } from '../src/modules/receipts/storage.js';
import type { S3Config } from '../src/config/config.js';

function expenseForm(data: unknown, file?: { bytes: Buffer; name?: string; type?: string }) {
  const parts: Parameters<typeof multipart>[0] = [
    { name: 'expenseData', value: JSON.stringify(data) },
  ];
  if (file !== undefined) {
    parts.push({
      name: 'receiptFile',
      value: file.bytes,
      filename: file.name ?? 'receipt.bin',
      contentType: file.type ?? 'application/octet-stream',
    });
  }
  return multipart(parts);
}

async function send(
  ctx: TestContext,
  user: TestUser,
  method: 'POST' | 'PUT',
  url: string,
  form: ReturnType<typeof multipart>,
) {
  return ctx.app.inject({
    method,
    url,
    headers: { ...user.auth, ...form.headers },
    payload: form.payload,
  });
}

/** The receipt URL's path and query (inject wants a path). */
function localPath(url: string): string {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
}

describe('file type sniffing', () => {
  it('recognises JPEG, PNG, WebP, HEIC/HEIF and PDF by content only', () => {
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]);
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypheic'),
      Buffer.alloc(8),
    ]);
    const heif = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypmif1'),
      Buffer.alloc(8),
    ]);
    expect(sniffReceiptFile(JPEG)?.contentType).toBe('image/jpeg');
    expect(sniffReceiptFile(PNG)?.contentType).toBe('image/png');
    expect(sniffReceiptFile(webp)?.contentType).toBe('image/webp');
    expect(sniffReceiptFile(heic)?.contentType).toBe('image/heic');
    expect(sniffReceiptFile(heif)?.contentType).toBe('image/heif');
    expect(sniffReceiptFile(PDF)?.contentType).toBe('application/pdf');
    expect(sniffReceiptFile(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffReceiptFile(Buffer.from('<html>'))).toBeNull();
    expect(sniffReceiptFile(Buffer.alloc(0))).toBeNull();
  });
});

describe.each(['local', 's3'] as const)('receipts with %s storage', (storage) => {
  let ctx: TestContext;
  let s3: S3rver | null = null;
  let s3Dir = '';
  let ann: TestUser;
  let bea: TestUser;
  let cal: TestUser;
  let groupId: number;

  beforeAll(async () => {
    let env: Record<string, string> = {};
    if (storage === 's3') {
      s3Dir = await mkdtemp(path.join(os.tmpdir(), 'evenly-s3-'));
      s3 = new S3rver({
        port: 0,
        address: '127.0.0.1',
        silent: true,
        directory: s3Dir,
        configureBuckets: [{ name: 'receipts' }],
      });
      const { port } = await s3.run();
      env = {
        STORAGE: 's3',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_BUCKET: 'receipts',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      };
    }
    ctx = await createTestContext(env);
  });
  afterAll(async () => {
    await ctx.close();
    if (s3 !== null) await s3.close();
    if (s3Dir !== '') await rm(s3Dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await ctx.reset();
    await rm(path.join(ctx.dataDir, 'receipts'), { recursive: true, force: true });
    [ann, bea, cal] = (await createUsers(ctx, 'Ann', 'Bea', 'Cal')) as [
      TestUser,
      TestUser,
      TestUser,
    ];
    groupId = await createGroup(ctx.database.handle.db, ann, 'Trip', [bea]);
  });

  async function fetchReceipt(url: string) {
    const res = await ctx.app.inject({ method: 'GET', url: localPath(url) });
    if (storage === 'local' || res.statusCode !== 302) return { res, bytes: res.rawPayload };
    const location = String(res.headers.location);
    const direct = await fetch(location);
    return { res, bytes: Buffer.from(await direct.arrayBuffer()), direct };
  }

  it('stores a receipt and serves it through a signed absolute link', async () => {
    const form = expenseForm(equalExpense(ann, [ann, bea], 10, { groupId }), {
      bytes: PNG,
      name: 'x.pdf',
      type: 'application/pdf',
    });
    const res = await send(ctx, ann, 'POST', '/api/expenses', form);
    expect(res.statusCode, res.body).toBe(201);
    const url = String(res.json().receiptUrl);
    expect(url).toMatch(
      /^http:\/\/localhost(:\d+)?\/api\/receipts\/files\/[a-z0-9-]+\.png\?uid=\d+&exp=\d+&sig=[A-Za-z0-9_-]+$/,
    );
    expect(new URL(url).searchParams.get('uid')).toBe(String(ann.id));
    const exp = Number(new URL(url).searchParams.get('exp'));
    expect(exp * 1000 - Date.now()).toBeGreaterThan(3500 * 1000);
    expect(exp * 1000 - Date.now()).toBeLessThanOrEqual(3600 * 1000);

    const { res: file, bytes, direct } = await fetchReceipt(url);
    if (storage === 'local') {
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['content-disposition']).toBe('inline');
      expect(file.headers['cache-control']).toBe('private, max-age=300');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(await readdir(path.join(ctx.dataDir, 'receipts'))).toHaveLength(1);
    } else {
      expect(file.statusCode).toBe(302);
      expect(String(file.headers.location)).toContain('X-Amz-Expires=300');
      expect(direct?.status).toBe(200);
    }
    expect(Buffer.compare(bytes, PNG)).toBe(0);

    // Bea (a member) gets her own link on GET; Cal's forged uid fails.
    const get = await ctx.app.inject({
      method: 'GET',
      url: `/api/expenses/${res.json().id}`,
      headers: bea.auth,
    });
    const beaUrl = String(get.json().receiptUrl);
    expect(new URL(beaUrl).searchParams.get('uid')).toBe(String(bea.id));
    expect((await fetchReceipt(beaUrl)).res.statusCode).toBe(storage === 'local' ? 200 : 302);
    const forged = new URL(url);
    forged.searchParams.set('uid', String(cal.id));
    const bad = await ctx.app.inject({ method: 'GET', url: localPath(forged.toString()) });
    expect(bad.statusCode).toBe(403);
    expect(errorBody(bad)).toMatchObject({
      code: 'FORBIDDEN',
      message: 'This receipt link is invalid or has expired.',
    });
    const expired = new URL(url);
    expired.searchParams.set('exp', '1000');
    expect(
      (await ctx.app.inject({ method: 'GET', url: localPath(expired.toString()) })).statusCode,
    ).toBe(403);
    const noSig = new URL(url);
    noSig.searchParams.delete('sig');
    expect(
      (await ctx.app.inject({ method: 'GET', url: localPath(noSig.toString()) })).statusCode,
    ).toBe(403);
    // Losing access to the expense voids the link.
    await leaveGroup(ctx.database.handle.db, groupId, bea.id);
    const gone = await ctx.app.inject({ method: 'GET', url: localPath(beaUrl) });
    expect(gone.statusCode).toBe(403);
  });

  it('refuses non-receipt files (415) and files over 10 MB (413), storing nothing', async () => {
    let res = await send(
      ctx,
      ann,
      'POST',
      '/api/expenses',
      expenseForm(equalExpense(ann, [ann, bea], 10, { groupId }), {
        bytes: Buffer.from('GIF89a....'),
        type: 'image/png',
        name: 'a.png',
      }),
    );
    expect(res.statusCode).toBe(415);
    expect(errorBody(res).message).toBe('Please upload an image or PDF receipt.');
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    res = await send(
      ctx,
      ann,
      'POST',
      '/api/expenses',
      expenseForm(equalExpense(ann, [ann, bea], 10, { groupId }), { bytes: big }),
    );
    expect(res.statusCode).toBe(413);
    expect(errorBody(res)).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The file is too large. The maximum size is 10 MB.',
    });
    // Rule 7 comes last: a rule failure wins over a bad file.
    res = await send(
      ctx,
      ann,
      'POST',
      '/api/expenses',
      expenseForm(equalExpense(ann, [ann, ann], 10, { groupId }), { bytes: big }),
    );
    expect(res.statusCode).toBe(400);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/expenses/my',
      headers: ann.auth,
    });
    expect(list.json()).toEqual([]);
    if (storage === 'local') {
      const files = await readdir(path.join(ctx.dataDir, 'receipts')).catch(() => []);
      expect(files).toEqual([]);
    }
  });

  it('PUT keeps, replaces or removes the receipt; DELETE keeps the file until the purge', async () => {
    const created = await send(
      ctx,
      ann,
      'POST',
      '/api/expenses',
      expenseForm(equalExpense(ann, [ann, bea], 10, { groupId }), { bytes: PDF }),
    );
    const id = created.json<{ id: number }>().id;
    const firstUrl = String(created.json().receiptUrl);
    expect(firstUrl).toContain('.pdf?');
    // Kept when absent.
    let res = await send(
      ctx,
      ann,
      'PUT',
      `/api/expenses/${id}`,
      expenseForm(equalExpense(ann, [ann, bea], 12)),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(new URL(String(res.json().receiptUrl)).pathname).toBe(new URL(firstUrl).pathname);
    // Replaced.
    res = await send(
      ctx,
      ann,
      'PUT',
      `/api/expenses/${id}`,
      expenseForm(equalExpense(ann, [ann, bea], 12), { bytes: JPEG }),
    );
    const secondUrl = String(res.json().receiptUrl);
    expect(secondUrl).toContain('.jpg?');
    const old = await ctx.app.inject({ method: 'GET', url: localPath(firstUrl) });
    expect(old.statusCode).toBe(404);
    expect(errorBody(old).message).toBe('Receipt not found.');
    if (storage === 'local')
      expect(await readdir(path.join(ctx.dataDir, 'receipts'))).toHaveLength(1);
    // Removed.
    res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/expenses/${id}`,
      headers: ann.auth,
      payload: { ...equalExpense(ann, [ann, bea], 12), removeReceipt: true },
    });
    expect(res.json().receiptUrl).toBeNull();
    if (storage === 'local')
      expect(await readdir(path.join(ctx.dataDir, 'receipts'))).toHaveLength(0);
    // A deleted expense's file is no longer served, but kept while the expense is restorable.
    const again = await send(
      ctx,
      ann,
      'POST',
      '/api/expenses',
      expenseForm(equalExpense(ann, [ann, bea], 10, { groupId }), { bytes: JPEG }),
    );
    const url = String(again.json().receiptUrl);
    const remove = () =>
      ctx.app.inject({
        method: 'DELETE',
        url: `/api/expenses/${again.json().id}`,
        headers: ann.auth,
      });
    expect((await remove()).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: localPath(url) })).statusCode).toBe(404);
    if (storage === 'local')
      expect(await readdir(path.join(ctx.dataDir, 'receipts'))).toHaveLength(1);
    const restored = await ctx.app.inject({
      method: 'POST',
      url: `/api/expenses/${again.json().id}/restore`,
      headers: ann.auth,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    const back = await ctx.app.inject({
      method: 'GET',
      url: localPath(String(restored.json().receiptUrl)),
    });
    expect(back.statusCode).toBe(storage === 'local' ? 200 : 302);
    // Deleted again and purged (30 days later): the file goes with the row.
    expect((await remove()).statusCode).toBe(204);
    const purged = await ctx.app.services.deletedEntries.purge(
      new Date(Date.now() + 31 * 24 * 3600 * 1000),
    );
    expect(purged).toEqual({ expenses: 1, payments: 0, files: 1 });
    if (storage === 'local')
      expect(await readdir(path.join(ctx.dataDir, 'receipts'))).toHaveLength(0);
    if (storage === 's3') {
      // The objects themselves are gone from the bucket.
      const bucket = new S3ReceiptStorage(ctx.config.s3 as S3Config);
      for (const u of [url, firstUrl, secondUrl]) {
        expect(await bucket.get(new URL(u).pathname.split('/').pop() ?? '')).toBeNull();
      }
      bucket.close();
    }
  });

  it('non-group receipts: participants only', async () => {
    await befriend(ctx.database.handle.db, ann, cal);
    const created = await send(
      ctx,
      ann,
      'POST',
      '/api/expenses',
      expenseForm(equalExpense(ann, [ann, cal], 10), { bytes: PNG }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const get = await ctx.app.inject({
      method: 'GET',
      url: `/api/expenses/${created.json().id}`,
      headers: cal.auth,
    });
    expect((await fetchReceipt(String(get.json().receiptUrl))).res.statusCode).toBe(
      storage === 'local' ? 200 : 302,
    );
  });
});
