import { describe, expect, it } from 'vitest';
import { periodRange } from './charts';

describe('periodRange', () => {
  const now = new Date('2026-11-26T19:00:00Z');
  it('is open for all time, from 1 January this year, or from the month 11 months back', () => {
    expect(periodRange('all', now)).toEqual({ from: null, to: null });
    expect(periodRange('year', now)).toEqual({ from: '2026-01-01', to: null });
    expect(periodRange('12m', now)).toEqual({ from: '2025-12-01', to: null });
    expect(periodRange('12m', new Date('2026-01-15T00:00:00Z'))).toEqual({
      from: '2025-02-01',
      to: null,
    });
  });
});
