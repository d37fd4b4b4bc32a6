// ExpenseService: expenses (docs/api.md §4.4) and the group transaction list (§4.3). Each write is
// one transaction (db/transaction.ts): it takes its locks (modules/ledger/ledger-locks.ts), reads
// what the rules check, applies the rules (expense-rules.ts), and writes the row with its ledger
// effects (modules/ledger/ledger-effects.ts), activity and change-feed row. The writes live in
// expense-create.ts, expense-edit.ts and expense-delete.ts; this class is their entry point.
import type { Db } from '../../db/database.js';
import { createdAtCursorShape, decodeCursor, encodeCursor } from '../../http/cursor.js';
import { ForbiddenError, NotFoundError } from '../../errors/app-errors.js';
import type { AppServices } from '../../composition/app-services.js';
import type { ServiceDeps } from '../../composition/service-deps.js';
import { GROUP_NOT_FOUND, NOT_A_MEMBER } from '../groups/index.js';
import type { IdempotencyScope, WriteOutcome } from '../idempotency/index.js';
import type { EditGuard } from '../ledger/index.js';
import { NO_EDIT_GUARD } from '../ledger/index.js';
import type { PaymentView } from '../payments/index.js';
import { EXPENSE_NOT_FOUND, isDbId, requireExpenseAccess } from './expense-access.js';
import { createExpense, createExpenseIn, createRecurringExpense } from './expense-create.js';
import { removeExpense, restoreExpense } from './expense-delete.js';
import type { EditOne } from './expense-edit.js';
import { updateExpense, updateExpenses } from './expense-edit.js';
import type { ExpenseRequest, LinkOccurrence, OccurrenceLink } from './expense-write-types.js';
import { loadExpenseViews, myExpensePage } from './expense.repository.js';
import type { ExpenseView, Person } from './expense.repository.js';
import { transactionCursorShape, transactionPage } from './transactions.repository.js';
import type { Page } from '../../http/cursor.js';

/** The other modules' services this file uses (composition/app-services.ts). */
type Collaborators = Pick<AppServices, 'fx' | 'receipts'>;

export { todayUtc } from './expense-write-types.js';
export type {
  ExpenseRequest,
  LedgerExpense,
  LinkOccurrence,
  OccurrenceLink,
} from './expense-write-types.js';

export type { Page } from '../../http/cursor.js';

export type TransactionView =
  { type: 'expense'; expense: ExpenseView } | { type: 'payment'; payment: PaymentView };

export class ExpenseService {
  constructor(
    protected readonly deps: ServiceDeps,
    protected readonly services: Collaborators,
  ) {}

  // -------------------------------------------------------------------------------------------
  // Reads

  /** The expense row when `userId` may see (and so edit) it; 404 / 403 otherwise. */
  async requireAccess(db: Db, expenseId: number, userId: number, forUpdate = false) {
    return requireExpenseAccess(db, expenseId, userId, forUpdate);
  }

  async get(callerId: number, expenseId: number): Promise<ExpenseView> {
    const db = this.deps.db;
    await this.requireAccess(db, expenseId, callerId);
    const [view] = await loadExpenseViews(db, [expenseId]);
    if (view === undefined) throw new NotFoundError(EXPENSE_NOT_FOUND);
    return view;
  }

  /** GET /expenses/my: the caller is a payer or in the split; groups still joined or none. */
  async listMine(
    callerId: number,
    limit: number,
    before: string | null,
  ): Promise<Page<ExpenseView>> {
    const cursor = before === null ? null : decodeCursor(before, createdAtCursorShape);
    const rows = await myExpensePage(
      this.deps.db,
      callerId,
      limit + 1,
      cursor === null ? null : { createdAt: cursor[0], id: cursor[1] },
    );
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const nextCursor =
      rows.length > limit && last !== undefined ? encodeCursor([last.createdAt, last.id]) : null;
    const items = await loadExpenseViews(
      this.deps.db,
      page.map((r) => r.id),
    );
    return { items, nextCursor };
  }

