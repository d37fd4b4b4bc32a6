import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fitSize, normaliseImage } from './normalise.js';

const limits = { maxSide: 2000, maxPixels: 3_000_000, maxInputPixels: 40_000_000 };

describe('normaliseImage', () => {
  it('gives RGB pixels for grey, RGBA and CMYK inputs, flattening transparency onto white', async () => {
    const grey = await sharp({
      create: { width: 30, height: 20, channels: 3, background: '#808080' },
    })
      .toColourspace('b-w')
      .jpeg()
      .toBuffer();
    expect((await sharp(grey).metadata()).channels).toBe(1);
    const g = await normaliseImage(grey, limits);
    expect([g.width, g.height, g.channels, g.data.length]).toEqual([30, 20, 3, 30 * 20 * 3]);

    const clear = await sharp({
      create: { width: 8, height: 8, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const c = await normaliseImage(clear, limits);
    expect([...c.data.subarray(0, 3)]).toEqual([255, 255, 255]);

    const cmyk = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#ff0000' },
    })
      .toColourspace('cmyk')
      .jpeg()
      .toBuffer();
    const k = await normaliseImage(cmyk, limits);
    expect(k.channels).toBe(3);
    expect(k.data[0]).toBeGreaterThan(200);
  });

  it('takes raw RGBA pixels (from the HEIC decoder) under the same pixel limit', async () => {
    const data = new Uint8Array(4 * 4 * 4).fill(255);
    const r = await normaliseImage({ data, width: 4, height: 4, channels: 4 }, limits);
    expect([r.width, r.height, r.channels]).toEqual([4, 4, 3]);
    await expect(
      normaliseImage({ data, width: 4, height: 4, channels: 4 }, { ...limits, maxInputPixels: 10 }),
    ).rejects.toMatchObject({ code: 'UNREADABLE_RECEIPT', reason: 'pixel limit' });
  });

  it('shrinks by the long side and the area, never enlarges, and turns by the EXIF orientation', async () => {
    expect(fitSize(4000, 3000, 2000, 3_000_000)).toEqual({ width: 2000, height: 1500 });
    expect(fitSize(4961, 7016, 2000, 3_000_000)).toEqual({ width: 1414, height: 2000 });
    expect(fitSize(2000, 2000, 2000, 1_000_000)).toEqual({ width: 1000, height: 1000 });
    expect(fitSize(300, 200, 2000, 3_000_000)).toEqual({ width: 300, height: 200 });
    const tall = await sharp({ create: { width: 40, height: 10, channels: 3, background: '#fff' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const t = await normaliseImage(tall, limits);
    expect([t.width, t.height]).toEqual([10, 40]);
  });
});
