import { describe, expect, it } from 'vitest';
import { describeError, retryDelayMs } from './retry.js';

describe('retryDelayMs', () => {
  const options = { baseMs: 1000, maxMs: 60_000 };

  it('doubles the delay with every failed attempt, up to the cap', () => {
    const noSpread = () => 0;
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => retryDelayMs(n, options, noSpread))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000,
    ]);
  });

  it('adds at most 20 % of random spread', () => {
    expect(retryDelayMs(3, options, () => 0.999_999)).toBe(4800);
    expect(retryDelayMs(3, options, () => 0.5)).toBe(4400);
  });
});

describe('describeError', () => {
  it('names the error and bounds its length', () => {
    expect(describeError(new TypeError('bad'))).toBe('TypeError: bad');
    expect(describeError('x'.repeat(5000))).toHaveLength(2001);
  });
});
