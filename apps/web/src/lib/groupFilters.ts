import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { MyGroup } from '../api/types';
import { isZero } from './money';

export type GroupFilter = 'none' | 'outstanding' | 'owe' | 'owed';

export const GROUP_FILTERS: { value: GroupFilter; label: MessageDescriptor }[] = [
  { value: 'none', label: msg`None` },
  { value: 'outstanding', label: msg`Groups with outstanding balances` },
  { value: 'owe', label: msg`Group balances you owe` },
  { value: 'owed', label: msg`Group balances you are owed` },
];

export function applyGroupFilter(
  groups: MyGroup[],
  filter: GroupFilter,
  search: string,
): MyGroup[] {
  const query = search.trim().toLowerCase();
  return groups.filter((group) => {
    if (query && !group.name.toLowerCase().includes(query)) return false;
    const net = group.myBalance.net;
    switch (filter) {
      case 'outstanding':
        return !isZero(net) || group.myBalance.lines.some((l) => !isZero(l.netAmount));
      case 'owe':
        return net < 0 && !isZero(net);
      case 'owed':
        return net > 0 && !isZero(net);
      default:
        return true;
    }
  });
}
