// The trip report's fonts (issue #33 point 3). Latin, Greek, Cyrillic and Vietnamese: Noto Sans,
// shipped with the app (npm @expo-google-fonts/noto-sans, TrueType). Chinese/Japanese/Korean and
// Arabic: a system font when the host has one (Debian fonts-noto-cjk, fonts-dejavu-core,
// fonts-noto-core; docs/operations.md), found at run time; without one such text prints as
// empty boxes, never a broken document. Text is cut into runs of one script (scriptRuns), each
// set in its font. pdfkit embeds only the glyphs used (subsets).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

export type Script = 'latin' | 'cjk' | 'arabic';
export type Weight = 'regular' | 'bold';

const CJK =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}\u3000-\u303f\uff00-\uffef]/u;
const ARABIC = /\p{Script=Arabic}/u;
/** Letters and marks: they decide a run's script; anything else joins the run it is in. */
const STRONG = /[\p{L}\p{M}]/u;

/** The script of one character, or null for a neutral one (space, digit, punctuation, symbol). */
function scriptOfChar(ch: string): Script | null {
  if (CJK.test(ch)) return 'cjk';
  if (ARABIC.test(ch)) return 'arabic';
  return STRONG.test(ch) ? 'latin' : null;
}

/**
 * Text cut into runs that each need one font, in order: a run changes where a letter of another
 * script begins; neutral characters stay with the run they are in (leading ones with the first).
 */
export function scriptRuns(text: string): { script: Script; text: string }[] {
  const runs: { script: Script; text: string }[] = [];
  let pending = '';
  for (const ch of text) {
    const script = scriptOfChar(ch);
    const last = runs[runs.length - 1];
    if (script === null) {
      if (last === undefined) pending += ch;
      else last.text += ch;
    } else if (last?.script === script) {
      last.text += ch;
    } else {
      runs.push({ script, text: pending + ch });
      pending = '';
    }
  }
  if (pending !== '') runs.push({ script: 'latin', text: pending });
  return runs;
}

/** A font file; `family` names the face inside a collection (.ttc). */
export interface FontFile {
  path: string;
  family?: string;
}

/** Fonts for the non-Latin scripts, in order of preference (Debian paths). */
const SYSTEM_FONTS: Readonly<Record<Exclude<Script, 'latin'>, readonly FontFile[]>> = {
  cjk: [
    {
      path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
      family: 'NotoSansCJKsc-Regular',
    },
    { path: '/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf' },
    { path: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', family: 'WenQuanYiMicroHei' },
  ],
  // DejaVu Sans first: it has Latin beside Arabic, and names mix scripts.
  arabic: [
    { path: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf' },
    { path: '/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf' },
    { path: '/usr/share/fonts/truetype/noto/NotoNaskhArabic-Regular.ttf' },
  ],
};

/** pdfkit's own Helvetica: Latin-1 only; used only when the bundled font cannot be found. */
const BUILT_IN: Readonly<Record<Weight, string>> = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
};

export interface FontSet {
  /** A file, or the name of a font built into pdfkit. */
  latin: Readonly<Record<Weight, FontFile | string>>;
  cjk: FontFile | null;
  arabic: FontFile | null;
}

function bundled(file: string): FontFile | null {
  try {
    const path = createRequire(import.meta.url).resolve(`@expo-google-fonts/noto-sans/${file}`);
    return existsSync(path) ? { path } : null;
  } catch {
    return null;
  }
}

let found: FontSet | undefined;

/** The fonts of this host, looked for once per process. */
export function reportFonts(): FontSet {
  found ??= {
    latin: {
      regular: bundled('400Regular/NotoSans_400Regular.ttf') ?? BUILT_IN.regular,
      bold: bundled('700Bold/NotoSans_700Bold.ttf') ?? BUILT_IN.bold,
    },
    cjk: SYSTEM_FONTS.cjk.find((f) => existsSync(f.path)) ?? null,
    arabic: SYSTEM_FONTS.arabic.find((f) => existsSync(f.path)) ?? null,
  };
  return found;
}

/** The pdfkit methods font selection uses (a PDFDocument has them). */
interface FontTarget {
  registerFont(name: string, src?: string, family?: string): unknown;
  font(name: string): unknown;
}

/**
 * Chooses fonts on one document: `use(script, weight)` selects the font for a run, registering a
 * file on its first use (so a report without Chinese never reads the CJK font).
 */
export class FontChooser {
  /** Names registered on the document: a file's path and face. */
  private readonly registered = new Set<string>();

  constructor(
    private readonly doc: FontTarget,
    private readonly fonts: FontSet = reportFonts(),
  ) {}

  /** Selects the font for text of `script`; Latin's when the host has none for it. */
  use(script: Script, weight: Weight = 'regular'): void {
    const file =
      script === 'latin'
        ? this.fonts.latin[weight]
        : (this.fonts[script] ?? this.fonts.latin[weight]);
    // A file is used by its path, which pdfkit caches its parsed font under (a font opened by
    // another name whose face is already loaded is parsed again on every call).
    if (typeof file === 'string' || file.family === undefined) {
      this.doc.font(typeof file === 'string' ? file : file.path);
      return;
    }
    const name = `${file.path}#${file.family}`;
    if (!this.registered.has(name)) {
      this.doc.registerFont(name, file.path, file.family);
      this.registered.add(name);
    }
    this.doc.font(name);
  }
}
