// One line of the trip report as runs drawn left to right (issue #33 point 3): the Unicode
// bidirectional algorithm (bidi-js) gives each character its embedding level, the line is cut
// where the level or the font changes, and the runs are put in visual order (rule L2). Each run
// is then drawn by pdfkit, which shapes it with fontkit: fontkit joins Arabic letters and itself
// reverses the glyphs of a run whose first letter is of a right-to-left script, so such a run is
// handed over in logical order; a run fontkit would not reverse (neutrals at a right-to-left
// level) is reversed here, and one it would reverse but should not (Arabic-Indic digits, which
// stay left to right) is reversed here first. Amounts and numbers stay left to right.
import { createRequire } from 'node:module';
import type { Bidi } from 'bidi-js';
import type { Face } from './report-fonts.js';
import type { ReportFormat } from './report-format.js';

// bidi-js is CommonJS whose module.exports is the factory; its types declare an ES default export,
// which TypeScript (NodeNext) would look for under .default: required, typed by its Bidi type.
const bidiFactory = createRequire(import.meta.url)('bidi-js') as () => Bidi;
const bidi = bidiFactory();

export type Direction = 'ltr' | 'rtl';
/** Which font sets Han characters: the reader's (ja, zh) or, for other readers, by the line. */
export type HanChoice = 'jp' | 'sc' | 'auto';

export interface VisualRun {
  /** The characters as pdfkit is to get them (see `shapeWhole`). */
  text: string;
  face: Face;
  /**
   * True when fontkit reverses the run's glyphs: pdfkit must then lay the run out whole (it lays
   * out word by word otherwise, which would keep the words in logical order).
   */
  shapeWhole: boolean;
  /** The run's characters as written (logical order, unmirrored): its ActualText. */
  logical: string;
}

export interface LineLayout {
  /** The paragraph direction: the reader's. */
  direction: Direction;
  han: HanChoice;
  /** Whether a face has a glyph for a character. */
  covers: (face: Face, codePoint: number) => boolean;
}

const ARABIC = /\p{Script=Arabic}/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}\u30fc\u30a0]/u;
const HAN =
  /[\p{Script=Han}\p{Script=Bopomofo}\p{Script=Hangul}\u3000-\u303f\uff00-\uff64\uffe0-\uffee]/u;
const LETTER = /[\p{L}\p{M}]/u;
/** Bidi formatting characters: they steer the levels and are not drawn (rule X9). */
const CONTROL = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/u;
/** The scripts fontkit lays out right to left (those the report can meet). */
const RTL_SCRIPT =
  /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}]/u;
/**
 * Characters that can make a left-to-right line reorder: right-to-left letters and marks and the
 * controls that open right-to-left text (an isolate of left-to-right text changes no order).
 */
const RTL_CHAR = new RegExp(`${RTL_SCRIPT.source}|[\\u200f\\u061c\\u202b\\u202e\\u2067]`, 'u');
const SCRIPT_NEUTRAL = /[\p{Script=Common}\p{Script=Inherited}\p{Script=Unknown}]/u;

/**
 * Text set apart from the line around it, in the direction of its own first letter (FSI … PDI,
 * what HTML's <bdi> does): a name, a description or an amount keeps its own order and does not
 * pull its neighbours into it (an Arabic name before "€3.00" would otherwise take the amount
 * into its right-to-left run and print "3.00€").
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

/** A report format whose amounts, dates and numbers are each isolated. */
export function isolatedFormat(fmt: ReportFormat): ReportFormat {
  return {
    locale: fmt.locale,
    money: (minor, currency) => isolate(fmt.money(minor, currency)),
    signedMoney: (minor, currency) => isolate(fmt.signedMoney(minor, currency)),
    date: (isoDate) => isolate(fmt.date(isoDate)),
    month: (isoMonth) => isolate(fmt.month(isoMonth)),
    percent: (part, whole) => isolate(fmt.percent(part, whole)),
    count: (n) => isolate(fmt.count(n)),
  };
}

/** The reader's direction: right to left for Arabic (and the other right-to-left languages). */
export function directionOf(locale: string): Direction {
  const language = locale.split('-')[0]?.toLowerCase() ?? '';
  return ['ar', 'fa', 'he', 'ur'].includes(language) ? 'rtl' : 'ltr';
}

/** Japanese readers get Japanese Han forms, Chinese ones Simplified Chinese; others by the line. */
export function hanChoiceOf(locale: string): HanChoice {
  const language = locale.split('-')[0]?.toLowerCase() ?? '';
  return language === 'ja' ? 'jp' : language === 'zh' ? 'sc' : 'auto';
}

