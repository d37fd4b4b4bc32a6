import { describe, expect, it } from 'vitest';
import { editDistance, fixOcrWords } from './text.js';

describe('editDistance', () => {
  it('counts edits and gives up beyond the limit', () => {
    expect(editDistance('TOTAL', 'TOTAL', 1)).toBe(0);
    expect(editDistance('TOTL', 'TOTAL', 1)).toBe(1);
    expect(editDistance('CHONGE', 'CHANGE', 1)).toBe(1);
    expect(editDistance('ABCDEFG', 'TOTAL', 2)).toBe(3);
  });
});

describe('fixOcrWords', () => {
  const vocabulary = ['TOTAL', 'CHANGE', 'INCLUSIVE', 'EXCLUSIVE'];

  it('replaces a misspelt word by the vocabulary word one edit away (two from 7 letters)', () => {
    expect(fixOcrWords('TOTL AMT: 7.40', vocabulary)).toBe('TOTAL AMT: 7.40');
    expect(fixOcrWords('T0TAL', vocabulary)).toBe('TOTAL');
    expect(fixOcrWords('INDUSIVE GST', vocabulary)).toBe('INCLUSIVE GST');
  });

  it('leaves short words, ties, protected words and numbers alone', () => {
    expect(fixOcrWords('TOT', vocabulary)).toBe('TOT');
    // Two edits from both INCLUSIVE and EXCLUSIVE.
    expect(fixOcrWords('CLUSIVE', vocabulary)).toBe('CLUSIVE');
    expect(fixOcrWords('SERVICE CHARGE', vocabulary, new Set(['CHARGE']))).toBe('SERVICE CHARGE');
    expect(fixOcrWords('A1234 5678', vocabulary)).toBe('A1234 5678');
  });
});
