// The caller's latest categorised expenses, for category suggestions from their own history.
import type { Db } from '../../db/database.js';
import { run, statement } from '../../db/statements.js';

/** How many of a person's latest categorised expenses their history looks at. */
export const HISTORY_EXPENSES = 500;

/**
 * The expenses `$1` created, newest first, that have a category other than General: one
 * backward range of expenses_creator_category_idx (whose predicate this repeats), at most $2.
 */
const historyStatement = statement<{
  description: string;
  category: string;
  group_id: number | null;
}>(
  'categories.history',
  `select description, category, group_id from expenses
    where created_by_id = $1 and category <> 'general'
    order by id desc limit $2`,
);

export async function recentCategorisedExpenses(
  db: Db,
  userId: number,
): Promise<{ description: string; category: string; groupId: number | null }[]> {
  const rows = await run(db, historyStatement, [userId, HISTORY_EXPENSES]);
  return rows.map((r) => ({
    description: r.description,
    category: r.category,
    groupId: r.group_id,
  }));
}
