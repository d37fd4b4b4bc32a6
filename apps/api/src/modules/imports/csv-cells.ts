// CSV formula injection (issue #30): a spreadsheet opens a cell that begins with `=`, `+`, `-`,
// `@`, a tab or a carriage return as a formula. Every text cell the server writes (descriptions,
// names, categories) goes through `safeCell`, which puts a single quote before such a cell (the
// OWASP advice; spreadsheets show the text and do not evaluate it). Amount cells are written as
// numbers and never changed, so `-12.50` stays a number.
//
// The importer undoes it with `readCell`, so our own export imports back unchanged. The pair is
// exact for any text: a cell that already begins with quotes before such a character gets one
// more quote on the way out, and exactly one is removed on the way in.

/** A cell a spreadsheet would evaluate, after any single quotes. */
const FORMULA_START = /^'*[=+\-@\t\r]/;
/** A cell written by `safeCell` with a quote added. */
const NEUTRALISED = /^'+[=+\-@\t\r]/;

/** The text cell as written: trimmed, with a quote before a would-be formula. */
export function safeCell(text: string): string {
  const t = text.trim();
  return FORMULA_START.test(t) ? `'${t}` : t;
}

/** A text cell as read (the writer's quote removed), trimmed. */
export function readCell(raw: string): string {
  const t = raw.trim();
  return (NEUTRALISED.test(t) ? t.slice(1) : t).trim();
}

/** The writer's quoting rule: line breaks, and every neutralised cell (quoted, as OWASP says). */
export const QUOTED_CELLS: RegExp[] = [/[\r\n]/, NEUTRALISED];
