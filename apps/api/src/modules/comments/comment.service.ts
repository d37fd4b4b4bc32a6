// CommentService: comments on expenses (docs/api.md §4.6), with activity and change events.
import { validateComment } from '@evenly/core';
import type { Db } from '../../db/database.js';
import { ForbiddenError, issuesError, NotFoundError } from '../../errors/app-errors.js';
import type { AppServices } from '../../composition/app-services.js';
import type { ServiceDeps } from '../../composition/service-deps.js';
import { insertActivities } from '../activity/index.js';
import { noteChange } from '../../db/transaction.js';
import { currentMembers, findGroup, touchGroup } from '../groups/index.js';
import { canSeeExpense, isDbId, NO_EXPENSE_ACCESS, participantIds } from '../expenses/index.js';
import type { IdempotencyScope, WriteOutcome } from '../idempotency/index.js';
import type { CommentView } from './comments.repository.js';
import {
  commentsOfExpense,
  commentView,
  deleteComment,
  insertComment,
  lockComment,
} from './comments.repository.js';

/** The other modules' services this file uses (composition/app-services.ts). */
type Collaborators = Pick<AppServices, 'expenses'>;

export const COMMENT_NOT_FOUND = 'Comment not found.';
export const NOT_YOUR_COMMENT = 'You can only delete your own comments.';

/** Who can see an expense right now: its group's current members, or its participants. */
async function viewersOf(
  db: Db,
  expense: { id: number; groupId: number | null },
): Promise<number[]> {
  if (expense.groupId !== null) return (await currentMembers(db, expense.groupId)).map((m) => m.id);
  return participantIds(db, expense.id);
}

export class CommentService {
  constructor(
    protected readonly deps: ServiceDeps,
    protected readonly services: Collaborators,
  ) {}

  async list(callerId: number, expenseId: number): Promise<CommentView[]> {
    const db = this.deps.db;
    await this.services.expenses.requireAccess(db, expenseId, callerId);
    return commentsOfExpense(db, expenseId);
  }

  /** `idempotency`: the request's Idempotency-Key (a comment sent again after a lost answer). */
  async add(
    callerId: number,
    expenseId: number,
    body: unknown,
    idempotency: IdempotencyScope<CommentView> | null = null,
  ): Promise<WriteOutcome<CommentView>> {
    return this.deps.transaction(async (tx): Promise<WriteOutcome<CommentView>> => {
      const stored = idempotency === null ? null : await idempotency.claim(tx);
      if (stored !== null) return { kind: 'replayed', stored };
      const expense = await this.services.expenses.requireAccess(tx, expenseId, callerId);
      const parsed = validateComment(body);
      if (!parsed.ok) throw issuesError(parsed.issues);
      const commentId = await insertComment(tx, {
        expenseId,
        authorId: callerId,
        content: parsed.value.content,
        createdAt: new Date(),
      });
      const recipients = await viewersOf(tx, expense);
      const group =
        expense.groupId === null ? null : ((await findGroup(tx, expense.groupId)) ?? null);
      await insertActivities(
        tx,
        recipients.map((recipientId) => ({
          recipientId,
          type: 'comment_added' as const,
          actorId: callerId,
          groupId: group?.id ?? null,
          groupName: group?.name ?? null,
          expenseId,
          commentId,
          description: [...parsed.value.content].slice(0, 140).join(''),
          amountCents: null,
          currency: null,
          myShareCents: 0,
        })),
      );
      noteChange(tx, {
        entity: 'comment',
        action: 'created',
        id: commentId,
        groupId: expense.groupId,
        recipients,
      });
      if (group !== null) await touchGroup(tx, group.id);
      const view = await commentView(tx, commentId);
      if (view === undefined) throw new Error('comment vanished');
      if (idempotency !== null) await idempotency.complete(tx, view);
      return { kind: 'done', value: view };
    });
  }

  async remove(callerId: number, commentId: number): Promise<void> {
    if (!isDbId(commentId)) throw new NotFoundError(COMMENT_NOT_FOUND);
    await this.deps.transaction(async (tx) => {
      const row = await lockComment(tx, commentId);
      if (row === undefined) throw new NotFoundError(COMMENT_NOT_FOUND);
      if (row.authorId !== callerId) throw new ForbiddenError(NOT_YOUR_COMMENT);
      // A comment of a deleted (or unknown) expense is gone with it: the contract's 404 names
      // the comment, not the expense (issue #31 point 8).
      const expense = await this.services.expenses
        .requireAccess(tx, row.expenseId, callerId)
        .catch((error: unknown) => {
          throw error instanceof NotFoundError ? new NotFoundError(COMMENT_NOT_FOUND) : error;
        });
      if (!(await canSeeExpense(tx, expense, callerId)))
        throw new ForbiddenError(NO_EXPENSE_ACCESS);
      await deleteComment(tx, commentId);
      noteChange(tx, {
        entity: 'comment',
        action: 'deleted',
        id: commentId,
        groupId: expense.groupId,
        recipients: await viewersOf(tx, expense),
      });
      if (expense.groupId !== null) await touchGroup(tx, expense.groupId);
    });
  }
}
