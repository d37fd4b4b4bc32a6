/**
 * The recogniser on several threads: the same text as on one, and a worker thread that dies is
 * replaced for the next read. Real models, real worker threads (started from sources via tsx).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createReceiptScanner } from '../../scan.js';
import { LineReaders } from './line-readers.js';
import type { LineBatch } from './read-batch.js';

const fixture = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../fixtures/corner-grocery.jpg',
);

/** A blank line image `width` px wide at the recogniser's height (48). */
function blankLine(width: number): LineBatch {
  return { data: new Float32Array(3 * 48 * width), dims: [1, 3, 48, width], used: [width / 8 + 1] };
}

describe('LineReaders', () => {
  const readers = new LineReaders(3, 1, false);
  afterAll(() => readers.close());

  it('reads on worker threads and replaces one that died', async () => {
    await readers.start();
    expect(readers.workers).toHaveLength(3);
    const dead = readers.workers[0];
    await dead?.terminate();
    expect(readers.workers).toHaveLength(2);

    const jobs = [64, 128, 256, 512, 96, 200];
    const read: number[] = [];
    await readers.readAll(jobs, blankLine, (job, lines) => {
      expect(lines).toHaveLength(1);
      read.push(job);
    });
    expect(read.sort((a, b) => a - b)).toEqual([...jobs].sort((a, b) => a - b));
    expect(readers.workers).toHaveLength(3);
    expect(readers.workers).not.toContain(dead);
  }, 60_000);
});

describe('the reader on the engine thread', () => {
  it('collects the young generation after every model run (dead outputs hold native memory)', async () => {
    const local = new LineReaders(1, 1, false);
    const gc = vi.fn();
    const scope = globalThis as { gc?: unknown };
    const before = scope.gc;
    scope.gc = gc;
    try {
      await local.readAll([64, 128, 96], blankLine, () => undefined);
    } finally {
      scope.gc = before;
      await local.close();
    }
    expect(gc.mock.calls).toEqual([[{ type: 'minor' }], [{ type: 'minor' }], [{ type: 'minor' }]]);
  }, 60_000);
});

describe('a scanner whose engine recognises on two threads', () => {
  it('reads a receipt exactly as one thread does', async () => {
    const file = readFileSync(fixture);
    const texts: string[] = [];
    for (const recogniserThreads of [1, 2]) {
      const scanner = createReceiptScanner({ recogniserThreads });
      try {
        texts.push((await scanner.scan(file)).rawText);
      } finally {
        await scanner.close();
      }
    }
    expect(texts[0]).toMatch(/\d/);
    expect(texts[1]).toBe(texts[0]);
  }, 120_000);
});
