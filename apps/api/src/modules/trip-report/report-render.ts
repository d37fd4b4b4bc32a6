// Writes a trip report's PDF with pdfkit (fontkit shapes its text). This file is imported by
// TripReportService on the first report, not with the server: the two libraries cost a server
// about 27 MB of resident memory, which most servers, printing a report now and then, would
// carry for nothing; on the embedded database it shares 700 MB with the receipt engine (issue
// #35). `lazy-libraries.test.ts` checks that a started server has not loaded them.
import PDFDocument from 'pdfkit';
import { directionOf, hanChoiceOf, isolate, isolatedFormat } from './report-bidi.js';
import { reportOutput, ReportCanvas } from './report-canvas.js';
import type { ReportOutput } from './report-canvas.js';
import { FontChooser } from './report-fonts.js';
import { printable, reportFormat } from './report-format.js';
import { messagesFor } from './report-messages.js';
import { ReportSections } from './report-sections.js';
import type { ReportContent } from './report-sections.js';

export interface RenderOptions {
  groupName: string;
  /** BCP 47, already checked. */
  locale: string;
  now: Date;
  /** Called when writing fails after the first byte (the reader then sees a cut download). */
  onFailure: (err: unknown) => void;
}

/** Starts writing the report; its bytes arrive on the returned body as the reader takes them. */
export function renderReport(content: ReportContent, options: RenderOptions): ReportOutput {
  const t = messagesFor(options.locale);
  const doc = new PDFDocument({
    autoFirstPage: false,
    size: 'A4',
    lang: options.locale,
    displayTitle: true,
    info: {
      Title: `${t('title')}: ${printable(options.groupName)}`,
      Creator: 'Evenly',
      CreationDate: options.now,
    },
  });
  const output = reportOutput(doc);
  const canvas = new ReportCanvas(
    doc,
    new FontChooser(doc),
    (page) => `${isolate(printable(options.groupName))} · ${t('page', { n: String(page) })}`,
    { direction: directionOf(options.locale), han: hanChoiceOf(options.locale) },
  );
  const sections = new ReportSections(
    canvas,
    t,
    isolatedFormat(reportFormat(options.locale)),
    content,
  );
  void (async () => {
    sections.title();
    for (const s of content.currencies) sections.currency(s);
    if (await sections.entries(() => output.room())) doc.end();
    else doc.destroy();
  })().catch((err: unknown) => {
    // Headers are sent: the client sees a cut download, the log says why.
    options.onFailure(err);
    output.body.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return output;
}
