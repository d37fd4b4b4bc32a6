// The formats an import reads (issue #33 point 4) and which one a file is: each reader turns its
// file into the Splitwise importer's rows, so the preview, "who is who" and commit are one flow.
// A file is recognised by its content (JSON shape or CSV header), or named by the caller.
import { readCell } from './csv-cells.js';
import { isTranslatedHeader } from './csv-words.js';
import { readCospendCsv, isCospendCsvHeader } from './cospend-csv.js';
import { isEvenlyGroupJson, readEvenlyGroupJson } from './evenly-json.js';
import { fail, ImportFileError, jsonOf, utf8Text } from './import-file.js';
import { isIhmCsvHeader, isIhmJson, readIhateMoney } from './ihatemoney-file.js';
import { isSpliitJson, readSpliitJson } from './spliit-json.js';
import { readSplitwiseCsv } from './splitwise-csv.js';
import type { SplitwiseFile } from './splitwise-format.js';
import { FIXED_COLUMNS } from './splitwise-format.js';
import { isTricountCsvHeader, readTricountCsv } from './tricount-csv.js';

export const IMPORT_FORMATS = [
  'splitwise',
  'spliit',
  'tricount',
  'ihatemoney',
  'cospend',
  'evenly',
] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

const READERS: Readonly<Record<ImportFormat, (bytes: Uint8Array) => SplitwiseFile>> = {
  splitwise: readSplitwiseCsv,
  spliit: readSpliitJson,
  tricount: readTricountCsv,
  ihatemoney: readIhateMoney,
  cospend: readCospendCsv,
  evenly: readEvenlyGroupJson,
};

export function isImportFormat(value: string): value is ImportFormat {
  return (IMPORT_FORMATS as readonly string[]).includes(value);
}

/** The header cells of a CSV text's first non-empty line, lower case (a cheap look). */
function headerOf(text: string): string[] {
  const first = text.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  const delimiter = (first.match(/;/g)?.length ?? 0) > (first.match(/,/g)?.length ?? 0) ? ';' : ',';
  return first.split(delimiter).map((c) => readCell(c.replace(/^"|"$/g, '')).toLowerCase());
}

/** The format of a file by its content; a 400 when it is none we read. */
export function detectFormat(bytes: Uint8Array): ImportFormat {
  const text = utf8Text(bytes);
  const start = text.trimStart();
  if (start.startsWith('{') || start.startsWith('[')) {
    const data = jsonOf(text);
    if (isEvenlyGroupJson(data)) return 'evenly';
    if (isSpliitJson(data)) return 'spliit';
    if (isIhmJson(data)) return 'ihatemoney';
    return fail(
      1,
      'this JSON file is none of the exports Evenly reads (Spliit, IHateMoney, Evenly).',
    );
  }
  const header = headerOf(text);
  const splitwise =
    FIXED_COLUMNS.every((c, i) => header[i] === c.toLowerCase()) || isTranslatedHeader(header);
  if (splitwise) return 'splitwise';
  if (isCospendCsvHeader(header)) return 'cospend';
  if (isIhmCsvHeader(header)) return 'ihatemoney';
  if (isTricountCsvHeader(header)) return 'tricount';
  return fail(
    1,
    'this file is none of the exports Evenly reads (Splitwise, Spliit, Tricount, IHateMoney, Cospend, Evenly).',
  );
}

/** The file read as `format` (or the format its content shows). */
export function readImportFile(
  bytes: Uint8Array,
  format: ImportFormat | 'auto',
): { format: ImportFormat; file: SplitwiseFile } {
  const f = format === 'auto' ? detectFormat(bytes) : format;
  return { format: f, file: READERS[f](bytes) };
}

export { ImportFileError };
