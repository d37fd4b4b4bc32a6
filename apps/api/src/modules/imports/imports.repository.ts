// The rows of the Splitwise import (issue #14): which file a person imported into which group
// (`splitwise_imports`, unique per person and file hash), and the activity rows an import drops.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { activities, splitwiseImports } from '../../db/schema.js';

/** The group this person made from the file with this hash, if they imported it before. */
export async function findImportOfFile(
  db: Db,
  userId: number,
  fileHash: string,
): Promise<{ groupId: number } | undefined> {
  const [row] = await db
    .select({ groupId: splitwiseImports.groupId })
    .from(splitwiseImports)
    .where(and(eq(splitwiseImports.userId, userId), eq(splitwiseImports.fileHash, fileHash)))
    .limit(1);
  return row;
}

export async function insertImport(
  tx: Db,
  row: {
    userId: number;
    fileHash: string;
    groupId: number;
    expenseCount: number;
    paymentCount: number;
    createdAt: Date;
  },
): Promise<void> {
  await tx.insert(splitwiseImports).values(row);
}

/** Drops the "added" activity rows of a group's entries for everyone but `keepFor`. */
export async function dropEntryActivitiesOfOthers(
  tx: Db,
  groupId: number,
  keepFor: number,
): Promise<void> {
  await tx
    .delete(activities)
    .where(
      and(
        eq(activities.groupId, groupId),
        inArray(activities.type, ['expense_added', 'payment_added']),
        ne(activities.recipientId, keepFor),
      ),
    );
}

/**
 * Statistics for the tables a large import filled (after its commit: ANALYZE reads committed
 * rows), so that the planner's estimates count the new history.
 */
export async function analyzeLedgerTables(db: Db): Promise<void> {
  await db.execute(sql`analyze expenses, expense_payers, expense_splits, payments`);
}
