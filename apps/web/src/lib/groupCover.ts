// Group covers: one emoji and/or a colour from a fixed palette (names validated by the API).
// TODO: import GROUP_COVER_COLORS from @evenly/core once packages/core exports it.
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

/** Background classes (white initials stay readable on each: contrast ≥ 4.5:1). */
const COVER_CLASSES: Record<GroupCoverColor, string> = {
  slate: 'bg-slate-600',
  red: 'bg-red-600',
  orange: 'bg-orange-700',
  amber: 'bg-amber-700',
  green: 'bg-green-700',
  teal: 'bg-teal-700',
  sky: 'bg-sky-700',
  indigo: 'bg-indigo-600',
  violet: 'bg-violet-600',
  pink: 'bg-pink-700',
};

export function isCoverColor(value: string | null | undefined): value is GroupCoverColor {
  return (GROUP_COVER_COLORS as readonly string[]).includes(value ?? '');
}

export function coverClass(color: string | null | undefined): string | null {
  return isCoverColor(color) ? COVER_CLASSES[color] : null;
}

export function coverColorLabel(color: GroupCoverColor): string {
  return color.charAt(0).toUpperCase() + color.slice(1);
}

/** Up to two initials of a group name ("Lisbon trip" → "LT"). */
export function groupInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.slice(0, 2).map((w) => Array.from(w)[0] ?? '');
  return letters.join('').toUpperCase() || '?';
}

/** Common trip, home and food emoji offered in the cover picker. */
export const COVER_EMOJI = [
  '✈️', '🏖️', '🏔️', '🏕️', '🚗', '🚆', '🗺️', '🎒',
  '🏠', '🛋️', '🔑', '🧹', '💡', '🛒', '🍕', '🍔',
  '🍣', '🍻', '☕', '🎉', '🎂', '⚽', '🎮', '💼',
];

/** Mirrors the API's check (one grapheme, ≤ 16 bytes, no letters or digits). */
export function coverEmojiProblem(text: string): string | null {
  const value = text.trim();
  if (value === '') return null;
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const graphemes = Array.from(segmenter.segment(value));
  if (
    graphemes.length !== 1 ||
    new TextEncoder().encode(value).length > 16 ||
    /[\p{L}\p{N}]/u.test(value)
  ) {
    return 'Please choose a single emoji.';
  }
  return null;
}
