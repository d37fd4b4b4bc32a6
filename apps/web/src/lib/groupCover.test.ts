import { describe, expect, it } from 'vitest';
import { inEnglish } from '@evenly/core';
import {
  coverClass,
  coverEmojiProblem,
  GROUP_COVER_COLORS,
  groupInitials,
  isCoverColor,
} from './groupCover';

describe('group covers', () => {
  it('gives every palette colour a background class and nothing else one', () => {
    for (const c of GROUP_COVER_COLORS) expect(coverClass(c)).toMatch(/^bg-[a-z]+-\d00$/);
    expect(coverClass('purple')).toBeNull();
    expect(coverClass(null)).toBeNull();
    expect(isCoverColor('teal')).toBe(true);
  });

  it('uses up to two initials of the name', () => {
    expect(groupInitials('Porto trip')).toBe('PT');
    expect(groupInitials('  flat  3B and more')).toBe('F3');
    expect(groupInitials('Ölkeller')).toBe('Ö');
    expect(groupInitials('   ')).toBe('?');
  });

  it('accepts one emoji or an empty field, and refuses text', () => {
    expect(coverEmojiProblem('')).toBeNull();
    expect(coverEmojiProblem(' 🏖️ ')).toBeNull();
    expect(inEnglish(coverEmojiProblem('ab'))).toBe('Please choose a single emoji.');
    expect(inEnglish(coverEmojiProblem('🍕🍕'))).toBe('Please choose a single emoji.');
  });
});
