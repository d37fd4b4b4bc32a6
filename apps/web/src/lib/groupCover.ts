// Group covers: one emoji and/or a colour from a fixed palette (names validated by the API).
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  coverEmojiError,
  GROUP_COVER_COLORS,
  isGroupCoverColor,
  type GroupCoverColor,
} from '@evenly/core';

export { GROUP_COVER_COLORS, type GroupCoverColor };

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
  return isGroupCoverColor(value);
}

export function coverClass(color: string | null | undefined): string | null {
  return isCoverColor(color) ? COVER_CLASSES[color] : null;
}

/** Each colour's name, for the picker's screen-reader labels. */
const COVER_COLOR_NAMES: Record<GroupCoverColor, MessageDescriptor> = {
  slate: msg`Slate`,
  red: msg`Red`,
  orange: msg`Orange`,
  amber: msg`Amber`,
  green: msg`Green`,
  teal: msg`Teal`,
  sky: msg`Sky`,
  indigo: msg`Indigo`,
  violet: msg`Violet`,
  pink: msg`Pink`,
};

export function coverColorLabel(i18n: I18n, color: GroupCoverColor): string {
  return i18n._(COVER_COLOR_NAMES[color]);
}

/** Up to two initials of a group name ("Lisbon trip" → "LT"). */
export function groupInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.slice(0, 2).map((w) => Array.from(w)[0] ?? '');
  return letters.join('').toUpperCase() || '?';
}

/** Common trip, home and food emoji offered in the cover picker. */
export const COVER_EMOJI = [
  '✈️',
  '🏖️',
  '🏔️',
  '🏕️',
  '🚗',
  '🚆',
  '🗺️',
  '🎒',
  '🏠',
  '🛋️',
  '🔑',
  '🧹',
  '💡',
  '🛒',
  '🍕',
  '🍔',
  '🍣',
  '🍻',
  '☕',
  '🎉',
  '🎂',
  '⚽',
  '🎮',
  '💼',
];

/** The API's own check (@evenly/core); an empty field means "no emoji". */
export function coverEmojiProblem(text: string): MessageDescriptor | null {
  const value = text.trim();
  return value === '' ? null : coverEmojiError(value);
}
