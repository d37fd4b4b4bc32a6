import { describe, expect, it } from 'vitest';
import { nextFromSearch, safeNextPath } from './nextPath';

describe('safeNextPath', () => {
  it('keeps paths of this app', () => {
    expect(safeNextPath('/join/abc')).toBe('/join/abc');
    expect(nextFromSearch('?next=%2Fjoin%2Fabc')).toBe('/join/abc');
  });
  it('refuses other sites and empty values', () => {
    expect(safeNextPath('//evil.example')).toBeNull();
    expect(safeNextPath('https://evil.example')).toBeNull();
    expect(safeNextPath('/\\evil.example')).toBeNull();
    expect(safeNextPath('')).toBeNull();
    expect(nextFromSearch('')).toBeNull();
  });
});
