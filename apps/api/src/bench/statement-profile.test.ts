import { describe, expect, it } from 'vitest';
import { describeProfile, profileOf } from './statement-profile.js';

describe('profileOf', () => {
  const totals = [
    { query: 'select 1', calls: 1_000, ms: 50 },
    { query: 'insert into expenses\n   values ($1)', calls: 500, ms: 400 },
    { query: 'select pg_notify($1, $2)', calls: 100, ms: 10 },
  ];

  it('gives statements and execution time per request, the costliest statements first', () => {
    const p = profileOf(totals, 500, 2);
    expect(p.perRequest).toBeCloseTo(3.2);
    expect(p.execMsPerRequest).toBeCloseTo(0.92);
    expect(p.top.map((t) => t.query)).toEqual(['insert into expenses values ($1)', 'select 1']);
    expect(p.top[0]?.callsPerRequest).toBe(1);
    expect(p.top[0]?.msPerRequest).toBeCloseTo(0.8);
  });

  it('gives zeros rather than infinities for a row that sent nothing', () => {
    const p = profileOf(totals, 0);
    expect(p.perRequest).toBe(0);
    expect(p.execMsPerRequest).toBe(0);
    expect(p.top.every((t) => t.msPerRequest === 0)).toBe(true);
  });

  it('prints the totals and one line per top statement', () => {
    const text = describeProfile(profileOf(totals, 500, 2), '');
    expect(text.split('\n')).toEqual([
      '3.20 statements, 0.920 ms of PostgreSQL per request',
      '0.800 ms 1.000× insert into expenses values ($1)',
      '0.100 ms 2.000× select 1',
    ]);
  });
});
