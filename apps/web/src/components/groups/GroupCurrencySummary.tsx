import type { Group } from '../../api/types';

/** "Group currency EUR · …": the group's currency and what becomes of the others. */
export function GroupCurrencySummary({ group }: { group: Group }) {
  return (
    <>
      Group currency <span className="font-semibold text-fg">{group.defaultCurrency}</span>
      {group.currencyMode === 'SEPARATE'
        ? ' · currencies kept separate'
        : ' · other currencies converted into it'}
    </>
  );
}
