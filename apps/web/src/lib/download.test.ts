import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download';

describe('fileNameOf', () => {
  it('prefers the UTF-8 name, then the plain one, then the fallback', () => {
    expect(
      fileNameOf(
        `attachment; filename="Caf__2025-01-01_export.csv"; filename*=UTF-8''Caf%C3%A9_2025-01-01_export.csv`,
        'x.csv',
      ),
    ).toBe('Café_2025-01-01_export.csv');
    expect(fileNameOf('attachment; filename="group.csv"', 'x.csv')).toBe('group.csv');
    expect(fileNameOf(null, 'x.csv')).toBe('x.csv');
    expect(fileNameOf(`attachment; filename*=UTF-8''%E0%A4%A`, 'x.csv')).toBe('x.csv');
  });
});