/** The face a character asks for, or null for a neutral one (space, digit, punctuation…). */
function faceOfChar(ch: string, han: 'jp' | 'sc'): Face | null {
  if (ARABIC.test(ch)) return 'arabic';
  if (KANA.test(ch)) return 'jp';
  if (HAN.test(ch)) return han;
  // Letters and marks shared by scripts (the Arabic tatweel, combining accents) go with the
  // letters around them.
  return LETTER.test(ch) && !SCRIPT_NEUTRAL.test(ch) ? 'latin' : null;
}

/** Whether fontkit, guessing the script from the text as pdfkit lets it, lays it out reversed. */
export function fontkitReverses(text: string): boolean {
  for (const ch of text) if (!SCRIPT_NEUTRAL.test(ch)) return RTL_SCRIPT.test(ch);
  return false;
}

interface Piece {
  chars: string[];
  level: number;
  face: Face;
}

/** The runs of one line, left to right as drawn. */
export function visualRuns(text: string, layout: LineLayout): VisualRun[] {
  if (text === '') return [];
  // Left-to-right lines without a right-to-left character are all at level 0: no bidi pass.
  const levels =
    layout.direction === 'ltr' && !RTL_CHAR.test(text)
      ? null
      : bidi.getEmbeddingLevels(text, layout.direction).levels;
  const han = layout.han !== 'auto' ? layout.han : KANA.test(text) ? 'jp' : 'sc';
  // Code points with their levels (bidi-js gives one per UTF-16 unit) and wanted faces.
  const chars: { ch: string; level: number; face: Face | null }[] = [];
  let unit = 0;
  for (const ch of text) {
    if (!CONTROL.test(ch)) {
      let face = faceOfChar(ch, han);
      // Han only in the other country's font (鸭 in Chinese, 込 in Japanese): that one.
      const other = face === 'jp' ? 'sc' : face === 'sc' ? 'jp' : null;
      const cp = ch.codePointAt(0) ?? 0;
      if (other !== null && face !== null && !layout.covers(face, cp) && layout.covers(other, cp))
        face = other;
      chars.push({ ch, level: levels?.[unit] ?? 0, face });
    }
    unit += ch.length;
  }
  // A neutral goes with the letters before it at its level, else those after, if that face has
  // it; else with Latin.
  chars.forEach((c, i) => {
    if (c.face !== null) return;
    const cp = c.ch.codePointAt(0) ?? 0;
    const before = chars[i - 1];
    if (before?.level === c.level && before.face !== null && layout.covers(before.face, cp)) {
      c.face = before.face;
      return;
    }
    const after = chars.slice(i + 1).find((d) => d.level !== c.level || d.face !== null);
    c.face =
      after?.level === c.level && after.face !== null && layout.covers(after.face, cp)
        ? after.face
        : 'latin';
  });
  const pieces: Piece[] = [];
  for (const c of chars) {
    const last = pieces[pieces.length - 1];
    if (last?.level === c.level && last.face === c.face) last.chars.push(c.ch);
    else pieces.push({ chars: [c.ch], level: c.level, face: c.face ?? 'latin' });
  }
  return reorder(pieces).map(toRun);
}

/** Rule L2: from the highest level down to the lowest odd one, reverse every stretch at or above it. */
function reorder(pieces: Piece[]): Piece[] {
  const out = [...pieces];
  const levels = out.map((p) => p.level);
  const highest = Math.max(0, ...levels);
  const lowestOdd = Math.min(...levels.map((l) => (l % 2 === 1 ? l : l + 1)));
  for (let level = highest; level >= lowestOdd; level--) {
    let i = 0;
    while (i < out.length) {
      if ((out[i]?.level ?? 0) < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < out.length && (out[j]?.level ?? 0) >= level) j++;
      out.splice(i, j - i, ...out.slice(i, j).reverse());
      i = j;
    }
  }
  return out;
}

/** A piece as pdfkit gets it: mirrored brackets at right-to-left levels, reversed as needed. */
function toRun(piece: Piece): VisualRun {
  const rtl = piece.level % 2 === 1;
  const chars = rtl ? piece.chars.map((ch) => bidi.getMirroredCharacter(ch) ?? ch) : piece.chars;
  const logical = chars.join('');
  const reverses = fontkitReverses(logical);
  // fontkit reverses exactly when the first script letter is right to left; make its result
  // the visual order wanted.
  const text = reverses === rtl ? logical : [...chars].reverse().join('');
  return { text, face: piece.face, shapeWhole: reverses, logical: piece.chars.join('') };
}
