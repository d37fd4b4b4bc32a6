import { charLength } from '@evenly/core';

/** Shown from this many characters before the limit on (an empty field says nothing). */
const NEAR = 30;

/**
 * How many characters a text field has left, once it is near its limit (issue #31 point 7): the
 * field no longer cuts pasted text silently, so the person sees what is too long and by how
 * much. Characters are counted as the server counts them (code points, `charLength`).
 */
export function CharacterCountdown({ id, value, max }: { id: string; value: string; max: number }) {
  const left = max - charLength(value.trim());
  if (left > NEAR) return null;
  return (
    <p
      id={id}
      aria-live="polite"
      className={`mt-1 text-xs ${left < 0 ? 'text-danger' : 'text-muted'}`}
    >
      {left >= 0
        ? `${left} ${left === 1 ? 'character' : 'characters'} left`
        : `${-left} ${left === -1 ? 'character' : 'characters'} over the limit of ${max}`}
    </p>
  );
}
