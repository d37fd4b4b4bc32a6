// Comment rows with their authors (docs/api.md §4.6).
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { comments, users } from '../../db/schema.js';
import { run, statement } from '../../db/statements.js';

export type CommentRow = typeof comments.$inferSelect;

export interface CommentView {
  id: number;
  content: string;
  createdAt: Date;
  expenseId: number;
  author: { id: number; name: string; email: string | null };
}

async function loadComments(db: Db, where: ReturnType<typeof eq>): Promise<CommentView[]> {
  const rows = await db
    .select({
      id: comments.id,
      content: comments.content,
      createdAt: comments.createdAt,
      expenseId: comments.expenseId,
      authorId: users.id,
      authorName: users.name,
      authorEmail: users.email,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .where(where)
    .orderBy(asc(comments.createdAt), asc(comments.id));
  return rows.map((r) => ({
    id: r.id,
    content: r.content,
    createdAt: r.createdAt,
    expenseId: r.expenseId,
    author: { id: r.authorId, name: r.authorName, email: r.authorEmail },
  }));
}

/** The comments of an expense, oldest first. */
export function commentsOfExpense(db: Db, expenseId: number): Promise<CommentView[]> {
  return loadComments(db, eq(comments.expenseId, expenseId));
}

export async function commentView(db: Db, commentId: number): Promise<CommentView | undefined> {
  const [view] = await loadComments(db, eq(comments.id, commentId));
  return view;
}

const insertStatement = statement<{ id: number }>(
  'comments.insert',
  `with c as (insert into comments (expense_id, author_id, content, created_at)
              values ($1, $2, $3, $4) returning id),
        n as (update expenses set comment_count = comment_count + 1 where id = $1)
   select id from c`,
);

/** Adds a comment and counts it on its expense (expenses.comment_count); its id. */
export async function insertComment(
  db: Db,
  values: { expenseId: number; authorId: number; content: string; createdAt: Date },
): Promise<number> {
  const [row] = await run(db, insertStatement, [
    values.expenseId,
    values.authorId,
    values.content,
    values.createdAt.toISOString(),
  ]);
  if (row === undefined) throw new Error('comment insert returned nothing');
  return row.id;
}

/** The comment row, locked until the transaction ends. */
export async function lockComment(db: Db, commentId: number): Promise<CommentRow | undefined> {
  const [row] = await db
    .select()
    .from(comments)
    .where(eq(comments.id, commentId))
    .limit(1)
    .for('update');
  return row;
}

const deleteStatement = statement<never>(
  'comments.delete',
  `with c as (delete from comments where id = $1 returning expense_id)
   update expenses set comment_count = comment_count - 1 where id in (select expense_id from c)`,
);

/** Deletes a comment and uncounts it on its expense. */
export async function deleteComment(db: Db, commentId: number): Promise<void> {
  await run(db, deleteStatement, [commentId]);
}
