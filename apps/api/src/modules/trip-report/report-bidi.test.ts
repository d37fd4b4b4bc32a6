import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import type { LineLayout, VisualRun } from './report-bidi.js';
import {
  directionOf,
  fontkitReverses,
  hanChoiceOf,
  isolate,
  isolatedFormat,
  visualRuns,
} from './report-bidi.js';
import { reportFormat } from './report-format.js';
import { shippedFontPath } from './report-fonts.js';
import type { Face } from './report-fonts.js';

// Coverage as the shipped fonts have it where it matters here: every face has ASCII and the
// Arabic one has Arabic; Latin lacks Arabic-Indic digits.
const covers = (face: Face, cp: number) =>
  cp < 0x80 || face !== 'latin' || !(cp >= 0x600 && cp <= 0x6ff);
const ltr: LineLayout = { direction: 'ltr', han: 'auto', covers };
const rtl: LineLayout = { direction: 'rtl', han: 'auto', covers };
const brief = (runs: VisualRun[]) => runs.map((r) => [r.text, r.face, r.shapeWhole]);

describe('visualRuns', () => {
  it('keeps a left-to-right line as one run per font', () => {
    expect(brief(visualRuns('Zażółć gęślą jaźń, €12.50', ltr))).toEqual([
      ['Zażółć gęślą jaźń, €12.50', 'latin', false],
    ]);
    expect(visualRuns('', ltr)).toEqual([]);
  });

  it('puts Arabic, its number and a Latin word in visual order in a left-to-right line', () => {
    // Logical: Arabic words, a number, a Latin word. The number after Arabic letters is an
    // Arabic number (rule W2): the Arabic and the number form one right-to-left stretch, drawn
    // number first; the Arabic run is handed over in logical order (fontkit reverses it).
    expect(brief(visualRuns('رحلة إلى دبي 2025 Dubai', ltr))).toEqual([
      ['2025', 'latin', false],
      ['رحلة إلى دبي ', 'arabic', true],
      [' Dubai', 'latin', false],
    ]);
  });

  it('sets a right-to-left line from the right: amounts stay left to right, controls go', () => {
    // As Intl writes an amount in Arabic: a right-to-left mark before the digits.
    expect(brief(visualRuns('المجموع: \u200f1,234.50 € لـ Ann', rtl))).toEqual([
      ['Ann', 'latin', false],
      // The currency sign, apart from the digits, is a neutral between right-to-left text: it
      // reads after the number from the right, as a browser shows it.
      [' € لـ ', 'arabic', true],
      ['1,234.50', 'latin', false],
      ['المجموع: ', 'arabic', true],
    ]);
    // A Latin-only line in an Arabic report reads left to right.
    expect(brief(visualRuns('Hotel 2 nights', rtl))).toEqual([['Hotel 2 nights', 'latin', false]]);
  });

  it('keeps isolated names and amounts apart, each in its own direction', () => {
    // Without isolation the amount after an Arabic name joins its right-to-left stretch.
    expect(brief(visualRuns('أحمد €3.00', ltr))[0]).toEqual(['3.00', 'latin', false]);
    expect(brief(visualRuns(`${isolate('أحمد')} ${isolate('€3.00')}`, ltr))).toEqual([
      ['أحمد', 'arabic', true],
      [' ', 'latin', false],
      ['€3.00', 'latin', false],
    ]);
    // A description in Arabic reads from the right even in a left-to-right report.
    expect(brief(visualRuns(isolate('رحلة إلى دبي 2025 Dubai'), ltr))).toEqual([
      ['Dubai', 'latin', false],
      [' ', 'latin', false],
      ['2025', 'latin', false],
      ['رحلة إلى دبي ', 'arabic', true],
    ]);
    const fmt = isolatedFormat(reportFormat('en-US'));
    expect(fmt.money(300, 'EUR')).toBe('\u2068€3.00\u2069');
    expect(fmt.date('2025-03-14')).toBe('\u2068Mar 14, 2025\u2069');
  });

  it('mirrors brackets at right-to-left levels and keeps the logical text for ActualText', () => {
    const [run] = visualRuns('(إلى)', rtl);
    expect(run).toEqual({ text: ')إلى(', face: 'arabic', shapeWhole: true, logical: '(إلى)' });
  });

  it('reverses what fontkit would not, and un-reverses what it would but must not', () => {
    // Neutrals alone at a right-to-left level, in a font fontkit lays out left to right (here
    // the Arabic face is made to lack guillemets): mirrored and reversed here.
    const noQuotes = (f: Face, cp: number) => f === 'latin' || cp === 0x20 || cp >= 0x600;
    expect(brief(visualRuns('أ «!» ب', { ...rtl, covers: noQuotes }))).toEqual([
      ['ب', 'arabic', true],
      [' «!»', 'latin', false],
      ['أ ', 'arabic', true],
    ]);
    // Arabic-Indic digits stay left to right, but fontkit would reverse them (Arabic script).
    expect(brief(visualRuns('المبلغ ١٢٣', rtl))).toEqual([
      ['٣٢١', 'arabic', true],
      ['المبلغ ', 'arabic', true],
    ]);
  });

  it('sets Han in the reader’s font, kana always in the Japanese one', () => {
    const line = (han: LineLayout['han'], text: string) =>
      brief(visualRuns(text, { ...ltr, han })).map((r) => r[1]);
    expect(line('jp', '北京烤鸭')).toEqual(['jp']);
    expect(line('sc', '北京烤鸭')).toEqual(['sc']);
    expect(line('sc', 'ラーメン')).toEqual(['jp']);
    expect(line('auto', '東京旅行 ラーメン')).toEqual(['jp']);
    expect(line('auto', '北京烤鸭 2')).toEqual(['sc']);
    expect(brief(visualRuns('Ann, 山田。 and 12', { ...ltr, han: 'jp' }))).toEqual([
      ['Ann, ', 'latin', false],
      ['山田。 ', 'jp', false],
      ['and 12', 'latin', false],
    ]);
  });

  it('knows the reader’s direction and Han font', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('ar-EG')).toBe('rtl');
    expect(directionOf('pt-BR')).toBe('ltr');
    expect(hanChoiceOf('ja')).toBe('jp');
    expect(hanChoiceOf('zh-CN')).toBe('sc');
    expect(hanChoiceOf('en-US')).toBe('auto');
  });
});

describe('fontkit, as pdfkit uses it', () => {
  const font = fontkit.openSync(shippedFontPath('arabic', 'regular'));
  if (!('layout' in font)) throw new Error('not a font');

  it('joins Arabic letters and reverses the run itself (so the report must not)', () => {
    const run = font.layout('رحلة');
    const letters = run.glyphs.filter((g) => g.codePoints.length > 0);
    expect(letters.map((g) => String.fromCodePoint(...g.codePoints)).join('')).toBe('ةلحر');
    // Joining forms, not the letters' isolated glyphs.
    const isolated = [...'رحلة'].map((ch) => font.glyphForCodePoint(ch.codePointAt(0) ?? 0).id);
    expect(letters.map((g) => g.id).reverse()).not.toEqual(isolated);
    expect(letters.map((g) => g.name)).toContain('uni062D.init');
  });

  it('reverses exactly the texts fontkitReverses says', () => {
    for (const text of ['رحلة', ' رحلة (1)', 'abc', '(12) €', '١٢٣', 'שלום', 'ラーメン', '']) {
      expect(fontkitReverses(text), text).toBe(font.layout(text).direction === 'rtl');
    }
  });
});
