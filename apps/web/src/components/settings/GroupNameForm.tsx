import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { groupsApi } from '../../api/groups';
import type { Group } from '../../api/types';
import { useInvalidateAll } from '../../hooks/useInvalidate';
import { validateGroupRename } from '../../lib/validation';
import { useToast } from '../toast/toastContext';

/** Renames the group; the problem with the name shows under it. */
export function GroupNameForm({ group }: { group: Group }) {
  const { i18n, t } = useLingui();
  const toast = useToast();
  const invalidate = useInvalidateAll();
  const [name, setName] = useState(group.name);
  const [nameError, setNameError] = useState<string | null>(null);
  const [savingName, setSavingName] = useState(false);

  const saveName = async (event: React.FormEvent) => {
    event.preventDefault();
    const value = name.trim();
    const problem = validateGroupRename(value);
    if (problem) {
      setNameError(i18n._(problem));
      return;
    }
    setNameError(null);
    setSavingName(true);
    try {
      await groupsApi.update(group.id, { name: value });
      toast.success(t`Group renamed`);
      await invalidate();
    } catch (e) {
      setNameError(errorMessage(e, t`Failed to rename the group`));
    } finally {
      setSavingName(false);
    }
  };

  return (
    <form onSubmit={(e) => void saveName(e)} noValidate className="flex flex-col gap-3">
      <div>
        <label htmlFor="group-name" className="label">
          <Trans>Group name</Trans>
        </label>
        <input
          id="group-name"
          className="field"
          value={name}
          maxLength={100}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? 'group-name-error' : undefined}
          onChange={(e) => setName(e.target.value)}
        />
        {nameError ? (
          <p id="group-name-error" role="alert" className="mt-1 text-sm text-danger">
            {nameError}
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        className="btn-primary self-start"
        disabled={savingName || name.trim() === group.name}
      >
        {savingName ? t`Saving...` : t`Rename`}
      </button>
    </form>
  );
}
