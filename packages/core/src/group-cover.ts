import type { Message } from './message.js';
// A group's cover: one of a fixed palette of colours and/or one emoji (issue #12).

/** Palette names of cover colours, validated by the API and rendered by the web app. */
export const GROUP_COVER_COLORS = [
  'slate',
  'red',
  'orange',
  'amber',
  'green',
  'teal',
  'sky',
  'indigo',
  'violet',
  'pink',
] as const;

export type GroupCoverColor = (typeof GROUP_COVER_COLORS)[number];

export const MSG_COVER_COLOR: Message = /*i18n*/ {
  id: 'cover.coverColor',
  message: 'Please choose one of the cover colours.',
};
export const MSG_COVER_EMOJI: Message = /*i18n*/ {
  id: 'cover.coverEmoji',
  message: 'Please choose a single emoji.',
};

/** Longest cover emoji in UTF-8 bytes (flags and ZWJ sequences fit; prose does not). */
export const MAX_COVER_EMOJI_BYTES = 16;

export function isGroupCoverColor(value: unknown): value is GroupCoverColor {
  return typeof value === 'string' && (GROUP_COVER_COLORS as readonly string[]).includes(value);
}

/** Length of `text` in UTF-8 bytes. */
function utf8Length(text: string): number {
  let n = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    n += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return n;
}

function graphemes(text: string): string[] {
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return [...segmenter.segment(text)].map((s) => s.segment);
}

/**
 * Null when `text` is one emoji: a single grapheme of at most 16 bytes of UTF-8 with no letters,
 * digits or white space (so "a", "1", "ab" and "🍕🍕" are refused); the message otherwise.
 */
export function coverEmojiError(text: string): Message | null {
  if (text === '' || /[\p{L}\p{N}\s]/u.test(text)) return MSG_COVER_EMOJI;
  if (utf8Length(text) > MAX_COVER_EMOJI_BYTES) return MSG_COVER_EMOJI;
  if (graphemes(text).length !== 1) return MSG_COVER_EMOJI;
  if (!/\p{Extended_Pictographic}|\p{Regional_Indicator}/u.test(text)) return MSG_COVER_EMOJI;
  return null;
}
