// A group "with receipts" as one zip (issue #31 point 6): every receipt file under receipts/,
// then group.json, whose expenses name their file by its path inside the zip (no link that
// expires). Streamed: yazl writes each entry as the response drains, one receipt is read from
// storage at a time, and the JSON is read from the database in batches while it is written.
// The receipts go first so the JSON can say which of them could not be read (a missing file is
// reported there, never a failed download).
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { receiptPath } from './group-json.js';

export const GROUP_JSON_NAME = 'group.json';

/** Pieces a receipt is handed to the zip in, so backpressure reaches the storage reads. */
const CHUNK = 64 * 1024;

function* chunksOf(bytes: Uint8Array): Generator<Buffer> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 0; at < buffer.length; at += CHUNK) yield buffer.subarray(at, at + CHUNK);
}

export interface GroupZipInput {
  /** The live expenses with a receipt file, by id. */
  receipts: AsyncIterable<{ id: number; key: string }>;
  /** The stored bytes; null (or a failure) when the file cannot be read. */
  read: (key: string) => Promise<Uint8Array | null>;
  /** The JSON document, given the ids of the expenses whose receipt could not be read. */
  json: (missing: ReadonlySet<number>) => AsyncIterable<string>;
  /** Told of a receipt that could not be read (for the log). */
  onMissing: (expenseId: number, error: unknown) => void;
  mtime: Date;
}

/** The zip as a byte stream; a failure midway (database gone) aborts the stream. */
export function groupZip(input: GroupZipInput): Readable {
  const zip = new ZipFile();
  const out = zip.outputStream as Readable;
  const fail = (error: unknown) =>
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  zip.on('error', fail);
  // A download cut short: stop reading the entry in hand (and so the database and storage).
  let current: Readable | null = null;
  out.on('close', () => current?.destroy());
  const missing = new Set<number>();
  async function write(): Promise<void> {
    for await (const r of input.receipts) {
      if (out.destroyed) return;
      let bytes: Uint8Array | null;
      try {
        bytes = await input.read(r.key);
      } catch (error) {
        input.onMissing(r.id, error);
        bytes = null;
      }
      if (bytes === null) {
        missing.add(r.id);
        continue;
      }
      const file = Readable.from(chunksOf(bytes), { objectMode: false });
      current = file;
      // Receipts are JPEG, PNG, WebP or PDF: compressed already.
      zip.addReadStream(file, receiptPath(r.id, r.key), {
        compress: false,
        mtime: input.mtime,
        size: bytes.byteLength,
      });
      // The next file is read only once this one has been taken up by the zip.
      await finished(file);
    }
    const json = Readable.from(input.json(missing), { objectMode: false });
    json.on('error', fail);
    current = json;
    zip.addReadStream(json, GROUP_JSON_NAME, { mtime: input.mtime });
    zip.end();
  }
  write().catch(fail);
  return out;
}
