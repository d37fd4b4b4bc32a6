// The trip report's fonts (issue #33 point 3), every one shipped with the app from npm (pinned in
// apps/api/package.json), so a report reads the same on any host: Noto Sans for Latin, Greek,
// Cyrillic and Vietnamese, Noto Sans JP and Noto Sans SC for Japanese and Chinese, Noto Sans
// Arabic, each in regular and bold. A face's file is read once per process, the first time a
// report has text that needs it (a report without Chinese never reads the 10 MB SC file); pdfkit
// embeds in each document only the glyphs it used (subsets).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

export type Face = 'latin' | 'jp' | 'sc' | 'arabic';
export type Weight = 'regular' | 'bold';

export const FACES: readonly Face[] = ['latin', 'jp', 'sc', 'arabic'];
export const WEIGHTS: readonly Weight[] = ['regular', 'bold'];

/** npm package and file name stem of each face (the package's own folder layout). */
const PACKAGES: Readonly<Record<Face, { pkg: string; stem: string }>> = {
  latin: { pkg: '@expo-google-fonts/noto-sans', stem: 'NotoSans' },
  jp: { pkg: '@expo-google-fonts/noto-sans-jp', stem: 'NotoSansJP' },
  sc: { pkg: '@expo-google-fonts/noto-sans-sc', stem: 'NotoSansSC' },
  arabic: { pkg: '@expo-google-fonts/noto-sans-arabic', stem: 'NotoSansArabic' },
};

const FOLDER: Readonly<Record<Weight, string>> = { regular: '400Regular', bold: '700Bold' };

/** Where a shipped font file is (resolved through node_modules like any dependency). */
export function shippedFontPath(face: Face, weight: Weight): string {
  const { pkg, stem } = PACKAGES[face];
  const folder = FOLDER[weight];
  return createRequire(import.meta.url).resolve(`${pkg}/${folder}/${stem}_${folder}.ttf`);
}

export interface ShippedFont {
  /** The name it is registered under in a document. */
  readonly name: string;
  /**
   * Parsed once per process and shared by every document: pdfkit takes a parsed fontkit font as
   * well as a file, and keeps what is per document (the subset of glyphs used) apart; parsing a
   * CJK font for each document would cost tens of MB and a few hundred ms each time.
   */
  readonly font: fontkit.Font;
}

const loaded = new Map<string, ShippedFont>();

/** A shipped font, read and parsed on its first use in this process and kept. */
export function shippedFont(face: Face, weight: Weight): ShippedFont {
  const name = `${face}-${weight}`;
  let shipped = loaded.get(name);
  if (shipped === undefined) {
    const font = fontkit.create(readFileSync(shippedFontPath(face, weight)));
    if (!('hasGlyphForCodePoint' in font)) throw new Error(`${name}: a collection, not a font`);
    shipped = { name, font };
    loaded.set(name, shipped);
  }
  return shipped;
}

/** The faces read so far in this process (for tests of the lazy loading). */
export function loadedFaces(): string[] {
  return [...loaded.keys()];
}

/** The pdfkit methods font selection uses (a PDFDocument has them). */
interface FontTarget {
  registerFont(name: string, src?: PDFKit.Mixins.PDFFontSource): unknown;
  font(name: string): unknown;
}

/**
 * Chooses fonts on one document: `use(face, weight)` selects the font for a run, registering the
 * process's parsed font on its first use in this document.
 */
export class FontChooser {
  private readonly registered = new Set<string>();

  constructor(private readonly doc: FontTarget) {}

  use(face: Face, weight: Weight = 'regular'): void {
    const shipped = shippedFont(face, weight);
    if (!this.registered.has(shipped.name)) {
      // pdfkit's types name only files and bytes; its PDFFontFactory.open takes a fontkit font
      // as it is (anything with a layout method).
      this.doc.registerFont(shipped.name, shipped.font as unknown as Uint8Array);
      this.registered.add(shipped.name);
    }
    this.doc.font(shipped.name);
  }

  /** Whether the face has a glyph for a character (the regular cut: both weights cover the same). */
  covers(face: Face, codePoint: number, weight: Weight = 'regular'): boolean {
    return shippedFont(face, weight).font.hasGlyphForCodePoint(codePoint);
  }
}
