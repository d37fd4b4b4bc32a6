import { describe, expect, it } from 'vitest';
import {
  coverEmojiError,
  GROUP_COVER_COLORS,
  isGroupCoverColor,
  MSG_COVER_EMOJI,
} from './group-cover.js';

describe('group cover', () => {
  it('has the ten palette colours', () => {
    expect(GROUP_COVER_COLORS).toHaveLength(10);
    expect(isGroupCoverColor('teal')).toBe(true);
    expect(isGroupCoverColor('Teal')).toBe(false);
    expect(isGroupCoverColor('black')).toBe(false);
  });

  it('accepts one emoji, including flags and ZWJ sequences', () => {
    for (const e of ['🍕', '✈️', '🇯🇵', '❤️‍🔥', '👍🏽']) expect(coverEmojiError(e)).toBeNull();
  });

  it('refuses text, digits, several emoji and long sequences', () => {
    for (const t of ['', 'a', '1', 'ab', '🍕🍕', '🍕 ', '#', '👨‍👩‍👧‍👦'.repeat(2)]) {
      expect(coverEmojiError(t)).toBe(MSG_COVER_EMOJI);
    }
  });
});
