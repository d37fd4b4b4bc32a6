import { Trans } from '@lingui/react/macro';
import type { Group } from '../../api/types';

/** "Group currency EUR · …": the group's currency and what becomes of the others. */
export function GroupCurrencySummary({ group }: { group: Group }) {
  const currency = group.defaultCurrency;
  return (
    <>
      {group.currencyMode === 'SEPARATE' ? (
        <Trans>
          Group currency <span className="font-semibold text-fg">{currency}</span> · currencies kept
          separate
        </Trans>
      ) : (
        <Trans>
          Group currency <span className="font-semibold text-fg">{currency}</span> · other
          currencies converted into it
        </Trans>
      )}
    </>
  );
}
