// Splitwise CSV imports (modules/imports).
import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { groups, users } from './people.js';

/**
 * Groups made by importing a Splitwise CSV export (modules/imports). `fileHash` is a SHA-256 of
 * the file's normalised content (its header and expense rows, whatever its line endings, quoting
 * or export date), so importing the same file twice is refused. Deleting the imported group
 * deletes its row, and the file may then be imported again.
 */
export const splitwiseImports = pgTable(
  'splitwise_imports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileHash: text('file_hash').notNull(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    expenseCount: integer('expense_count').notNull(),
    paymentCount: integer('payment_count').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('splitwise_imports_user_file_key').on(t.userId, t.fileHash)],
);
