// Reads POST/PUT /expenses bodies: multipart/form-data (text part `expenseData`, or a part with
// Content-Type application/json; optional file part `receiptFile`) or application/json.
import type { FastifyRequest } from 'fastify';
import {
  InvalidJsonError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../../errors/app-errors.js';
import { decodeUtf8, isJsonObject, MSG_BODY_NOT_OBJECT, parseJson } from '../../http/json-body.js';
import { JSON_BODY_LIMIT } from '../../plugins/body-parsers.js';
import { MSG_ONE_FILE } from '../../plugins/error-handler.js';
import { canonicalJson } from '../idempotency/index.js';
import type { UploadedFile } from '../receipts/index.js';

export const MSG_EXPENSE_MEDIA_TYPE =
  'Send the expense as multipart/form-data or application/json.';
export const MSG_EXPENSE_DATA_JSON = 'expenseData must be valid JSON.';
export const MSG_EXPENSE_DATA_OBJECT = 'expenseData must be a JSON object.';

export interface ParsedExpenseBody {
  /** The expenseData object (undefined when missing). */
  data: unknown;
  file: UploadedFile | null;
  /** Parts that identify the request for Idempotency-Key hashing. */
  hashParts: (string | Uint8Array)[];
}

/** The expenseData object from its bytes; undefined when blank. */
function parseExpenseData(bytes: Uint8Array): { data: unknown; text: string } {
  const text = decodeUtf8(bytes);
  if (text === null) throw new InvalidJsonError(MSG_EXPENSE_DATA_JSON);
  if (text.trim() === '') return { data: undefined, text };
  let data: unknown;
  try {
    data = parseJson(text);
  } catch {
    throw new InvalidJsonError(MSG_EXPENSE_DATA_JSON);
  }
  if (!isJsonObject(data)) throw new ValidationError(MSG_EXPENSE_DATA_OBJECT);
  return { data, text };
}

/**
 * `expenseData` is always taken as a file part, so its raw bytes reach us: busboy decodes text
 * parts leniently (bytes that are not UTF-8 would become U+FFFD) and parses parts declared as
 * JSON itself. The other parts keep busboy's rule.
 */
function isPartAFile(
  field: string | undefined,
  type: string | undefined,
  name: string | undefined,
) {
  return field === 'expenseData' || type === 'application/octet-stream' || name !== undefined;
}

const PARTS_OPTIONS = {
  // Oversized files are detected from `truncated`, so that rule 7 keeps its place in the order.
  throwFileSizeLimit: false,
  isPartAFile,
  // To busboy expenseData is a file too; the one-upload rule is checked while reading.
  limits: { files: 2 },
} as unknown as Parameters<FastifyRequest['parts']>[0];

async function readPart(stream: AsyncIterable<unknown>, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = chunk as Buffer;
    size += bytes.length;
    if (size > limit) return null;
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

export async function readExpenseBody(request: FastifyRequest): Promise<ParsedExpenseBody> {
  if (request.isMultipart()) {
    let data: unknown = undefined;
    let dataText = '';
    let file: UploadedFile | null = null;
    let uploads = 0;
    for await (const part of request.parts(PARTS_OPTIONS)) {
      if (part.type !== 'file') continue;
      if (part.fieldname === 'expenseData') {
        const bytes = await readPart(part.file, JSON_BODY_LIMIT);
        if (bytes === null) throw new PayloadTooLargeError();
        const parsed = parseExpenseData(bytes);
        data = parsed.data;
        // A part declared as JSON was hashed as its re-serialised value: the same request keeps
        // matching the Idempotency-Keys stored before this change (24 h).
        const declaredJson =
          part.filename === undefined && part.mimetype.startsWith('application/json');
        dataText = declaredJson && data !== undefined ? JSON.stringify(data) : parsed.text;
        continue;
      }
      uploads += 1;
      if (uploads > 1) throw new ValidationError(MSG_ONE_FILE);
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      if (part.fieldname === 'receiptFile') {
        file = { bytes: Buffer.concat(chunks), truncated: part.file.truncated };
      }
    }
    return {
      data,
      file,
      hashParts: ['multipart', dataText, file === null ? '' : file.bytes],
    };
  }
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type === 'application/json' && !request.unsupportedBody) {
    const data: unknown = request.body;
    if (data !== undefined && !isJsonObject(data)) throw new ValidationError(MSG_BODY_NOT_OBJECT);
    return { data, file: null, hashParts: ['json', canonicalJson(data ?? null)] };
  }
  throw new UnsupportedMediaTypeError(MSG_EXPENSE_MEDIA_TYPE);
}
