import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { groupsApi } from '../../api/groups';
import type { Group } from '../../api/types';
import { useInvalidateAll } from '../../hooks/useInvalidate';
import {
  COVER_EMOJI,
  coverClass,
  coverColorLabel,
  coverEmojiProblem,
  GROUP_COVER_COLORS,
} from '../../lib/groupCover';
import { Alert } from '../Alert';
import { GroupCoverBadge } from '../groups/GroupCoverBadge';
import { CheckIcon } from '../icons';
import { useToast } from '../toast/toastContext';

/** Cover emoji (a grid of common ones, or any typed in) and colour, with a live preview. */
export function CoverSection({ group }: { group: Group }) {
  const { t, i18n } = useLingui();
  const [emoji, setEmoji] = useState(group.coverEmoji ?? '');
  const [color, setColor] = useState<string | null>(group.coverColor ?? null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const invalidate = useInvalidateAll();
  const changed =
    (emoji.trim() || null) !== (group.coverEmoji ?? null) || color !== (group.coverColor ?? null);

  const save = async () => {
    if (coverEmojiProblem(emoji)) {
      setError(t`Please choose a single emoji.`);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await groupsApi.update(group.id, { coverEmoji: emoji.trim() || null, coverColor: color });
      toast.success(t`Cover saved`);
      await invalidate();
    } catch (e) {
      setError(errorMessage(e, t`Failed to save the cover`));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-3">
        <GroupCoverBadge name={group.name} emoji={emoji.trim() || null} color={color} size="lg" />
        <p className="text-sm text-muted">
          <Trans>Preview of the cover shown on the group card.</Trans>
        </p>
      </div>
      {error ? <Alert>{error}</Alert> : null}
      <fieldset>
        <legend className="label">
          <Trans>Emoji</Trans>
        </legend>
        <div className="grid grid-cols-8 gap-1">
          {COVER_EMOJI.map((e) => (
            <button
              key={e}
              type="button"
              aria-pressed={emoji === e}
              aria-label={t`Emoji ${e}`}
              className={`flex size-10 items-center justify-center rounded-xl text-xl hover:bg-surface-2 ${
                emoji === e ? 'bg-primary-soft ring-2 ring-primary' : ''
              }`}
              onClick={() => setEmoji(emoji === e ? '' : e)}
            >
              {e}
            </button>
          ))}
        </div>
        <div className="mt-3 flex items-end gap-2">
          <div className="flex-1">
            <label htmlFor="cover-emoji" className="label">
              <Trans>Or type any emoji</Trans>
            </label>
            <input
              id="cover-emoji"
              className="field"
              value={emoji}
              autoComplete="off"
              onChange={(e) => setEmoji(e.target.value)}
            />
          </div>
          <button type="button" className="btn-ghost" onClick={() => setEmoji('')}>
            <Trans>No emoji</Trans>
          </button>
        </div>
      </fieldset>
      <fieldset>
        <legend className="label">
          <Trans>Colour</Trans>
        </legend>
        <div className="flex flex-wrap gap-2" role="radiogroup" aria-label={t`Cover colour`}>
          <button
            type="button"
            role="radio"
            aria-checked={color === null}
            aria-label={t`No colour`}
            className={`flex size-10 items-center justify-center rounded-full border-2 border-dashed border-border text-xs text-muted ${
              color === null ? 'ring-2 ring-primary ring-offset-2 ring-offset-surface' : ''
            }`}
            onClick={() => setColor(null)}
          >
            {color === null ? <CheckIcon className="size-4" /> : null}
          </button>
          {GROUP_COVER_COLORS.map((c) => (
            <button
              key={c}
              type="button"
              role="radio"
              aria-checked={color === c}
              aria-label={coverColorLabel(i18n, c)}
              className={`flex size-10 items-center justify-center rounded-full text-white ${coverClass(c) ?? ''} ${
                color === c ? 'ring-2 ring-primary ring-offset-2 ring-offset-surface' : ''
              }`}
              onClick={() => setColor(c)}
            >
              {color === c ? <CheckIcon className="size-4" /> : null}
            </button>
          ))}
        </div>
      </fieldset>
      <button
        type="button"
        className="btn-primary self-start"
        disabled={busy || !changed}
        onClick={() => void save()}
      >
        {busy ? t`Saving...` : t`Save cover`}
      </button>
    </div>
  );
}
