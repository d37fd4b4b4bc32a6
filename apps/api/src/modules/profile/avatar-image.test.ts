import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { toAvatarWebp } from './avatar-image.js';
import { looksLikeHeif } from './heic-decode.js';

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
});
