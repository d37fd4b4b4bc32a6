import { describe, expect, it } from 'vitest';
import {
  dateMatches,
  normaliseStoreName,
  percentile,
  storeNameMatches,
  totalMatches,
} from './metrics.js';

describe('eval metrics', () => {
  it('normalises store names: case, punctuation, legal suffixes (also glued by OCR)', () => {
    expect(normaliseStoreName('S.H.H. Motor (Sungai Rengit) Sdn. Bhd.')).toBe(
      'SHHMOTORSUNGAIRENGIT',
    );
    expect(normaliseStoreName('LANHINGSTATIONERYSDNBHD')).toBe('LANHINGSTATIONERY');
    expect(normaliseStoreName('Acme, Inc.')).toBe('ACME');
    expect(normaliseStoreName('Bäckerei Müller GmbH')).toBe('BÄCKEREIMÜLLER');
  });

  it('matches store names with similarity ≥ 0.8', () => {
    expect(storeNameMatches('LIAN HING STATIONERY SDN BHD', 'LANHINGSTATIONERYSDNBHD')).toBe(true);
    expect(storeNameMatches('MRT', 'RAPID RAIL SDN BHD')).toBe(false);
    expect(storeNameMatches(null, 'X')).toBe(false);
  });

  it('compares totals to the cent and dates with alternatives', () => {
    expect(totalMatches(9, 9.0)).toBe(true);
    expect(totalMatches(9.01, 9)).toBe(false);
    expect(dateMatches('2018-06-01', '2018-01-06', ['2018-06-01'])).toBe(true);
    expect(dateMatches(null, '2018-01-06')).toBe(false);
  });

  it('computes nearest-rank percentiles', () => {
    expect(percentile([3, 1, 2, 4], 50)).toBe(2);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 95)).toBe(10);
    expect(percentile([], 50)).toBe(0);
  });
});