  /** GET /groups/{id}/transactions: expenses and payments, newest date, createdAt, id first. */
  async groupTransactions(
    callerId: number,
    groupId: number,
    limit: number,
    before: string | null,
  ): Promise<Page<TransactionView>> {
    if (!isDbId(groupId)) throw new NotFoundError(GROUP_NOT_FOUND);
    const cursor = before === null ? null : decodeCursor(before, transactionCursorShape);
    const rows = await transactionPage(this.deps.db, groupId, callerId, limit + 1, cursor);
    if (rows === 'not-found') throw new NotFoundError(GROUP_NOT_FOUND);
    if (rows === 'not-member') throw new ForbiddenError(NOT_A_MEMBER);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const nextCursor =
      rows.length > limit && last !== undefined
        ? encodeCursor([last.date, last.createdAt, last.id, last.kind])
        : null;
    const items: TransactionView[] = page.map((r) =>
      r.kind === 'expense'
        ? { type: 'expense', expense: r.expense }
        : { type: 'payment', payment: r.payment },
    );
    return { items, nextCursor };
  }

  // -------------------------------------------------------------------------------------------
  // Writes (expense-create.ts, expense-edit.ts, expense-delete.ts)

  /** POST /expenses: two statements when it can, else a locking transaction. */
  async create(
    caller: Person,
    request: ExpenseRequest,
    idempotency: IdempotencyScope<ExpenseView> | null,
  ): Promise<WriteOutcome<ExpenseView>> {
    return createExpense(this.deps, this.services, caller, request, idempotency);
  }

  /** POST /expenses with a `recurrence`: the series and its occurrence 0 in one transaction. */
  async createRecurring(
    caller: Person,
    request: ExpenseRequest,
    idempotency: IdempotencyScope<ExpenseView> | null,
    link: LinkOccurrence,
  ): Promise<WriteOutcome<ExpenseView>> {
    return createRecurringExpense(this.deps, this.services, caller, request, idempotency, link);
  }

  /**
   * An occurrence of a series, created by the materializer inside its transaction (which holds
   * the series row) through the same checks and write as POST /expenses: ledger effects,
   * activity rows and the change feed. `data` is the series template with the occurrence's date.
   */
  async createOccurrence(
    tx: Db,
    creator: Person,
    data: unknown,
    link: OccurrenceLink,
  ): Promise<ExpenseView> {
    return createExpenseIn(tx, this.services, creator, data, link);
  }

  /**
   * An expense created inside the caller's transaction through the same checks and write as
   * POST /expenses (ledger effects, activity rows, change feed); used by imports.
   */
  async createIn(tx: Db, creator: Person, data: unknown): Promise<ExpenseView> {
    return createExpenseIn(tx, this.services, creator, data, null);
  }

  /** PUT /expenses/{id}; `guard`: its precondition and Idempotency-Key (ledger/edit-guard.ts). */
  async update(
    callerId: number,
    expenseId: number,
    request: ExpenseRequest,
    guard: EditGuard<ExpenseView> = NO_EDIT_GUARD,
  ): Promise<WriteOutcome<ExpenseView>> {
    return updateExpense(this.deps, this.services, callerId, expenseId, request, guard);
  }

  /**
   * PUT /expenses/{id}?scope=future: `edit` runs in one transaction with a helper that edits
   * one expense as PUT does (the receipt only on the first); the series code decides which.
   */
  async updateMany(
    request: ExpenseRequest,
    edit: (tx: Db, editOne: EditOne) => Promise<ExpenseView>,
    /** Its precondition is about the first expense edited (the one named in the path). */
    guard: EditGuard<ExpenseView> = NO_EDIT_GUARD,
  ): Promise<WriteOutcome<ExpenseView>> {
    return updateExpenses(this.deps, this.services, request, edit, guard);
  }

  /** DELETE /expenses/{id}: off the balances and hidden, restorable until purged. */
  async remove(callerId: number, expenseId: number): Promise<void> {
    await removeExpense(this.deps, callerId, expenseId);
  }

  /** POST /expenses/{id}/restore: a deleted expense back exactly as it was (expense-delete.ts). */
  async restore(callerId: number, expenseId: number): Promise<ExpenseView> {
    return restoreExpense(this.deps, callerId, expenseId);
  }
}
