import { describe, expect, it } from 'vitest';
import { sniffMediaType } from './sniff.js';

function bytes(...parts: (string | number[])[]): Uint8Array {
  return Buffer.concat(
    parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))),
  );
}

describe('sniffMediaType', () => {
  it('recognises each accepted type by its magic bytes', () => {
    expect(sniffMediaType(bytes([0xff, 0xd8, 0xff, 0xe0], 'rest-of-jpeg'))).toBe('image/jpeg');
    expect(sniffMediaType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a], 'chunks'))).toBe(
      'image/png',
    );
    expect(sniffMediaType(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('image/webp');
    expect(sniffMediaType(bytes([0, 0, 0, 24], 'ftypheic', [0, 0, 0, 0], 'mif1heic'))).toBe(
      'image/heic',
    );
    expect(sniffMediaType(bytes([0, 0, 0, 24], 'ftypmif1', [0, 0, 0, 0], 'mif1heic'))).toBe(
      'image/heic',
    );
    expect(sniffMediaType(bytes('%PDF-1.7\n%...'))).toBe('application/pdf');
  });

  it('ignores names and declared types: other content is refused', () => {
    expect(sniffMediaType(bytes('GIF89a......'))).toBeNull();
    expect(sniffMediaType(bytes('hello, this is a text file'))).toBeNull();
    expect(sniffMediaType(bytes([0, 0, 0, 24], 'ftypisom', [0, 0, 0, 0], 'isomavc1'))).toBeNull(); // MP4
    expect(sniffMediaType(new Uint8Array(0))).toBeNull();
    expect(sniffMediaType(bytes([0xff, 0xd8]))).toBeNull();
  });
});
