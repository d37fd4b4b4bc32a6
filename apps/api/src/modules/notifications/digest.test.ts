import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIGEST_RUN_MINUTES, digestDayDue, nextDigestAt } from './digest.js';

const at = (iso: string) => new Date(iso);

describe('digestDayDue', () => {
  it('is due from 08:00 on the person’s wall clock, once per local date', () => {
    // Lisbon in winter is UTC+0, Tokyo UTC+9, New York UTC−5.
    expect(digestDayDue(at('2026-01-10T07:59:00Z'), 'Europe/Lisbon', null)).toBeNull();
    expect(digestDayDue(at('2026-01-10T08:00:00Z'), 'Europe/Lisbon', null)).toBe('2026-01-10');
    expect(digestDayDue(at('2026-01-09T23:00:00Z'), 'Asia/Tokyo', null)).toBe('2026-01-10');
    expect(digestDayDue(at('2026-01-09T22:59:00Z'), 'Asia/Tokyo', null)).toBeNull();
    expect(digestDayDue(at('2026-01-10T12:59:00Z'), 'America/New_York', null)).toBeNull();
    expect(digestDayDue(at('2026-01-10T13:00:00Z'), 'America/New_York', null)).toBe('2026-01-10');
    expect(digestDayDue(at('2026-01-10T14:00:00Z'), 'America/New_York', '2026-01-10')).toBeNull();
    expect(digestDayDue(at('2026-01-10T14:00:00Z'), 'America/New_York', '2026-01-09')).toBe(
      '2026-01-10',
    );
  });

  it('counts half-hour zones and no zone (UTC)', () => {
    // Kolkata is UTC+5:30: its 08:00 is 02:30 UTC.
    expect(digestDayDue(at('2026-03-01T02:29:00Z'), 'Asia/Kolkata', null)).toBeNull();
    expect(digestDayDue(at('2026-03-01T02:30:00Z'), 'Asia/Kolkata', null)).toBe('2026-03-01');
    expect(digestDayDue(at('2026-03-01T08:00:00Z'), null, null)).toBe('2026-03-01');
  });

  it('keeps 08:00 on the wall clock across a daylight-saving change', () => {
    // Berlin moves to UTC+2 on 2026-03-29 at 02:00: its 08:00 is 06:00 UTC that day.
    expect(digestDayDue(at('2026-03-29T05:59:00Z'), 'Europe/Berlin', '2026-03-28')).toBeNull();
    expect(digestDayDue(at('2026-03-29T06:00:00Z'), 'Europe/Berlin', '2026-03-28')).toBe(
      '2026-03-29',
    );
  });

  it('gives each local date at most once, and every date once its 08:00 has passed', () => {
    const zones = ['UTC', 'Europe/Lisbon', 'Asia/Kolkata', 'America/St_Johns', 'Pacific/Chatham'];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2027, 0, 1) }),
        fc.constantFrom(...zones),
        (start, zone) => {
          // Runs every quarter hour for three days: the digested dates are distinct, in order,
          // one per 08:00 passed (three), and the first run also takes a date whose 08:00 was
          // already past when the runs began (a fourth).
          let last: string | null = null;
          const days: string[] = [];
          for (let t = nextDigestAt(new Date(start)).getTime(); t < start + 3 * 86_400_000;) {
            const day = digestDayDue(new Date(t), zone, last);
            if (day !== null) {
              days.push(day);
              last = day;
            }
            t += DIGEST_RUN_MINUTES * 60_000;
          }
          expect(new Set(days).size).toBe(days.length);
          expect([...days].sort()).toEqual(days);
          expect(days.length).toBeGreaterThanOrEqual(3);
          expect(days.length).toBeLessThanOrEqual(4);
        },
      ),
      { numRuns: 50 },
    );
  });
});

describe('nextDigestAt', () => {
  it('is the next quarter hour, strictly after now', () => {
    expect(nextDigestAt(at('2026-01-10T08:00:00Z')).toISOString()).toBe('2026-01-10T08:15:00.000Z');
    expect(nextDigestAt(at('2026-01-10T08:14:59Z')).toISOString()).toBe('2026-01-10T08:15:00.000Z');
    expect(nextDigestAt(at('2026-01-10T23:59:00Z')).toISOString()).toBe('2026-01-11T00:00:00.000Z');
  });
});
