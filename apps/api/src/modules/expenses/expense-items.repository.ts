// The items of an expense split by item (table expense_items, issue #31 point 2): read with the
// expense (expense-view.ts), written with a new expense in its one statement
// (expense-write.repository.ts), and replaced whole here by edits.
import type { Db } from '../../db/database.js';
import { listSql, run, statement } from '../../db/statements.js';

/** One stored item: minor units of the currency the expense was entered in. */
export interface StoredItem {
  description: string;
  amountCents: number;
  userIds: number[];
}

/** SQL: the items of expense row `alias` as a JSON array of [description, cents, "ids"]. */
export function itemsJson(alias: string): string {
  return `(select coalesce(json_agg(json_build_array(i.description, i.amount_cents,
            ${listSql('i.user_ids')}) order by i.position), '[]'::json)
           from expense_items i where i.expense_id = ${alias}.id)`;
}

/** An item as itemsJson gives it. */
export type ItemTuple = [string, number, string];

/**
 * The parameters that write `items` with unnest: descriptions, amounts and each item's people
 * as "1,5" (arrays of arrays must be rectangular in SQL; these are not).
 */
export function itemParams(items: readonly StoredItem[]): [string[], number[], string[]] {
  return [
    items.map((i) => i.description),
    items.map((i) => i.amountCents),
    items.map((i) => i.userIds.join(',')),
  ];
}

/** SQL: select the rows of `expense_items` for expense id `idSql` from params $a, $b, $c. */
export function itemRowsSql(idSql: string, a: number, b: number, c: number): string {
  return `select ${idSql}, t.ord - 1, t.d, t.a, string_to_array(t.u, ',')::int[]
            from unnest($${String(a)}::text[], $${String(b)}::bigint[], $${String(c)}::text[])
              with ordinality as t(d, a, u, ord)`;
}

const readItems = statement<{ description: string; amount_cents: string; user_ids: number[] }>(
  'expenses.items',
  `select description, amount_cents, user_ids from expense_items
    where expense_id = $1 order by position`,
);

export async function loadExpenseItems(db: Db, expenseId: number): Promise<StoredItem[]> {
  const rows = await run(db, readItems, [expenseId]);
  return rows.map((r) => ({
    description: r.description,
    amountCents: Number(r.amount_cents),
    userIds: r.user_ids.map(Number),
  }));
}

const replaceItems = statement<never>(
  'expenses.replace_items',
  `with d as (delete from expense_items
               where expense_id = $1 and position >= cardinality($2::text[]))
   insert into expense_items (expense_id, position, description, amount_cents, user_ids)
   ${itemRowsSql('$1::int', 2, 3, 4)}
   on conflict (expense_id, position) do update
     set description = excluded.description, amount_cents = excluded.amount_cents,
         user_ids = excluded.user_ids`,
);

/**
 * Replaces the items of an expense with `items` (none: removes them): positions kept are
 * updated in place, the rest deleted or added (as the payers and splits are).
 */
export async function replaceExpenseItems(
  db: Db,
  expenseId: number,
  items: readonly StoredItem[],
): Promise<void> {
  await run(db, replaceItems, [expenseId, ...itemParams(items)]);
}

const renameItemPerson = statement<never>(
  'expenses.rename_item_person',
  `update expense_items
      set user_ids = (select array_agg(x.u order by x.o)
                        from (select u, min(o) as o
                                from unnest(array_replace(user_ids, $2::int, $3::int))
                                  with ordinality as t(u, o)
                               group by u) as x)
    where expense_id = $1 and $2::int = any(user_ids)`,
);

/**
 * A guest merged into an account (modules/guests): the items they had are now the account's,
 * once each.
 */
export async function renameItemPeople(
  db: Db,
  expenseId: number,
  fromUserId: number,
  toUserId: number,
): Promise<void> {
  await run(db, renameItemPerson, [expenseId, fromUserId, toUserId]);
}
