import { describe, expect, it } from 'vitest';
import { parseThemeChoice, resolveTheme } from './theme';

describe('parseThemeChoice', () => {
  it('keeps an explicit choice', () => {
    expect(parseThemeChoice('light')).toBe('light');
    expect(parseThemeChoice('dark')).toBe('dark');
  });

  it('reads nothing stored, or anything else, as System', () => {
    expect(parseThemeChoice(null)).toBe('system');
    expect(parseThemeChoice('')).toBe('system');
    expect(parseThemeChoice('DARK')).toBe('system');
  });
});

describe('resolveTheme', () => {
  it('follows the device under System', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
  });

  it('keeps Light or Dark whatever the device prefers', () => {
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });
});
