import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { charLength } from '@evenly/core';

/** Shown from this many characters before the limit on (an empty field says nothing). */
const NEAR = 30;

/**
 * How many characters a text field has left, once it is near its limit (issue #31 point 7): the
 * field no longer cuts pasted text silently, so the person sees what is too long and by how
 * much. Characters are counted as the server counts them (code points, `charLength`).
 */
export function CharacterCountdown({ id, value, max }: { id: string; value: string; max: number }) {
  const { i18n } = useLingui();
  const left = max - charLength(value.trim());
  const over = -left;
  if (left > NEAR) return null;
  return (
    <p
      id={id}
      aria-live="polite"
      className={`mt-1 text-xs ${left < 0 ? 'text-danger' : 'text-muted'}`}
    >
      {left >= 0
        ? i18n._(msg`${plural(left, { one: '# character left', other: '# characters left' })}`)
        : i18n._(
            msg`${plural(over, {
              one: `# character over the limit of ${max}`,
              other: `# characters over the limit of ${max}`,
            })}`,
          )}
    </p>
  );
}
