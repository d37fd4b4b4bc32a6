// Which expenses hold which receipt files.
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { expenses } from '../../db/schema.js';

/** Receipt keys of every expense of a group, deleted ones (kept until purged) included. */
export async function receiptKeysOfGroup(db: Db, groupId: number): Promise<string[]> {
  const rows = await db
    .select({ key: expenses.receiptKey })
    .from(expenses)
    .where(and(eq(expenses.groupId, groupId), isNotNull(expenses.receiptKey)));
  return rows.flatMap((r) => (r.key === null ? [] : [r.key]));
}

/** The (live) expense that holds a receipt file, with the file's content type. */
export async function expenseOfReceipt(
  db: Db,
  key: string,
): Promise<{ id: number; groupId: number | null; contentType: string | null } | undefined> {
  const rows = await db
    .select({
      id: expenses.id,
      groupId: expenses.groupId,
      contentType: expenses.receiptContentType,
    })
    .from(expenses)
    .where(and(eq(expenses.receiptKey, key), isNull(expenses.deletedAt)))
    .limit(1);
  return rows[0];
}
