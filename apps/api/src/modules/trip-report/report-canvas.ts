// The trip report's page primitives over pdfkit (issue #33 point 3): A4 pages with a running head,
// single lines of text fitted to a width (never wrapped by pdfkit, so pdfkit never breaks a page
// by itself: every page break is ensure()'s), table rows, rules. User text goes through pdfkit's
// text(), which encodes it: nothing here writes PDF syntax. A line is drawn as bidi runs in
// visual order, each in its shipped font (report-bidi.ts); for a right-to-left reader the page is
// mirrored: every x is measured from the right edge and left and right alignment swap, so the
// first table column is the rightmost and text columns are right-aligned.
import { PassThrough } from 'node:stream';
import type { Direction, HanChoice, VisualRun } from './report-bidi.js';
import { visualRuns } from './report-bidi.js';
import type { FontChooser, Weight } from './report-fonts.js';
import { fitText, wrapTokens } from './report-format.js';

/** A4 in points, and the margin on every side. */
export const PAGE = { width: 595.28, height: 841.89, margin: 40 } as const;

export const INK = '#111111';
export const MUTED = '#555555';
const RULE = '#bbbbbb';
/** Where the baseline sits below a line's top, per point of size (Noto Sans' ascender). */
const ASCENT = 1.07;

export interface TextStyle {
  size: number;
  weight?: Weight;
  color?: string;
  align?: 'left' | 'right';
}

export interface Column {
  width: number;
  align?: 'left' | 'right';
}

export class ReportCanvas {
  /** Where the next thing is drawn, from the top of the page (pt). */
  y: number = PAGE.margin;
  private pageNumber = 0;
  /** Drawn at the top of each new page after the running head (a table's header). */
  repeatOnNewPage: (() => void) | null = null;

  constructor(
    readonly doc: PDFKit.PDFDocument,
    private readonly fonts: FontChooser,
    private readonly runningHead: (page: number) => string,
    private readonly reader: { direction: Direction; han: HanChoice } = {
      direction: 'ltr',
      han: 'auto',
    },
  ) {}

  readonly left = PAGE.margin;
  readonly width = PAGE.width - 2 * PAGE.margin;
  private readonly bottom = PAGE.height - PAGE.margin;

  newPage(): void {
    this.doc.addPage({ size: 'A4', margin: PAGE.margin });
    this.pageNumber += 1;
    this.line(this.runningHead(this.pageNumber), this.left, 18, this.width, {
      size: 7,
      color: MUTED,
    });
    this.y = PAGE.margin;
    this.repeatOnNewPage?.();
  }

  /** Starts a new page unless `height` more points fit on this one. */
  ensure(height: number): void {
    if (this.pageNumber === 0 || this.y + height > this.bottom) this.newPage();
  }

  private runs(text: string, weight: Weight): VisualRun[] {
    return visualRuns(text, {
      ...this.reader,
      covers: (face, codePoint) => this.fonts.covers(face, codePoint, weight),
    });
  }

  /** Width of `text` in points: each run measured in its font. */
  private measure(text: string, style: TextStyle): number {
    let width = 0;
    for (const run of this.runs(text, style.weight ?? 'regular')) {
      this.fonts.use(run.face, style.weight ?? 'regular');
      width += this.doc.fontSize(style.size).widthOfString(run.text);
    }
    return width;
  }

  /**
   * One line whose top is at (x, y), cut with "…" to `width`; x and the alignment are those of a
   * left-to-right page, mirrored here for a right-to-left reader. The runs are drawn left to
   * right in visual order on one baseline.
   */
  line(text: string, x: number, y: number, width: number, style: TextStyle): void {
    if (text === '') return;
    const weight = style.weight ?? 'regular';
    const measure = (s: string) => this.measure(s, style);
    const fitted = fitText(text, width, measure);
    const rtl = this.reader.direction === 'rtl';
    const left = rtl ? PAGE.width - x - width : x;
    const align =
      (style.align ?? 'left') === 'left' ? (rtl ? 'right' : 'left') : rtl ? 'left' : 'right';
    let at = align === 'right' ? left + width - measure(fitted) : left;
    const baseline = y + style.size * ASCENT;
    this.doc.fillColor(style.color ?? INK);
    for (const run of this.runs(fitted, weight)) {
      this.fonts.use(run.face, weight);
      // Shaped Arabic shares glyphs between letters (dots and hamzas are marks of their own), so
      // the font's glyph-to-text map cannot give the words back: ActualText carries them for
      // copying and searching.
      if (run.shapeWhole) this.doc.markContent('Span', { actual: run.logical });
      this.doc.fontSize(style.size).text(run.text, at, baseline, {
        lineBreak: false,
        baseline: 'alphabetic',
        // Laid out whole, so that fontkit's reversal covers the run and not each word apart.
        ...(run.shapeWhole ? { features: [] } : {}),
      });
      if (run.shapeWhole) this.doc.endMarkedContent();
      at += this.doc.widthOfString(run.text);
    }
  }

