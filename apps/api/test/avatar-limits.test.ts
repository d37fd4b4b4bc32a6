// Profile pictures are bounded before they are decoded (issue #30 finding 3): a small HEIC that
// declares a huge picture (here 24 KB declaring 7000 × 7000 pixels, which took a server from 551
// to 1,106 MB) is refused from its header with 413 naming the limit, and nothing is stored.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody } from './support/test-app.js';
import type { TestUser } from './support/fixtures.js';
import { multipart } from './support/ledger.js';
import { caller, makeUsers } from './support/social.js';

const HEIC = readFileSync(
  fileURLToPath(
    new URL('../../../packages/receipts/fixtures/corner-grocery.heic', import.meta.url),
  ),
);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.reset();
});

function upload(user: TestUser, bytes: Buffer) {
  const form = multipart([
    { name: 'file', value: bytes, filename: 'IMG_0001.HEIC', contentType: 'image/heic' },
  ]);
  return ctx.app.inject({
    method: 'PUT',
    url: '/api/auth/me/avatar',
    headers: { ...user.auth, ...form.headers },
    payload: form.payload,
  });
}

/** The fixture with its declared size (the `ispe` property) changed; the pixels stay small. */
function declaring(width: number, height: number): Buffer {
  const bytes = Buffer.from(HEIC);
  const ispe = bytes.indexOf('ispe');
  bytes.writeUInt32BE(width, ispe + 8);
  bytes.writeUInt32BE(height, ispe + 12);
  return bytes;
}

describe('profile picture limits', () => {
  it('refuses a small HEIC declaring 7000 × 7000 pixels with 413 naming the limit', async () => {
    const [ann] = await makeUsers(ctx, 'Ann');
    const bomb = declaring(7000, 7000);
    expect(bomb.length).toBeLessThan(30_000);
    const res = await upload(ann, bomb);
    expect(errorBody(res)).toMatchObject({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message:
        'The picture is 7000 × 7000 pixels (49.0 megapixels). Profile pictures may have at most 25 megapixels: please choose a smaller one.',
    });
    const me = await caller(ctx, ann)('GET', '/api/auth/me');
    expect(me.json<{ avatarUrl: string | null }>().avatarUrl).toBeNull();
  });

  it('still takes the same HEIC with its real size', async () => {
    const [ann] = await makeUsers(ctx, 'Ann');
    const res = await upload(ann, HEIC);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ avatarUrl: string | null }>().avatarUrl).not.toBeNull();
  });
});
