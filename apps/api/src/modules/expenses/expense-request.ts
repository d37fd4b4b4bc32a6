// Reads POST/PUT /expenses bodies: multipart/form-data (text part `expenseData`, or a part with
// Content-Type application/json; optional file part `receiptFile`) or application/json.
import type { FastifyRequest } from 'fastify';
import { InvalidJsonError, UnsupportedMediaTypeError } from '../../errors/app-errors.js';
import { canonicalJson } from '../idempotency/idempotency.js';
import type { UploadedFile } from '../receipts/receipt.service.js';

export const MSG_EXPENSE_MEDIA_TYPE =
  'Send the expense as multipart/form-data or application/json.';
export const MSG_EXPENSE_DATA_JSON = 'expenseData must be valid JSON.';

export interface ParsedExpenseBody {
  /** The expenseData object (undefined when missing). */
  data: unknown;
  file: UploadedFile | null;
  /** Parts that identify the request for Idempotency-Key hashing. */
  hashParts: (string | Uint8Array)[];
}

function parseExpenseData(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new InvalidJsonError(MSG_EXPENSE_DATA_JSON);
  }
}

// Oversized files are detected from `truncated`, so that rule 7 keeps its place in the order.
const PARTS_OPTIONS = { throwFileSizeLimit: false } as unknown as Parameters<
  FastifyRequest['parts']
>[0];

function hasCode(e: unknown, code: string): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === code;
}

export async function readExpenseBody(request: FastifyRequest): Promise<ParsedExpenseBody> {
  if (request.isMultipart()) {
    let data: unknown = undefined;
    let dataText = '';
    let file: UploadedFile | null = null;
    try {
      for await (const part of request.parts(PARTS_OPTIONS)) {
        if (part.type === 'file') {
          const chunks: Buffer[] = [];
          for await (const chunk of part.file) chunks.push(chunk as Buffer);
          const bytes = Buffer.concat(chunks);
          if (part.fieldname === 'expenseData') {
            dataText = bytes.toString('utf8');
            data = parseExpenseData(dataText);
          } else if (part.fieldname === 'receiptFile' && file === null) {
            file = { bytes, truncated: part.file.truncated };
          }
        } else if (part.fieldname === 'expenseData') {
          if (typeof part.value === 'string') {
            dataText = part.value;
            data = parseExpenseData(dataText);
          } else {
            data = part.value;
            dataText = JSON.stringify(part.value) ?? '';
          }
        }
      }
    } catch (e) {
      if (hasCode(e, 'FST_INVALID_JSON_FIELD_ERROR')) {
        throw new InvalidJsonError(MSG_EXPENSE_DATA_JSON);
      }
      throw e;
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
    return { data, file: null, hashParts: ['json', canonicalJson(data ?? null)] };
  }
  throw new UnsupportedMediaTypeError(MSG_EXPENSE_MEDIA_TYPE);
}
