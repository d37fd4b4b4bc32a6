import { describe, expect, it } from 'vitest';
import { tripReportPath } from './trip-report';

describe('tripReportPath', () => {
  it('sends only the dates chosen, the receipts flag when set, and the locale', () => {
    expect(tripReportPath(7, { from: '', to: '', receipts: false }, 'de-DE')).toBe(
      '/groups/7/report.pdf?locale=de-DE',
    );
    expect(
      tripReportPath(7, { from: '2025-03-01', to: '2025-03-09', receipts: true }, 'en-US'),
    ).toBe('/groups/7/report.pdf?from=2025-03-01&to=2025-03-09&receipts=true&locale=en-US');
  });
});