  /** Tokens wrapped into at most `maxLines` lines of `width`, as line() would set them. */
  wrap(tokens: readonly string[], sep: string, width: number, style: TextStyle, maxLines: number) {
    return wrapTokens(tokens, sep, width, (s) => this.measure(s, style), maxLines);
  }

  /** Line height of a size, in points. */
  static lead(size: number): number {
    return Math.ceil(size * 1.35);
  }

  /** A paragraph of tokens at the current y, then y below it. */
  paragraph(tokens: readonly string[], sep: string, style: TextStyle, maxLines = 8): void {
    const lines = this.wrap(tokens, sep, this.width, style, maxLines);
    for (const l of lines) {
      this.ensure(ReportCanvas.lead(style.size));
      this.line(l, this.left, this.y, this.width, style);
      this.y += ReportCanvas.lead(style.size);
    }
  }

  heading(text: string, size: number): void {
    this.ensure(ReportCanvas.lead(size) + 40);
    this.y += size * 0.6;
    this.line(text, this.left, this.y, this.width, { size, weight: 'bold' });
    this.y += ReportCanvas.lead(size) + 2;
  }

  /** A table row: each cell one line in its column; returns the row's height. */
  row(columns: readonly Column[], cells: readonly string[], style: TextStyle): number {
    const h = ReportCanvas.lead(style.size) + 2;
    this.ensure(h);
    let x = this.left;
    columns.forEach((c, i) => {
      this.line(cells[i] ?? '', x, this.y, c.width - 4, { ...style, align: c.align ?? 'left' });
      x += c.width;
    });
    this.y += h;
    return h;
  }

  /** A table's header (bold, up to two lines per cell) with a rule under it. */
  header(columns: readonly Column[], cells: readonly string[]): void {
    const style: TextStyle = { size: 7.5, weight: 'bold', color: MUTED };
    const wrapped = columns.map((c, i) =>
      this.wrap((cells[i] ?? '').split(' '), ' ', c.width - 4, style, 2),
    );
    const lines = Math.max(1, ...wrapped.map((w) => w.length));
    const h = lines * ReportCanvas.lead(style.size) + 4;
    this.ensure(h + ReportCanvas.lead(9) * 2);
    let x = this.left;
    columns.forEach((c, i) => {
      const cellLines = wrapped[i] ?? [];
      // Bottom-aligned, so one-line headers sit on the rule like the two-line ones.
      cellLines.forEach((l, j) => {
        const y = this.y + (lines - cellLines.length + j) * ReportCanvas.lead(style.size);
        this.line(l, x, y, c.width - 4, { ...style, align: c.align ?? 'left' });
      });
      x += c.width;
    });
    this.y += h;
    this.rule();
  }

  rule(): void {
    this.doc
      .moveTo(this.left, this.y - 2)
      .lineTo(this.left + this.width, this.y - 2)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    this.y += 2;
  }

  image(jpeg: Buffer, x: number, y: number, box: number): void {
    if (this.reader.direction === 'rtl') {
      this.doc.image(jpeg, PAGE.width - x - box, y, { fit: [box, box], align: 'right' });
    } else {
      this.doc.image(jpeg, x, y, { fit: [box, box] });
    }
  }
}

/** The report's body as the reply sends it, and the writer's wait for its reader. */
export interface ReportOutput {
  body: PassThrough;
  /**
   * Resolves when the reader has taken enough of what was written (pdfkit pushes each finished
   * page without asking, so the writer asks between rows); false once the reader is gone.
   */
  room(): Promise<boolean>;
}

/** Carries the document's bytes into a stream whose back-pressure the writer waits on. */
export function reportOutput(doc: PDFKit.PDFDocument): ReportOutput {
  const body = new PassThrough();
  doc.on('data', (chunk: Buffer) => body.write(chunk));
  doc.on('end', () => body.end());
  doc.on('error', (err: Error) => body.destroy(err));
  return {
    body,
    async room() {
      if (body.writableNeedDrain && !body.destroyed) {
        await new Promise<void>((resolve) => {
          const done = () => {
            body.off('drain', done);
            body.off('close', done);
            resolve();
          };
          body.on('drain', done);
          body.on('close', done);
        });
      }
      return !body.destroyed;
    },
  };
}
