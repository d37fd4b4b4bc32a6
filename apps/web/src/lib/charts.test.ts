import { afterEach, describe, expect, it, vi } from 'vitest';
import { monthAxisLabels, periodRange } from './charts';
import { resetPageLocale, showPageIn } from './pageLocaleForTests';

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

describe('monthAxisLabels', () => {
  afterEach(resetPageLocale);

  it('names the month alone while the months fall in one calendar year', () => {
    vi.stubGlobal('navigator', { language: 'en-GB' });
    expect(monthAxisLabels(['2026-01', '2026-10', '2026-12'])).toEqual(['Jan', 'Oct', 'Dec']);
    expect(monthAxisLabels([])).toEqual([]);
  });

  it('gives every month its year once the months span two years (two Octobers differ)', () => {
    vi.stubGlobal('navigator', { language: 'en-GB' });
    const labels = monthAxisLabels(['2025-10', '2025-12', '2026-01', '2026-10']);
    expect(labels).toEqual(['Oct 2025', 'Dec 2025', 'Jan 2026', 'Oct 2026']);
  });

  it("follows the page's language, whatever the browser's", () => {
    showPageIn('de', 'en-US');
    expect(monthAxisLabels(['2025-10', '2026-10'])).toEqual(['Okt. 2025', 'Okt. 2026']);
    expect(monthAxisLabels(['2026-10'])).toEqual(['Okt']);
  });
});
