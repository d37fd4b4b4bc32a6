// The group zip streams: receipts are read from storage one at a time as the download drains,
// never all first; unreadable ones are left out and named to the JSON.
import { once } from 'node:events';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { groupZip } from './group-zip.js';

const MB = 1024 * 1024;

async function* ids(n: number) {
  for (let id = 1; id <= n; id++) yield { id, key: `k${String(id)}.jpg` };
}

function zipOf(n: number, read: (key: string) => Promise<Uint8Array | null>) {
  const missingSeen: number[] = [];
  const logged: number[] = [];
  const stream = groupZip({
    receipts: ids(n),
    read,
    json: async function* (missing) {
      missingSeen.push(...missing);
      yield '{"missing":';
      yield JSON.stringify([...missing]);
      yield '}';
    },
    onMissing: (id) => logged.push(id),
    mtime: new Date('2025-03-20T10:00:00Z'),
  });
  return { stream, missingSeen, logged };
}

async function drain(stream: NodeJS.ReadableStream): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

describe('groupZip', () => {
  it('reads the next receipt only as the download drains (40 MB never held at once)', async () => {
    let reads = 0;
    const { stream } = zipOf(40, (key) => {
      reads += 1;
      return Promise.resolve(new Uint8Array(MB).fill(key.length));
    });
    // Nobody reads the download yet: the zip fills its buffers and waits.
    await once(stream, 'readable');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(reads).toBeLessThanOrEqual(3);
    const files = unzipSync(await drain(stream));
    expect(reads).toBe(40);
    expect(Object.keys(files)).toHaveLength(41);
    expect(files['receipts/expense-40.jpg']?.length).toBe(MB);
  });

  it('leaves out a receipt that is gone or cannot be read and tells the JSON which', async () => {
    const { stream, logged } = zipOf(4, (key) => {
      if (key === 'k2.jpg') return Promise.resolve(null);
      if (key === 'k3.jpg') return Promise.reject(new Error('storage down'));
      return Promise.resolve(new TextEncoder().encode(key));
    });
    const files = unzipSync(await drain(stream));
    expect(Object.keys(files).sort()).toEqual([
      'group.json',
      'receipts/expense-1.jpg',
      'receipts/expense-4.jpg',
    ]);
    expect(JSON.parse(new TextDecoder().decode(files['group.json']))).toEqual({ missing: [2, 3] });
    expect(new TextDecoder().decode(files['receipts/expense-4.jpg'])).toBe('k4.jpg');
    expect(logged).toEqual([3]);
  });

  it('aborts the download when the JSON cannot be read to the end', async () => {
    const stream = groupZip({
      receipts: ids(0),
      read: () => Promise.resolve(null),
      // eslint-disable-next-line require-yield -- a document that fails before its first piece
      json: async function* () {
        throw new Error('database gone');
      },
      onMissing: () => undefined,
      mtime: new Date(),
    });
    await expect(drain(stream)).rejects.toThrow('database gone');
  });
});
