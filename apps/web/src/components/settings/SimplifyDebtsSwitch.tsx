import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { groupsApi } from '../../api/groups';
import type { Group } from '../../api/types';
import { useInvalidateAll } from '../../hooks/useInvalidate';
import { useToast } from '../toast/toastContext';

/** The group's "Simplify debts" switch: fewer payments settle the same balances. */
export function SimplifyDebtsSwitch({ group }: { group: Group }) {
  const { t } = useLingui();
  const [toggling, setToggling] = useState(false);
  const toast = useToast();
  const invalidate = useInvalidateAll();

  const toggle = async () => {
    setToggling(true);
    try {
      await groupsApi.update(group.id, { simplifyDebts: !group.simplifyDebts });
      await invalidate();
    } catch (e) {
      toast.error(errorMessage(e, t`Failed to update group`));
    } finally {
      setToggling(false);
    }
  };

  return (
    <label className="relative flex min-h-11 cursor-pointer items-center justify-between gap-3 rounded-xl px-1">
      <span>
        <span className="block text-sm font-medium">
          <Trans>Simplify debts</Trans>
        </span>
        <span className="block text-xs text-muted">
          <Trans>Combine debts into fewer payments.</Trans>
        </span>
      </span>
      <input
        type="checkbox"
        role="switch"
        className="peer sr-only"
        checked={group.simplifyDebts}
        disabled={toggling}
        onChange={() => void toggle()}
      />
      <span
        aria-hidden="true"
        className="relative h-7 w-12 shrink-0 rounded-full bg-border transition-colors peer-checked:bg-primary peer-focus-visible:outline-3 peer-focus-visible:outline-ring after:absolute after:top-1 after:start-1 after:size-5 after:rounded-full after:bg-white after:transition-transform peer-checked:after:translate-x-5 rtl:peer-checked:after:-translate-x-5"
      />
    </label>
  );
}
