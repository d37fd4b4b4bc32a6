import { describe, expect, it } from 'vitest';
import { csvExportPath } from './csvExport';

describe('csvExportPath', () => {
  it('asks for headers in the reader’s language by default', () => {
    expect(csvExportPath(false)).toBe('export.csv');
  });

  it('asks for Splitwise’s English headers when chosen', () => {
    expect(csvExportPath(true)).toBe('export.csv?headers=splitwise');
  });
});
