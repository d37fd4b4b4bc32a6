import { describe, expect, it } from 'vitest';
import { FontChooser, reportFonts, scriptRuns } from './report-fonts.js';
import type { FontSet } from './report-fonts.js';

describe('scriptRuns', () => {
  it('cuts text where a letter of another script begins', () => {
    expect(scriptRuns('Zażółć gęślą jaźń, İstanbul')).toEqual([
      { script: 'latin', text: 'Zażółć gęślą jaźń, İstanbul' },
    ]);
    expect(scriptRuns('Ann, 山田。 and أحمد 12')).toEqual([
      { script: 'latin', text: 'Ann, ' },
      { script: 'cjk', text: '山田。 ' },
      { script: 'latin', text: 'and ' },
      { script: 'arabic', text: 'أحمد 12' },
    ]);
    // Leading neutral characters go with the first letter's script.
    expect(scriptRuns('€12.50 すし')).toEqual([{ script: 'cjk', text: '€12.50 すし' }]);
    expect(scriptRuns('12 345')).toEqual([{ script: 'latin', text: '12 345' }]);
    expect(scriptRuns('')).toEqual([]);
  });
});

describe('fonts', () => {
  it('ships the Latin font with the app', () => {
    const fonts = reportFonts();
    expect(typeof fonts.latin.regular).toBe('object');
    expect(typeof fonts.latin.bold).toBe('object');
  });

  it('opens files by path, registers a face of a collection once, and falls back to Latin without a font for the script', () => {
    const calls: string[] = [];
    const doc = {
      registerFont: (name: string) => calls.push(`register ${name}`),
      font: (name: string) => calls.push(`font ${name}`),
    };
    const fonts: FontSet = {
      latin: { regular: { path: '/l.ttf' }, bold: 'Helvetica-Bold' },
      cjk: { path: '/c.ttc', family: 'C' },
      arabic: null,
    };
    const chooser = new FontChooser(doc, fonts);
    chooser.use('latin');
    chooser.use('latin');
    chooser.use('cjk');
    chooser.use('arabic');
    chooser.use('cjk');
    chooser.use('latin', 'bold');
    expect(calls).toEqual([
      'font /l.ttf',
      'font /l.ttf',
      'register /c.ttc#C',
      'font /c.ttc#C',
      'font /l.ttf',
      'font /c.ttc#C',
      'font Helvetica-Bold',
    ]);
  });
});
