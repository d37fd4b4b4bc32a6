import { createRequire } from 'node:module';
import type { LibraryHandle } from 'koffi';
import { describe, expect, it } from 'vitest';
import { onGlibc, releaseFreedMemory } from './release-freed-memory.js';

type Koffi = { load: (path: string) => LibraryHandle };
const rssMb = () => process.memoryUsage.rss() / 1048576;

describe.runIf(onGlibc())('releaseFreedMemory', () => {
  it('gives back C heap pages freed below a block still in use', () => {
    const libc = (createRequire(import.meta.url)('koffi') as Koffi).load('libc.so.6');
    const malloc = libc.func('void *malloc(size_t)');
    const free = libc.func('void free(void *)');
    const memset = libc.func('void *memset(void *, int, size_t)');
    // 80 MB in 8 KB blocks (below glibc's mmap threshold, so from the heap), each written so its
    // pages are resident; the last block stays, so nothing below it can go back from the top.
    const blocks: unknown[] = [];
    for (let i = 0; i < 10_000; i++) {
      const p = malloc(8192);
      memset(p, 1, 8192);
      blocks.push(p);
    }
    const keep = blocks.pop();
    const before = rssMb();
    for (const p of blocks) free(p);
    const afterFree = rssMb();
    const released = releaseFreedMemory();
    const afterTrim = rssMb();
    free(keep);
    // Freeing alone keeps the pages (that is the problem); the trim returns most of the 80 MB.
    expect(before - afterFree).toBeLessThan(20);
    expect(afterFree - afterTrim).toBeGreaterThan(50);
    expect(released.available).toBe(true);
    expect(released.freedMb).toBeGreaterThan(50);
  });
});
