import { readFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PayloadTooLargeError } from '../../errors/app-errors.js';
import { MAX_AVATAR_PIXELS, toAvatarWebp } from './avatar-image.js';
import { heifDeclaredSize, looksLikeHeif } from './heic-decode.js';

const HEIC = path.join(
  path.dirname(new URL(import.meta.url).pathname),
  '../../../../../packages/receipts/fixtures/corner-grocery.heic',
);

async function size(webp: Buffer | null) {
  expect(webp).not.toBeNull();
  const meta = await sharp(webp ?? Buffer.alloc(0)).metadata();
  return { format: meta.format, width: meta.width, height: meta.height };
}

describe('toAvatarWebp', () => {
  it('makes a 256×256 WebP of a JPEG, PNG, WebP and GIF', async () => {
    const base = () =>
      sharp({ create: { width: 400, height: 200, channels: 3, background: '#3a7' } });
    for (const bytes of [
      await base().jpeg().toBuffer(),
      await base().png().toBuffer(),
      await base().webp().toBuffer(),
      await base().gif().toBuffer(),
    ]) {
      expect(await size(await toAvatarWebp(bytes))).toEqual({
        format: 'webp',
        width: 256,
        height: 256,
      });
    }
  });

  it('turns a picture upright by its EXIF orientation', async () => {
    // 40×20 stored, orientation 6 (rotate 90° clockwise): the left half red, the right half blue.
    const left = await sharp({
      create: { width: 20, height: 20, channels: 3, background: '#ff0000' },
    })
      .png()
      .toBuffer();
    const jpeg = await sharp({
      create: { width: 40, height: 20, channels: 3, background: '#0000ff' },
    })
      .composite([{ input: left, left: 0, top: 0 }])
      .withMetadata({ orientation: 6 })
      .jpeg({ quality: 100 })
      .toBuffer();
    const webp = await toAvatarWebp(jpeg);
    // Upright, the stored left half (red) is at the top.
    const { data } = await sharp(webp ?? Buffer.alloc(0))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const top = data.subarray(0, 3);
    expect(top[0]).toBeGreaterThan(200);
    expect(top[2]).toBeLessThan(60);
  });

  it('decodes an iPhone HEIC (HEVC) with libheif', async () => {
    const heic = readFileSync(HEIC);
    expect(looksLikeHeif(heic)).toBe(true);
    expect(await size(await toAvatarWebp(heic))).toEqual({
      format: 'webp',
      width: 256,
      height: 256,
    });
  });

  it('refuses what is not a picture', async () => {
    expect(await toAvatarWebp(Buffer.from('%PDF-1.7 nothing to see'))).toBeNull();
    expect(await toAvatarWebp(Buffer.alloc(0))).toBeNull();
    const fakeHeic = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypheic'),
      Buffer.alloc(40),
    ]);
    expect(looksLikeHeif(fakeHeic)).toBe(true);
    expect(await toAvatarWebp(fakeHeic)).toBeNull();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    expect(await toAvatarWebp(svg)).toBeNull();
  });

  it('refuses a small HEIC that declares a huge picture before decoding it (issue #30 finding 3)', async () => {
    const heic = readFileSync(HEIC);
    expect(heifDeclaredSize(heic)).toEqual({ width: 576, height: 776 });
    // 24 KB that declare 7000 × 7000 pixels (49 MP: under the old 50 MP limit).
    const bomb = Buffer.from(heic);
    const ispe = bomb.indexOf('ispe');
    bomb.writeUInt32BE(7000, ispe + 8);
    bomb.writeUInt32BE(7000, ispe + 12);
    expect(heifDeclaredSize(bomb)).toEqual({ width: 7000, height: 7000 });
    const refused = await toAvatarWebp(bomb).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PayloadTooLargeError);
    expect((refused as PayloadTooLargeError).message).toBe(
      'The picture is 7000 × 7000 pixels (49.0 megapixels). Profile pictures may have at most 25 megapixels: please choose a smaller one.',
    );
    expect(MAX_AVATAR_PIXELS).toBeLessThan(50_000_000);
  });

  it('refuses a PNG whose header declares more than the limit, from the header alone', async () => {
    // 6000 × 6000 declared, a few bytes of image data: a decode would allocate for all of it.
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type), data]);
      const head = Buffer.alloc(4);
      head.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body));
      return Buffer.concat([head, body, crc]);
    };
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(6000, 0);
    ihdr.writeUInt32BE(6000, 4);
    ihdr.set([8, 2, 0, 0, 0], 8);
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(Buffer.alloc(10))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    await expect(toAvatarWebp(png)).rejects.toThrow(
      'The picture is 6000 × 6000 pixels (36.0 megapixels).',
    );
  });
});
