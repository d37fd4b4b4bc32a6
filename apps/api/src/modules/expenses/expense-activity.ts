// The activity rows and the change of an expense edit, delete or restore (a creation writes its
// own in its one statement, expense.repository.ts).
import { toCategoryId } from '@evenly/core';
import type { ChangeAction } from '../../db/change-feed.js';
import type { Db } from '../../db/database.js';
import type { ActivityType } from '../activity/index.js';
import { recordChange } from '../activity/index.js';
import type { GroupRow } from '../groups/index.js';

/** Activity rows and the change of an expense write. */
export async function recordExpense(
  tx: Db,
  type: ActivityType,
  action: ChangeAction,
  actorId: number,
  e: {
    id: number;
    description: string;
    amountCents: number;
    currency: string;
    category: string;
    group: GroupRow | null;
    recipients: readonly number[];
    /** Everyone whose balance the change moves (payers and split people, old and new). */
    affected: readonly number[];
    myShare: (userId: number) => number;
  },
): Promise<void> {
  await recordChange(tx, {
    type,
    actorId,
    group: e.group,
    expenseId: e.id,
    description: e.description,
    amountCents: e.amountCents,
    currency: e.currency,
    category: toCategoryId(e.category),
    recipients: e.recipients,
    myShare: e.myShare,
    notification: {
      entity: 'expense',
      action,
      id: e.id,
      groupId: e.group?.id ?? null,
      affected: [...e.affected],
    },
  });
}
