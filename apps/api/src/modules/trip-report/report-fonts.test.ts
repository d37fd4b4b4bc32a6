import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { FACES, FontChooser, loadedFaces, shippedFontPath, WEIGHTS } from './report-fonts.js';

describe('shipped fonts', () => {
  it('are all installed from npm and have the scripts they are for', () => {
    const samples = {
      latin: 'Zażółć İ Ωμέγα Ж ệ €',
      jp: '東京旅行ラーメン',
      sc: '北京烤鸭',
      arabic: 'رحلة إلى دبي ١٢',
    };
    for (const face of FACES) {
      for (const weight of WEIGHTS) {
        const font = fontkit.openSync(shippedFontPath(face, weight));
        if (!('hasGlyphForCodePoint' in font)) throw new Error('not a font');
        for (const ch of samples[face].replace(/ /g, '')) {
          expect(font.hasGlyphForCodePoint(ch.codePointAt(0) ?? 0), `${face} ${weight} ${ch}`).toBe(
            true,
          );
        }
      }
    }
  });

  it('are read once per process, when a document first needs them', () => {
    // This file's module instance: nothing read before this test.
    expect(loadedFaces()).toEqual([]);
    const calls: string[] = [];
    const doc = {
      registerFont: (name: string, src?: unknown) =>
        calls.push(
          `register ${name} ${typeof src === 'object' && src !== null && 'layout' in src ? 'parsed' : 'file'}`,
        ),
      font: (name: string) => calls.push(`font ${name}`),
    };
    const chooser = new FontChooser(doc);
    chooser.use('latin');
    chooser.use('latin');
    chooser.use('jp', 'bold');
    expect(calls).toEqual([
      'register latin-regular parsed',
      'font latin-regular',
      'font latin-regular',
      'register jp-bold parsed',
      'font jp-bold',
    ]);
    expect(chooser.covers('jp', 0x30e9, 'bold')).toBe(true);
    expect(loadedFaces()).toEqual(['latin-regular', 'jp-bold']);
    // A second document registers the same parsed font; nothing is read again.
    new FontChooser(doc).use('jp', 'bold');
    expect(loadedFaces()).toEqual(['latin-regular', 'jp-bold']);
  });
});
