import { describe, expect, it } from 'vitest';
import { detectFormat } from './import-formats.js';
import { problemsOf, sample } from './import-test-support.js';

describe('recognising an import file by its content', () => {
  it.each([
    ['spliit.json', 'spliit'],
    ['ihatemoney.csv', 'ihatemoney'],
    ['ihatemoney.json', 'ihatemoney'],
    ['cospend.csv', 'cospend'],
    ['tricount.csv', 'tricount'],
    ['evenly.json', 'evenly'],
  ])('%s is %s', (name, format) => {
    expect(detectFormat(sample(name))).toBe(format);
  });

  it('a Splitwise CSV (with a byte order mark) is splitwise', () => {
    expect(
      detectFormat(Buffer.from('\uFEFFDate,Description,Category,Cost,Currency,Ann,Bea\n')),
    ).toBe('splitwise');
  });

  it('anything else is a 400 on line 1', () => {
    expect(problemsOf(() => detectFormat(Buffer.from('hello,world\n1,2\n')))[0]).toMatch(
      /^Line 1: this file is none of the exports/,
    );
    expect(problemsOf(() => detectFormat(Buffer.from('{"a":\n')))[0]).toMatch(
      /^Line \d+: this is not valid JSON/,
    );
  });
});
